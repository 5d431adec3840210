import { type LoanStatus, loanTransitionEvent } from '@lm/domain';
import { systemAudit } from '../platform/audit/audit';
import type { Db, Tx } from '../platform/db/database';
import { updateScheduledStatuses } from './loans.repository';

/**
 * The moves time makes (docs/domain.md "Funding"): a released loan short of its amount is Pending
 * Release before its marketplace window, Funding inside it and Marketplace Funding Expired after it.
 * One set-based statement applies them. It runs in the daily job (at server start and at the start
 * of each Sydney day) and, for its own loan, inside every write that locks a loan (`lockLoan` with
 * the time). Reads never write: they compute the status time gives a loan in their SQL
 * (`effectiveStatusSql`), so what is listed is right between the day change and the job.
 *
 * Rows another transaction holds locked (an investment in progress) are skipped, not waited for:
 * that transaction applies the same rule to its own loan.
 */
export interface ScheduledMove {
  id: number;
  from: LoanStatus;
  to: LoanStatus;
}

/** Applies the due moves inside a transaction, to every loan or to `loanIds` only. */
export async function applyDueLoanMoves(trx: Tx, now: Date, loanIds?: readonly number[]): Promise<ScheduledMove[]> {
  const rows = await updateScheduledStatuses(trx, now, loanIds);
  const moves = rows.map((r) => ({ id: r.id, from: r.fromStatus as LoanStatus, to: r.toStatus as LoanStatus }));
  for (const move of moves) {
    // the statement mirrors the state machine; a move it does not name would be our bug
    if (!loanTransitionEvent(move.from, move.to))
      throw new Error(`scheduled move ${move.from} -> ${move.to} is not a transition`);
  }
  if (moves.length > 0) {
    await systemAudit('loan-schedule').record(trx, {
      objectType: 'loans',
      objectId: null,
      before: moves.map((m) => ({ id: m.id, status: m.from })),
      after: moves.map((m) => ({ id: m.id, status: m.to })),
    });
  }
  return moves;
}

/** The daily job's step: every due move, in one transaction. */
export async function applyScheduledLoanMoves(database: Db, now: Date): Promise<ScheduledMove[]> {
  return database.transaction().execute((trx) => applyDueLoanMoves(trx, now));
}
