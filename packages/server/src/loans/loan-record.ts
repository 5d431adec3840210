import {
  assertLoanTransition,
  type Cents,
  centsFromString,
  centsToString,
  fundingPhaseStatus,
  type InterestType,
  type LoanEvent,
  type LoanForActions,
  type LoanStatus,
  loanMessages,
  type MarketplaceStatus,
  notFound,
  type SetupStatus,
  type TermPeriodUnit,
} from '@lm/domain';
import { voidMoney } from '../ledger';
import type { Executor, Tx } from '../platform/db/database';
import { applyDueLoanMoves } from './loan-schedule';
import {
  type LoanRow,
  markInvestmentReversed,
  selectHoldingFigures,
  selectLedgerEntryOfTransaction,
  selectLoan,
  selectLoanForUpdate,
  selectRepaymentFigures,
  updateLoan,
} from './loans.repository';

/**
 * The loan row as services use it, and the bookkeeping every loan use case shares: locking the
 * row, moving its status only through the domain's state machine, the figures the action rules
 * read, and recording or releasing funding. Investing (investments/) builds on these.
 */

export interface LoanRecord {
  id: number;
  name: string;
  thirdPartyId: string | null;
  clientId: number;
  amountCents: Cents;
  fundedAmountCents: Cents;
  baseInterestRate: string;
  marketplaceRate: string;
  status: LoanStatus;
  marketplaceStatus: MarketplaceStatus;
  setupStatus: SetupStatus;
  marketplaceStartDate: Date | null;
  marketplaceExpiryDate: Date | null;
  disbursementDate: string | null;
  startDate: string | null;
  fundedDate: Date | null;
  gracePeriodDays: number;
  interestType: InterestType;
  interestCalculationMethod: string;
  term: number;
  termPeriod: number;
  termPeriodUnit: TermPeriodUnit;
  fundingLedgerAccountId: number;
  collectionsLedgerAccountId: number;
}

export function toLoanRecord(row: LoanRow): LoanRecord {
  return {
    id: row.id,
    name: row.name,
    thirdPartyId: row.thirdPartyId,
    clientId: row.clientId,
    amountCents: centsFromString(row.amount),
    fundedAmountCents: centsFromString(row.fundedAmount),
    baseInterestRate: row.baseInterestRate,
    marketplaceRate: row.marketplaceRate,
    status: row.status as LoanStatus,
    marketplaceStatus: row.marketplaceStatus as MarketplaceStatus,
    setupStatus: row.setupStatus as SetupStatus,
    marketplaceStartDate: row.marketplaceStartDate,
    marketplaceExpiryDate: row.marketplaceExpiryDate,
    disbursementDate: row.disbursementDate,
    startDate: row.startDate,
    fundedDate: row.fundedDate,
    gracePeriodDays: row.gracePeriodDays,
    interestType: row.interestType as InterestType,
    interestCalculationMethod: row.interestCalculationMethod,
    term: row.term,
    termPeriod: row.termPeriod,
    termPeriodUnit: row.termPeriodUnit as TermPeriodUnit,
    fundingLedgerAccountId: row.fundingLedgerAccountId,
    collectionsLedgerAccountId: row.collectionsLedgerAccountId,
  };
}

/** A loan that exists and is not deleted, or 404. */
export async function findLoan(db: Executor, id: number): Promise<LoanRecord> {
  const row = await selectLoan(db, id);
  if (!row || row.status === 'DELETED') throw notFound(loanMessages.loanNotFound);
  return toLoanRecord(row);
}

/**
 * Locks the loan row for the rest of the transaction (SELECT ... FOR UPDATE): every change of a
 * loan's funding or status takes this lock first, so concurrent investors queue on it and the
 * funded amount is checked and raised as one step. On the embedded database transactions never
 * interleave, so the lock is already implied there. Given `now`, the due moves of time (marketplace
 * window opened or closed) are applied to the loan first.
 */
