import type Decimal from 'decimal.js';
import { type Cents, centsFromNumber, Decimal as D } from '../money';
import { Role } from '../roles';
import type { LoanStatus, MarketplaceStatus } from './loan-enums';
import { wholeDollarInvestMinimum } from './loan-limits';
import { loanMessages } from './loan-messages';

// ---------------------------------------------------------------------------------------------
// Marketplace visibility and funding

export interface MarketplaceLoan {
  status: LoanStatus;
  marketplaceStatus: MarketplaceStatus;
  marketplaceStartDate: Date | null;
  marketplaceExpiryDate: Date | null;
  amountCents: Cents;
  fundedAmountCents: Cents;
}

/**
 * Shown on the marketplace: Funding, not Hidden, now within the marketplace window, and not fully
 * funded (spec core §4). Locked loans are shown but cannot be invested in.
 */
export function isOnMarketplace(loan: MarketplaceLoan, now: Date): boolean {
  return (
    loan.status === 'FUNDING' &&
    loan.marketplaceStatus !== 'HIDDEN' &&
    loan.marketplaceStartDate !== null &&
    loan.marketplaceStartDate.getTime() <= now.getTime() &&
    (loan.marketplaceExpiryDate === null || now.getTime() <= loan.marketplaceExpiryDate.getTime()) &&
    loan.fundedAmountCents < loan.amountCents
  );
}

/** A loan not yet past its funding: refusals there are about the marketplace or the amount. */
const fundingOrBeforeStatuses: readonly LoanStatus[] = [
  'SETUP',
  'PENDING_RELEASE',
  'MARKETPLACE_FUNDING_EXPIRED',
  'FUNDING',
  'FULLY_FUNDED',
];

/** Why an investor cannot invest in this loan from the marketplace now, or null. */
export function marketplaceInvestRefusal(loan: MarketplaceLoan, now: Date): string | null {
  // past its funding (deployed, active, closed, written off...): not a matter of the amount
  if (!fundingOrBeforeStatuses.includes(loan.status)) return loanMessages.notOpenForInvestment;
  if (loan.fundedAmountCents >= loan.amountCents) return loanMessages.amountAboveRemaining;
  if (!isOnMarketplace(loan, now)) return loanMessages.notOnMarketplace;
  if (loan.marketplaceStatus === 'LOCKED') return loanMessages.loanLocked;
  return null;
}

/** Statuses in which management may invest for an account (chosen rate, 1%, auto invest). */
export const managementInvestStatuses: readonly LoanStatus[] = [
  'PENDING_RELEASE',
  'FUNDING',
  'MARKETPLACE_FUNDING_EXPIRED',
];

/**
 * Funded over amount as a percentage to 2 places, capped at 99.99 when it would only round up
 * to 100 (spec core §3).
 */
export function fundedProgress(fundedCents: Cents, amountCents: Cents): number {
  if (amountCents <= 0n) return 0;
  if (fundedCents >= amountCents) return 100;
  const pct = new D(fundedCents.toString())
    .times(100)
    .dividedBy(amountCents.toString())
    .toDecimalPlaces(2, D.ROUND_HALF_UP);
  return pct.greaterThanOrEqualTo(100) ? 99.99 : pct.toNumber();
}

export function fundingRemainingCents(loan: { amountCents: Cents; fundedAmountCents: Cents }): Cents {
  const left = loan.amountCents - loan.fundedAmountCents;
  return left > 0n ? left : 0n;
}

/** 1% of the loan amount rounded up to the cent (spec core §5 Invest 1%). */
export function houseMinimumCents(amountCents: Cents): Cents {
  return (amountCents + 99n) / 100n;
}

/** Invest 1%: 1% of the amount rounded up to the cent, less what the house account already holds unsold. */
export function investOnePercentCents(amountCents: Cents, houseUnsoldCents: Cents): Cents {
  const left = houseMinimumCents(amountCents) - houseUnsoldCents;
  return left > 0n ? left : 0n;
}

