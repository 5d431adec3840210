import {
  activeLoanStatuses,
  addDays,
  assertLoanTransition,
  type Cents,
  centsFromString,
  isActiveLoanStatus,
  type LoanStatus,
  openRepaymentStatuses,
  type RepaymentOwed,
  type RepaymentStatus,
  sydneyDate,
  writtenOffRepaymentStatus,
} from '@lm/domain';
import type { Tx } from '../platform/db/database';
import * as repo from './repayments.repository';

/**
 * How a loan's repayment statuses and the loan's own status follow the receipts published against
 * it (DOMAIN.md "Receipt against a repayment" and "Arrears"; docs/domain.md):
 * - a repayment fully paid (principal and interest) is PAID; one settled by payments and a
 *   write-off together is PAID_PARTIAL_WRITTEN_OFF (what a write-off left owed was then paid);
 * - one not fully paid after its dueDate plus the loan's gracePeriodDays (Sydney dates) is IN_ARREARS;
 * - otherwise PARTIALLY_PAID when something was paid, UNPAID when nothing was;
 * - the loan is CLOSED when every repayment is settled (PAYOUT when it was paid out, WRITTEN_OFF when
 *   something of it was written off), ACTIVE_IN_ARREARS
 *   while a repayment is in arrears, and ACTIVE otherwise.
 */

/** Loan statuses a receipt may be published against (the active kind: spec core §4). */
export const receiptLoanStatuses: readonly string[] = activeLoanStatuses;

/** Repayment statuses that need nothing more (paid, or closed by payout, reschedule or write-off). */
const settledRepaymentStatuses: readonly RepaymentStatus[] = [
  'PAID',
  'PAYOUT',
  'CLOSED_PAYOUT',
  'RESCHEDULED',
  'PAID_PARTIAL_RESCHEDULED',
  'WRITTEN_OFF',
  'PAID_PARTIAL_WRITTEN_OFF',
];

export interface RepaymentAmounts {
  dueDate: string;
  principalDueCents: Cents;
  principalPaidCents: Cents;
  interestDueCents: Cents;
  interestPaidCents: Cents;
  /** What a write-off wrote off of it (0 when none). */
  principalWrittenOffCents?: Cents;
  interestWrittenOffCents?: Cents;
}

/**
 * What a repayment row still takes, as receipts pay it (DOMAIN.md "Receipt against a repayment"):
 * its due amounts less what was written off of them, and what was paid.
 */
export function repaymentOwed(r: {
  principalDue: string;
  principalPaid: string;
  principalWrittenOff: string;
  interestDue: string;
  interestPaid: string;
  interestWrittenOff: string;
}): RepaymentOwed {
  return {
    principalDueCents: centsFromString(r.principalDue) - centsFromString(r.principalWrittenOff),
    principalPaidCents: centsFromString(r.principalPaid),
    interestDueCents: centsFromString(r.interestDue) - centsFromString(r.interestWrittenOff),
    interestPaidCents: centsFromString(r.interestPaid),
  };
}

/** The first Sydney date on which an unpaid repayment is in arrears. */
export function arrearsFrom(dueDate: string, gracePeriodDays: number): string {
  return addDays(dueDate, gracePeriodDays + 1);
}

/** The status of an open repayment from what it has been paid, on the Sydney date `today`. */
export function openRepaymentStatus(r: RepaymentAmounts, gracePeriodDays: number, today: string): RepaymentStatus {
  const principalWrittenOff = r.principalWrittenOffCents ?? 0n;
  const interestWrittenOff = r.interestWrittenOffCents ?? 0n;
  const settled =
    r.principalPaidCents + principalWrittenOff >= r.principalDueCents &&
    r.interestPaidCents + interestWrittenOff >= r.interestDueCents;
  if (settled) {
    if (principalWrittenOff === 0n && interestWrittenOff === 0n) return 'PAID';
    return writtenOffRepaymentStatus(r);
  }
  if (today >= arrearsFrom(r.dueDate, gracePeriodDays)) return 'IN_ARREARS';
  return r.principalPaidCents > 0n || r.interestPaidCents > 0n ? 'PARTIALLY_PAID' : 'UNPAID';
}

