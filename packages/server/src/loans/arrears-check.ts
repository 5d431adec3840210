import { type ArrearsCheckResult, type LoanStatus, loanTransitionEvent, sydneyDate } from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { Db } from '../platform/db/database';
import { updateArrearsStatuses } from './loans.repository';

export type ArrearsResult = ArrearsCheckResult;

/**
 * The arrears check (DOMAIN.md "Arrears"; POST api/loans/actions/arrearsCheck and the daily job):
 * one set-based statement over all active loans. A repayment not fully paid after its due date plus
 * the loan's grace days (Sydney dates) is In Arrears; one that is not overdue is Partially Paid or
 * Unpaid again (Paid once fully paid). A loan with a repayment in arrears is Active in arrears; an
 * Active in arrears loan with none is Active again. Returns what changed.
 */
export async function runArrearsCheck(database: Db, now: Date, audit: AuditContext): Promise<ArrearsResult> {
  const today = sydneyDate(now);
  return database.transaction().execute(async (trx) => {
    const rows = await updateArrearsStatuses(trx, today, now);
    const loans = rows.filter((r) => r.kind === 'loan').map((r) => ({ id: r.id, from: r.fromStatus, to: r.toStatus }));
    for (const change of loans) {
      // the statement mirrors the state machine; a move it does not name would be our bug
      if (!loanTransitionEvent(change.from as LoanStatus, change.to as LoanStatus)) {
        throw new Error(`arrears check move ${change.from} -> ${change.to} is not a transition`);
      }
    }
    const repayments = rows
      .filter((r) => r.kind === 'repayment')
      .map((r) => ({ id: r.id, loanId: r.loanId, from: r.fromStatus, to: r.toStatus }));
    await audit.record(trx, { objectType: 'arrearsCheck', objectId: today, after: { loans, repayments } });
    return { date: today, loans, repayments };
  });
}