// ---------------------------------------------------------------------------------------------
// Invest amount rules (spec core §5)

/**
 * The two investor kinds of core §5: the main kind invests any amount above $0; the other kind
 * invests whole dollars, at least $100. Our roles map INVESTOR to the main kind; the second
 * investor role (INVESTOR_READ_ONLY) changes nothing, so only the web form meets the second rule.
 */
export type InvestorKind = 'MAIN' | 'WHOLE_DOLLAR';

/** The investor kind of a role: INVESTOR is the main kind; the second investor role is the other. */
export function investorKindOf(role: Role): InvestorKind {
  return role === Role.INVESTOR_READ_ONLY ? 'WHOLE_DOLLAR' : 'MAIN';
}

export interface InvestAmountInput {
  /** The amount as typed (dollars); null or NaN when empty. */
  amount: number | null;
  accountSelected: boolean;
  remainingCents: Cents;
  availableCents: Cents;
  kind: InvestorKind;
}

/** The amount the investor actually invests: cents as typed, or whole dollars for the second kind. */
export function normaliseInvestAmount(amount: number, kind: InvestorKind): Cents {
  const cents = centsFromNumber(amount, true);
  return kind === 'WHOLE_DOLLAR' ? (cents / 100n) * 100n : cents;
}

/** Why this invest amount is refused, or null. */
export function investAmountRefusal(input: InvestAmountInput): string | null {
  if (!input.accountSelected || input.amount === null || !Number.isFinite(input.amount)) {
    return loanMessages.selectAccountAndAmount;
  }
  if (input.amount <= 0) {
    return input.kind === 'WHOLE_DOLLAR'
      ? loanMessages.investAmountGreaterThanHundred
      : loanMessages.investAmountGreaterThanZero;
  }
  const cents = normaliseInvestAmount(input.amount, input.kind);
  if (input.kind === 'WHOLE_DOLLAR' && cents < BigInt(wholeDollarInvestMinimum) * 100n) {
    return loanMessages.investAmountGreaterThanHundred;
  }
  if (cents <= 0n) return loanMessages.investAmountGreaterThanZero;
  if (cents > input.remainingCents) return loanMessages.amountAboveRemaining;
  if (cents > input.availableCents) return loanMessages.amountAboveBalance;
  return null;
}

/** Administrator invest: the rate must be above 0 and at most the loan's maximum rate. */
export function investRateRefusal(rate: Decimal.Value, maximumRate: Decimal.Value): string | null {
  const r = new D(rate);
  if (r.lessThanOrEqualTo(0)) return loanMessages.investRateZero;
  if (r.greaterThan(maximumRate)) return loanMessages.investRateAboveMaximum(maximumRate);
  return null;
}

/** The rate of an administrator investment: the account's mandate rate where it has one, else the chosen rate. */
export function administratorInvestRate(
  chosenRate: Decimal.Value | null,
  accountMandateRate: Decimal.Value | null,
): Decimal | null {
  if (accountMandateRate !== null) return new D(accountMandateRate);
  return chosenRate === null ? null : new D(chosenRate);
}

/** Marketplace rate against the maximum (base) rate, for create and edit. */
export function marketplaceRateRefusal(marketplaceRate: Decimal.Value, baseRate: Decimal.Value): string | null {
  const r = new D(marketplaceRate);
  if (r.lessThanOrEqualTo(0)) return loanMessages.marketplaceRateNotPositive;
  if (r.greaterThan(baseRate)) return loanMessages.marketplaceRateAboveMaximum(baseRate);
  return null;
}

/** A mandate option may be active only if its rate is greater than the loan's maximum rate. */
export function mandateOptionsRefusal(
  options: readonly { mandateRate: Decimal.Value; isActive: boolean }[],
  baseRate: Decimal.Value,
): string | null {
  return options.some((o) => o.isActive && !new D(o.mandateRate).greaterThan(baseRate))
    ? loanMessages.mandateOptionsInvalid
    : null;
}

