import { type LoanStatus, loanTransitionEvent } from '@lm/domain';
import { sql } from 'kysely';
import { systemAudit } from '../platform/audit/audit';
import type { Db } from '../platform/db/database';

/**
 * The moves time makes (docs/domain.md "Funding"): a released loan short of its amount is Pending
 * Release before its marketplace window, Funding inside it and Marketplace Funding Expired after it.
 * One set-based statement applies them; it
 * runs before every loan and marketplace read (so what is listed is always right) and in the daily
 * job. The CASE below is the SQL twin of the domain's `fundingPhaseStatus`, and a test keeps them equal.
 *
 * Rows another transaction holds locked (an investment in progress) are skipped, not waited for:
 * that transaction applies the same rule to its own loan.
 */
export interface ScheduledMove {
  id: number;
  from: LoanStatus;
  to: LoanStatus;
}

export async function applyScheduledLoanMoves(database: Db, now: Date): Promise<ScheduledMove[]> {
  return database.transaction().execute(async (db) => {
    const next = sql`case
      when l.funded_amount >= l.amount then 'FULLY_FUNDED'
      when l.marketplace_expiry_date is not null and ${now}::timestamptz > l.marketplace_expiry_date then 'MARKETPLACE_FUNDING_EXPIRED'
      when l.marketplace_start_date is null or ${now}::timestamptz < l.marketplace_start_date then 'PENDING_RELEASE'
      else 'FUNDING' end`;
    const result = await sql<{ id: number; fromStatus: string; toStatus: string }>`
    with candidates as (
      select l.id, l.status as from_status, ${next} as to_status
      from loans l
      where l.status in ('PENDING_RELEASE', 'FUNDING', 'MARKETPLACE_FUNDING_EXPIRED')
        and l.setup_status = 'DONE'
        and l.status <> ${next}
      order by l.id
      for update skip locked
    )
    update loans l set status = c.to_status, updated_at = ${now}
    from candidates c
    where l.id = c.id
    returning l.id, c.from_status, c.to_status`.execute(db);
    const moves = result.rows.map((r) => ({
      id: r.id,
      from: r.fromStatus as LoanStatus,
      to: r.toStatus as LoanStatus,
    }));
    for (const move of moves) {
      // the statement mirrors the state machine; a move it does not name would be our bug
      if (!loanTransitionEvent(move.from, move.to))
        throw new Error(`scheduled move ${move.from} -> ${move.to} is not a transition`);
    }
    if (moves.length > 0) {
      await systemAudit('loan-schedule').record(db, {
        objectType: 'loans',
        objectId: null,
        before: moves.map((m) => ({ id: m.id, status: m.from })),
        after: moves.map((m) => ({ id: m.id, status: m.to })),
      });
    }
    return moves;
  });
}
