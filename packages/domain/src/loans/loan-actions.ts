import { sydneyDate } from '../clock';
import { type Cents, centsFromNumber } from '../money';
import { type InterestType, isClosedLoanStatus, type LoanStatus } from './loan-enums';
import { houseMinimumCents } from './loan-funding';
import { payoutCompletionDaysMax, payoutCutoffDate } from './loan-limits';
import { loanMessages } from './loan-messages';

// ---------------------------------------------------------------------------------------------
// Loan action availability (spec core §4), with the §8 reasons

export interface LoanForActions {
  status: LoanStatus;
  interestType: InterestType;
  /** When the loan reached its amount (null while funding). */
  fundedDate: Date | null;
  amountCents: Cents;
  fundedAmountCents: Cents;
  principalRemainingCents: Cents;
  /** Interest still owed (not paid, not written off) on the live repayments. */
  interestRemainingCents: Cents;
  /** A payout has been created for the loan (its payout repayment exists). */
  payoutCreated: boolean;
  repaymentCount: number;
  /** What the house account holds unsold (not reversed) in the loan. */
  houseUnsoldCents: Cents;
  /** Investments (not reversed) by accounts other than the house account. */
  otherInvestmentCount: number;
}

export interface Availability {
  enabled: boolean;
  reason: string | null;
}

const enabled: Availability = { enabled: true, reason: null };
const disabled = (reason: string): Availability => ({ enabled: false, reason });

export const isFullyFunded = (loan: { amountCents: Cents; fundedAmountCents: Cents }) =>
  loan.fundedAmountCents >= loan.amountCents;

export function payoutAvailability(loan: LoanForActions): Availability {
  if (loan.repaymentCount === 0) return disabled(loanMessages.noRepayments);
  if (loan.interestType !== 'IN_ARREARS') return disabled(loanMessages.notInArrearsInterest);
  if (isClosedLoanStatus(loan.status)) return disabled(loanMessages.loanClosed);
  if (loan.payoutCreated) return disabled(loanMessages.payoutAlreadyCreated);
  if (loan.fundedDate && sydneyDate(loan.fundedDate) <= payoutCutoffDate)
    return disabled(loanMessages.fundedBeforeCutoff);
  if (!isFullyFunded(loan)) return disabled(loanMessages.notFullyFunded);
  if (loan.status === 'WRITTEN_OFF') return disabled(loanMessages.alreadyWrittenOff);
  if (loan.principalRemainingCents <= 0n) return disabled(loanMessages.fullyPaidOff);
  return enabled;
}

/**
 * Write-off (core §4): not closed, fully funded, something still owed. A partial write-off leaves
 * the rest owed, so a loan whose principal is all written off but whose interest is still owed can
 * have that interest written off too (docs/domain.md "Write-off").
 */
export function writeOffAvailability(loan: LoanForActions): Availability {
  if (isClosedLoanStatus(loan.status)) return disabled(loanMessages.loanClosed);
  if (!isFullyFunded(loan)) return disabled(loanMessages.notFullyFunded);
  if (loan.status === 'WRITTEN_OFF') return disabled(loanMessages.alreadyWrittenOff);
  if (loan.principalRemainingCents <= 0n && loan.interestRemainingCents <= 0n)
    return disabled(loanMessages.fullyPaidOff);
  return enabled;
}

export function deleteAvailability(loan: LoanForActions): Availability {
  if (loan.status !== 'SETUP' && loan.status !== 'FUNDING') return disabled(loanMessages.notSetupOrFunding);
  if (loan.otherInvestmentCount > 0) return disabled(loanMessages.hasInvestments);
  return enabled;
}

/**
 * Invest 1% is disabled once the loan is fully funded or the house holds at least 1% unsold. The
 * reason says how the house holds it: exactly the 1% (what Invest 1% creates) is '1% investment
 * already exists'; any other holding of at least 1% (a management investment of the house account)
 * is 'the house account is already invested in this loan'.
 */
export function investOnePercentAvailability(loan: LoanForActions): Availability {
  if (isFullyFunded(loan)) return disabled(loanMessages.fullyFunded);
  const minimum = houseMinimumCents(loan.amountCents);
  if (loan.houseUnsoldCents === minimum) return disabled(loanMessages.onePercentExists);
  if (loan.houseUnsoldCents > minimum) return disabled(loanMessages.houseAlreadyInvested);
  return enabled;
}

/** The administrator's warning banner: the house has not made its 1% investment. */
export function houseOnePercentMissing(loan: LoanForActions): boolean {
  return loan.houseUnsoldCents < houseMinimumCents(loan.amountCents);
}

/** A loan as GET api/loans answers it (amounts as JSON numbers), as the action rules read it. */
export interface LoanActionsRow {
  status: string;
  interestType: string;
  fundedDate: string | null;
  amount: number;
  fundedAmount: number;
  principalRemaining: number;
  interestRemaining: number;
  /** The due date of the loan's payout repayment, null when no payout was created. */
  payoutDate: string | null;
  repaymentCount: number;
  houseInvestedAmount: number;
  otherInvestmentCount: number;
}

export function loanForActions(row: LoanActionsRow): LoanForActions {
  return {
    status: row.status as LoanStatus,
    interestType: row.interestType as InterestType,
    fundedDate: row.fundedDate ? new Date(row.fundedDate) : null,
    amountCents: centsFromNumber(row.amount, true),
    fundedAmountCents: centsFromNumber(row.fundedAmount, true),
    principalRemainingCents: centsFromNumber(row.principalRemaining, true),
    interestRemainingCents: centsFromNumber(row.interestRemaining, true),
    payoutCreated: row.payoutDate !== null,
    repaymentCount: row.repaymentCount,
    houseUnsoldCents: centsFromNumber(row.houseInvestedAmount, true),
    otherInvestmentCount: row.otherInvestmentCount,
  };
}

/** Every loan action's availability and §8 reason; the web enables its buttons with it, the server refuses with it. */
export function loanActions(loan: LoanForActions) {
  return {
    payout: payoutAvailability(loan),
    writeOff: writeOffAvailability(loan),
    delete: deleteAvailability(loan),
    investOnePercent: investOnePercentAvailability(loan),
  };
}

/** Reverse is allowed only while the investment is not finalised (spec core §4). */
export function reverseInvestmentRefusal(investment: {
  finalisedDate: Date | null;
  reversedDate: Date | null;
}): string | null {
  if (investment.reversedDate) return loanMessages.investmentAlreadyReversed;
  if (investment.finalisedDate) return loanMessages.investmentFinalised;
  return null;
}

/** A payout for date d can be completed only if d is at most 31 days after today (Sydney dates). */
export function payoutCompletable(payoutDate: string, today: string): boolean {
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + payoutCompletionDaysMax);
  return payoutDate <= last.toISOString().slice(0, 10);
}