/** Accounts offered as mandate options: those whose mandate rate exceeds the loan's base rate. */
export function isMandateOption(accountMandateRate: Decimal.Value | null, baseRate: Decimal.Value): boolean {
  return accountMandateRate !== null && new D(accountMandateRate).greaterThan(baseRate);
}

/** Write off: each amount at most what remains (both rounded to cents); zero in both is allowed. */
export function writeOffRefusal(
  amounts: { principalCents: Cents; interestCents: Cents },
  remaining: { principalCents: Cents; interestCents: Cents },
): string | null {
  if (amounts.principalCents < 0n || amounts.interestCents < 0n) return loanMessages.amountNotPositive;
  if (amounts.principalCents > remaining.principalCents) {
    return loanMessages.writeOffPrincipalTooLarge(remaining.principalCents);
  }
  if (amounts.interestCents > remaining.interestCents) {
    return loanMessages.writeOffInterestTooLarge(remaining.interestCents);
  }
  return null;
}

/** What one repayment still owes, and what of it has been written off. */
export interface RepaymentOwing {
  principalDueCents: Cents;
  principalPaidCents: Cents;
  principalWrittenOffCents: Cents;
  interestDueCents: Cents;
  interestPaidCents: Cents;
  interestWrittenOffCents: Cents;
}

export const principalOwing = (r: RepaymentOwing): Cents =>
  r.principalDueCents - r.principalPaidCents - r.principalWrittenOffCents;
export const interestOwing = (r: RepaymentOwing): Cents =>
  r.interestDueCents - r.interestPaidCents - r.interestWrittenOffCents;

/**
 * A write-off writes off exactly the amounts entered (docs/domain.md "Write-off"): the principal
 * against the principal still owed and the interest against the interest still owed, each from the
 * oldest open repayment on, as a receipt would pay them. Returns, per repayment in the order given,
 * what is written off of it now and whether it is then settled (nothing of it owed); what is not
 * written off stays owed. Refuses (RangeError) an amount above what is owed: writeOffRefusal first.
 */
export function allocateWriteOff(
  amounts: { principalCents: Cents; interestCents: Cents },
  open: readonly RepaymentOwing[],
): { principalCents: Cents; interestCents: Cents; settled: boolean }[] {
  let principalLeft = amounts.principalCents;
  let interestLeft = amounts.interestCents;
  const pieces = open.map((r) => {
    const principalOwed = principalOwing(r);
    const interestOwed = interestOwing(r);
    const principalCents = principalLeft < principalOwed ? principalLeft : principalOwed;
    const interestCents = interestLeft < interestOwed ? interestLeft : interestOwed;
    principalLeft -= principalCents;
    interestLeft -= interestCents;
    return {
      principalCents,
      interestCents,
      settled: principalCents === principalOwed && interestCents === interestOwed,
    };
  });
  if (principalLeft > 0n || interestLeft > 0n) throw new RangeError('a write-off above what is owed');
  return pieces;
}

/**
 * The status of a repayment a write-off settled: Paid Partial Written Off when something of it was
 * paid, Written Off otherwise.
 */
export function writtenOffRepaymentStatus(r: { principalPaidCents: Cents; interestPaidCents: Cents }) {
  return r.principalPaidCents > 0n || r.interestPaidCents > 0n
    ? ('PAID_PARTIAL_WRITTEN_OFF' as const)
    : ('WRITTEN_OFF' as const);
}

/**
 * The receipt id of a loan's payout receipt (DOMAIN.md "Payout"). Publishing a receipt with this id
 * pays the payout repayment due on `payoutDate` itself, whatever earlier repayment is still owed
 * (those are paid on their own), so the completed payout is exactly its preview.
 */
export const payoutReceiptId = (loanId: number, payoutDate: string) => `PAYOUT-${loanId}-${payoutDate}`;