export async function lockLoan(trx: Tx, id: number, now?: Date): Promise<LoanRecord> {
  // with the time, the moves time has made to this loan are applied first (a write never acts on a stale status)
  if (now) await applyDueLoanMoves(trx, now, [id]);
  const row = await selectLoanForUpdate(trx, id);
  if (!row || row.status === 'DELETED') throw notFound(loanMessages.loanNotFound);
  return toLoanRecord(row);
}

/** Moves the loan's status through the state machine (a refused move is a programming error, not a user's). */
export async function moveLoan(
  trx: Tx,
  loan: LoanRecord,
  to: LoanStatus,
  now: Date,
  event?: LoanEvent,
  extra: { fundedDate?: Date | null; disbursementDate?: string | null; startDate?: string | null } = {},
): Promise<LoanRecord> {
  assertLoanTransition(loan.status, to, event);
  if (loan.status === to && Object.keys(extra).length === 0) return loan;
  await updateLoan(trx, loan.id, { status: to, updatedAt: now, ...extra });
  return { ...loan, status: to, ...extra } as LoanRecord;
}

/** The figures the action availability rules read (spec core §4). */
export async function loanFigures(db: Executor, loan: LoanRecord): Promise<LoanForActions> {
  const repayments = await selectRepaymentFigures(db, loan.id);
  const holdings = await selectHoldingFigures(db, loan.id);
  return {
    status: loan.status,
    interestType: loan.interestType,
    fundedDate: loan.fundedDate,
    amountCents: loan.amountCents,
    fundedAmountCents: loan.fundedAmountCents,
    principalRemainingCents: centsFromString(repayments.principalRemaining),
    interestRemainingCents: centsFromString(repayments.interestRemaining),
    payoutCreated: repayments.payoutCreated,
    repaymentCount: repayments.repaymentCount,
    houseUnsoldCents: centsFromString(holdings.houseUnsold),
    otherInvestmentCount: holdings.otherCount,
  };
}

/**
 * Raises the funded amount by an investment (the loan row is locked by the caller) and moves the
 * loan to Fully Funded when it reaches the amount. The check constraint loans_funded_within_amount
 * is the last line of defence against a caller that skipped the remaining-value rule.
 */
export async function recordFunding(trx: Tx, loan: LoanRecord, amountCents: Cents, now: Date): Promise<LoanRecord> {
  const funded = loan.fundedAmountCents + amountCents;
  await updateLoan(trx, loan.id, { fundedAmount: centsToString(funded), updatedAt: now });
  const updated = { ...loan, fundedAmountCents: funded };
  if (funded === loan.amountCents) return moveLoan(trx, updated, 'FULLY_FUNDED', now, 'FUNDED', { fundedDate: now });
  return updated;
}

/**
 * Releases a pending investment (reverse, or the house investment of a deleted loan): its ledger
 * entry is voided (rows CANCELLED, the reservation released), the investment is marked reversed and
 * the loan's funded amount drops; a Fully Funded loan goes back where its marketplace window puts it.
 */
export async function releaseInvestment(
  trx: Tx,
  loan: LoanRecord,
  investment: { id: number; investedAmountCents: Cents; accountTransactionId: number | null },
  now: Date,
): Promise<LoanRecord> {
  if (investment.accountTransactionId !== null) {
    const row = await selectLedgerEntryOfTransaction(trx, investment.accountTransactionId);
    if (row.ledgerEntryId !== null) await voidMoney(trx, row.ledgerEntryId, now);
  }
  await markInvestmentReversed(trx, investment.id, now);
  const funded = loan.fundedAmountCents - investment.investedAmountCents;
  await updateLoan(trx, loan.id, { fundedAmount: centsToString(funded), updatedAt: now });
  const updated: LoanRecord = { ...loan, fundedAmountCents: funded };
  if (loan.status !== 'FULLY_FUNDED') return updated;
  const to = fundingPhaseStatus(updated, now);
  return moveLoan(trx, updated, to, now, 'INVESTMENT_REVERSED', { fundedDate: null });
}
