import { type LoanStatus, loanTransitionEvent, sydneyDate } from '@lm/domain';
import { sql } from 'kysely';
import type { AuditContext } from '../platform/audit/audit';
import type { Db } from '../platform/db/database';

export interface ArrearsChange {
  id: number;
  from: string;
  to: string;
}

export interface ArrearsResult {
  /** The Sydney date the check ran for. */
  date: string;
  loans: ArrearsChange[];
  repayments: (ArrearsChange & { loanId: number })[];
}

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
    const result = await sql<{ kind: string; id: number; loanId: number; fromStatus: string; toStatus: string }>`
      with open_repayments as (
        select r.id, r.loan_id, r.status as from_status,
          case
            when r.principal_paid >= r.principal_due and r.interest_paid >= r.interest_due then 'PAID'
            when r.due_date + l.grace_period_days < ${today}::date then 'IN_ARREARS'
            when r.principal_paid > 0 or r.interest_paid > 0 then 'PARTIALLY_PAID'
            else 'UNPAID'
          end as to_status
        from repayments r
        join loans l on l.id = r.loan_id
        where l.status in ('DEPLOYED', 'ACTIVE', 'ACTIVE_IN_ARREARS')
          and r.status in ('UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS')
          and not r.is_archived
      ), loans_in_arrears as (
        select distinct o.loan_id from open_repayments o where o.to_status = 'IN_ARREARS'
      ), next_loans as (
        select l.id, l.status as from_status,
          case
            when a.loan_id is not null then 'ACTIVE_IN_ARREARS'
            when l.status = 'ACTIVE_IN_ARREARS' then 'ACTIVE'
            else l.status
          end as to_status
        from loans l
        left join loans_in_arrears a on a.loan_id = l.id
        where l.status in ('DEPLOYED', 'ACTIVE', 'ACTIVE_IN_ARREARS')
      ), changed_repayments as (
        update repayments r set status = o.to_status
        from open_repayments o
        where r.id = o.id and o.to_status <> o.from_status
        returning r.id, r.loan_id, o.from_status, o.to_status
      ), changed_loans as (
        update loans l set status = n.to_status, updated_at = ${now}
        from next_loans n
        where l.id = n.id and n.to_status <> n.from_status
        returning l.id, n.from_status, n.to_status
      )
      select 'repayment' as kind, id, loan_id, from_status, to_status from changed_repayments
      union all
      select 'loan' as kind, id, id as loan_id, from_status, to_status from changed_loans
      order by kind, id`.execute(trx);
    const loans = result.rows
      .filter((r) => r.kind === 'loan')
      .map((r) => ({ id: r.id, from: r.fromStatus, to: r.toStatus }));
    for (const change of loans) {
      // the statement mirrors the state machine; a move it does not name would be our bug
      if (!loanTransitionEvent(change.from as LoanStatus, change.to as LoanStatus)) {
        throw new Error(`arrears check move ${change.from} -> ${change.to} is not a transition`);
      }
    }
    const repayments = result.rows
      .filter((r) => r.kind === 'repayment')
      .map((r) => ({ id: r.id, loanId: r.loanId, from: r.fromStatus, to: r.toStatus }));
    await audit.record(trx, { objectType: 'arrearsCheck', objectId: today, after: { loans, repayments } });
    return { date: today, loans, repayments };
  });
}