/**
 * The status an active loan moves to from its repayments' statuses. A Deployed loan stays Deployed
 * while in good standing: it becomes Active on its disbursement date (the loans feature's move).
 */
export function loanStatusFromRepayments(current: LoanStatus, statuses: readonly RepaymentStatus[]): LoanStatus {
  if (statuses.length > 0 && statuses.every((s) => settledRepaymentStatuses.includes(s))) {
    if (statuses.includes('PAYOUT')) return 'PAYOUT';
    return statuses.some((s) => s === 'WRITTEN_OFF' || s === 'PAID_PARTIAL_WRITTEN_OFF') ? 'WRITTEN_OFF' : 'CLOSED';
  }
  if (statuses.includes('IN_ARREARS')) return 'ACTIVE_IN_ARREARS';
  return current === 'DEPLOYED' ? 'DEPLOYED' : 'ACTIVE';
}

/**
 * Recomputes the open repayments' statuses of a loan and then the loan's status, in the caller's
 * transaction (the loan row is already locked by it). Returns the loan's status before and after.
 */
export async function refreshLoanRepaymentStatus(
  trx: Tx,
  loanId: number,
  now: Date,
): Promise<{ before: LoanStatus; after: LoanStatus }> {
  const changes = await refreshLoansRepaymentStatus(trx, [loanId], now);
  return changes.get(loanId)!;
}

/** refreshLoanRepaymentStatus for many loans, in a few statements however many there are. */
export async function refreshLoansRepaymentStatus(
  trx: Tx,
  loanIds: readonly number[],
  now: Date,
): Promise<Map<number, { before: LoanStatus; after: LoanStatus }>> {
  const result = new Map<number, { before: LoanStatus; after: LoanStatus }>();
  if (loanIds.length === 0) return result;
  const ids = [...new Set(loanIds)];
  const loans = await repo.loansStatusAndGrace(trx, ids);
  if (loans.length !== ids.length) throw new Error('refreshLoansRepaymentStatus: a loan does not exist');
  const today = sydneyDate(now);
  const repayments = await repo.currentRepayments(trx, ids);
  const graceOf = new Map(loans.map((l) => [l.id, l.gracePeriodDays]));
  const statusesOf = new Map<number, RepaymentStatus[]>(ids.map((id) => [id, []]));
  const repaymentChanges: { id: number; status: RepaymentStatus }[] = [];
  for (const r of repayments) {
    let status = r.status as RepaymentStatus;
    if (openRepaymentStatuses.includes(status) || status === 'PAID') {
      status = openRepaymentStatus(
        {
          dueDate: r.dueDate,
          principalDueCents: centsFromString(r.principalDue),
          principalPaidCents: centsFromString(r.principalPaid),
          interestDueCents: centsFromString(r.interestDue),
          interestPaidCents: centsFromString(r.interestPaid),
          principalWrittenOffCents: centsFromString(r.principalWrittenOff),
          interestWrittenOffCents: centsFromString(r.interestWrittenOff),
        },
        graceOf.get(r.loanId)!,
        today,
      );
      if (status !== r.status) repaymentChanges.push({ id: r.id, status });
    }
    statusesOf.get(r.loanId)!.push(status);
  }
  await repo.setRepaymentStatuses(trx, repaymentChanges);
  const loanChanges: { id: number; status: LoanStatus }[] = [];
  for (const loan of loans) {
    const before = loan.status as LoanStatus;
    if (!isActiveLoanStatus(before)) {
      result.set(loan.id, { before, after: before });
      continue;
    }
    const after = loanStatusFromRepayments(before, statusesOf.get(loan.id)!);
    if (after !== before) {
      assertLoanTransition(before, after);
      loanChanges.push({ id: loan.id, status: after });
    }
    result.set(loan.id, { before, after });
  }
  await repo.setLoanStatuses(trx, loanChanges, now);
  return result;
}
