import {
  centsToString as centsText,
  houseAccountId,
  liveRepaymentStatuses,
  openRepaymentStatuses,
  type RepaymentStatus,
} from '@lm/domain';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor, Tx } from '../platform/db/database';
import type { LoanDetails, Loans, MandateTopups, Repayments } from '../platform/db/db-types';
import { updateByIds } from '../platform/db/update-by-ids';

/**
 * The loans feature's SQL (docs/decisions/006-one-contract.md): the loan row, its details,
 * repayments and mandate options, the holdings the action rules read, and the two set-based
 * statements time and the arrears check run. A transaction handle is always the first argument.
 */

export function selectLoan(db: Executor, id: number) {
  return db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The loan row, locked for the rest of the transaction (SELECT ... FOR UPDATE). */
export function selectLoanForUpdate(trx: Tx, id: number) {
  return trx.selectFrom('loans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export type LoanRow = NonNullable<Awaited<ReturnType<typeof selectLoan>>>;

export async function insertLoan(trx: Tx, values: Insertable<Loans>): Promise<number> {
  const row = await trx.insertInto('loans').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLoan(trx: Tx, id: number, values: Updateable<Loans>): Promise<void> {
  await trx.updateTable('loans').set(values).where('id', '=', id).execute();
}

export async function insertLoanDetails(trx: Tx, values: Insertable<LoanDetails>): Promise<void> {
  await trx.insertInto('loanDetails').values(values).execute();
}

export function selectLoanDetails(trx: Tx, loanId: number) {
  return trx.selectFrom('loanDetails').selectAll().where('loanId', '=', loanId).executeTakeFirst();
}

export async function upsertLoanDetails(trx: Tx, values: Insertable<LoanDetails>): Promise<void> {
  const { loanId: _loanId, ...changes } = values;
  await trx
    .insertInto('loanDetails')
    .values(values)
    .onConflict((oc) => oc.column('loanId').doUpdateSet(changes))
    .execute();
}

export async function insertRepayments(trx: Tx, rows: Insertable<Repayments>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('repayments').values(rows).execute();
}

export async function insertRepayment(trx: Tx, row: Insertable<Repayments>): Promise<number> {
  const created = await trx.insertInto('repayments').values(row).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

export async function insertMandateTopups(trx: Tx, rows: Insertable<MandateTopups>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('mandateTopups').values(rows).execute();
}

/** The ids among `ids` that are investment accounts. */
export async function existingInvestmentAccountIds(trx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('investmentAccounts').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Accounts with a mandate rate above `baseRate`, offered as a new loan's mandate options. */
export function selectMandateAccountsAbove(db: Executor, baseRate: string, limit: number) {
  return db
    .selectFrom('investmentAccounts')
    .select(['id', 'name', 'mandateRate', 'mandateMaxExposure', 'mandateMaxTerm', 'mandateMaxTermUnit'])
    .where('mandateRate', 'is not', null)
    .where(sql<boolean>`mandate_rate > ${baseRate}::numeric`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Count and remaining principal and interest of the loan's repayments (the action rules). */
export function selectRepaymentFigures(db: Executor, loanId: number) {
  return db
    .selectFrom('repayments')
    .select([
      sql<number>`count(*)::int`.as('repaymentCount'),
      sql<string>`coalesce(sum(principal_due - principal_paid - principal_written_off) filter (where status in (${sql.join(
        liveRepaymentStatuses,
      )})), 0)`.as('principalRemaining'),
      sql<string>`coalesce(sum(interest_due - interest_paid - interest_written_off) filter (where status in (${sql.join(
        liveRepaymentStatuses,
      )})), 0)`.as('interestRemaining'),
      sql<boolean>`coalesce(bool_or(status = 'PAYOUT'), false)`.as('payoutCreated'),
    ])
    .where('loanId', '=', loanId)
    .where('isArchived', '=', false)
    .executeTakeFirstOrThrow();
}

/** What the house holds unsold in the loan, and how many live investments others have. */
export function selectHoldingFigures(db: Executor, loanId: number) {
  return db
    .selectFrom('investments')
    .select([
      sql<string>`coalesce(sum(invested_amount) filter (where investment_account_id = ${houseAccountId}), 0)`.as(
        'houseUnsold',
      ),
      sql<number>`(count(*) filter (where investment_account_id <> ${houseAccountId}))::int`.as('otherCount'),
    ])
    .where('loanId', '=', loanId)
    .where('reversedDate', 'is', null)
    .where('saleDate', 'is', null)
    .executeTakeFirstOrThrow();
}

/** The loan's investments not reversed (delete releases them). */
export function selectLiveInvestments(trx: Tx, loanId: number) {
  return trx
    .selectFrom('investments')
    .select(['id', 'investedAmount', 'investmentAccountTransactionId', 'finalisedDate'])
    .where('loanId', '=', loanId)
    .where('reversedDate', 'is', null)
    .orderBy('id')
    .execute();
}

/** The highest rate of a live investment made at a chosen (not mandate) rate. */
export async function selectHighestChosenRate(trx: Tx, loanId: number): Promise<string | null> {
  const row = await trx
    .selectFrom('investments')
    .select(sql<string | null>`max(investment_interest_rate)`.as('rate'))
    .where('loanId', '=', loanId)
    .where('reversedDate', 'is', null)
    .where('mandateRate', 'is', null)
    .executeTakeFirst();
  return row?.rate ?? null;
}

export function selectLedgerEntryOfTransaction(trx: Tx, accountTransactionId: number) {
  return trx
    .selectFrom('accountTransactions')
    .select('ledgerEntryId')
    .where('id', '=', accountTransactionId)
    .executeTakeFirstOrThrow();
}

export async function markInvestmentReversed(trx: Tx, investmentId: number, now: Date): Promise<void> {
  await trx.updateTable('investments').set({ reversedDate: now }).where('id', '=', investmentId).execute();
}

/** The loan's repayments (not archived), due date ascending. */
export function selectRepaymentsOf(db: Executor, loanId: number) {
  return db
    .selectFrom('repayments')
    .select([
      'id',
      'dueDate',
      'status',
      'principalDue',
      'principalPaid',
      'principalWrittenOff',
      'interestDue',
      'interestPaid',
      'interestWrittenOff',
    ])
    .where('loanId', '=', loanId)
    .where('isArchived', '=', false)
    .orderBy('dueDate')
    .orderBy('id')
    .execute();
}

export async function setRepaymentStatus(trx: Tx, ids: number[], status: RepaymentStatus): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('repayments').set({ status }).where('id', 'in', ids).execute();
}

/** The loan's repayments still owed (Unpaid, Partially Paid, In Arrears), oldest first, locked (write-off). */
export function lockOwingRepayments(trx: Tx, loanId: number) {
  return trx
    .selectFrom('repayments')
    .select([
      'id',
      'status',
      'principalDue',
      'principalPaid',
      'principalWrittenOff',
      'interestDue',
      'interestPaid',
      'interestWrittenOff',
    ])
    .where('loanId', '=', loanId)
    .where('isArchived', '=', false)
    .where('status', 'in', [...openRepaymentStatuses])
    .orderBy('dueDate')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Adds what a write-off wrote off of each repayment, and sets its status (one statement). */
export async function addRepaymentsWrittenOff(
  trx: Tx,
  changes: readonly { id: number; principalCents: bigint; interestCents: bigint; status: string }[],
): Promise<void> {
  if (changes.length === 0) return;
  await updateByIds(
    'repayments',
    changes.map((c) => c.id),
    {
      principal: { type: 'numeric', values: changes.map((c) => centsText(c.principalCents)) },
      interest: { type: 'numeric', values: changes.map((c) => centsText(c.interestCents)) },
      status: { type: 'text', values: changes.map((c) => c.status) },
    },
    sql`principal_written_off = t.principal_written_off + v.principal,
      interest_written_off = t.interest_written_off + v.interest, status = v.status`,
  ).execute(trx);
}

/** The deployed, unsold holdings of a loan, locked (write-off). */
export function selectHoldersForUpdate(trx: Tx, loanId: number) {
  return trx
    .selectFrom('investments')
    .select(['id', 'investmentAccountId', 'investedAmount', 'principalRepaid', 'principalWrittenOff'])
    .where('loanId', '=', loanId)
    .where('finalisedDate', 'is not', null)
    .where('saleDate', 'is', null)
    .where('reversedDate', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function addInvestmentPrincipalWrittenOff(trx: Tx, investmentId: number, amount: string): Promise<void> {
  await trx
    .updateTable('investments')
    .set({ principalWrittenOff: sql`principal_written_off + ${amount}::numeric` })
    .where('id', '=', investmentId)
    .execute();
}

/** The informational WRITE_OFF row of a holder: amount 0, carrying the holder's loss. */
export async function insertWriteOffTransaction(
  trx: Tx,
  row: {
    investmentAccountId: number;
    principalAmount: string;
    interestAmount: string;
    comment: string;
    investorComment: string;
    now: Date;
    loanId: number;
    investmentId: number;
    createdBy: number | null;
  },
): Promise<number> {
  const created = await trx
    .insertInto('accountTransactions')
    .values({
      investmentAccountId: row.investmentAccountId,
      type: 'WRITE_OFF',
      status: 'PAID',
      amount: '0.00',
      grossAmount: '0.00',
      principalAmount: row.principalAmount,
      interestAmount: row.interestAmount,
      comment: row.comment,
      investorComment: row.investorComment,
      finalisedDate: row.now,
      createdDate: row.now,
      effectiveDate: row.now,
      loanId: row.loanId,
      investmentId: row.investmentId,
      createdBy: row.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** A trusted SQL literal of an instant (from a Date, never from a client). */
export function instantSql(now: Date): string {
  return `'${now.toISOString()}'::timestamptz`;
}

/**
 * The status a released loan in its funding phase has at the instant `nowSql` (the SQL twin of the
 * domain's `fundingPhaseStatus`; a test keeps them equal). `l` is the loans alias.
 */
export function scheduledStatusCase(nowSql: string): string {
  return `(case
      when l.funded_amount >= l.amount then 'FULLY_FUNDED'
      when l.marketplace_expiry_date is not null and ${nowSql} > l.marketplace_expiry_date then 'MARKETPLACE_FUNDING_EXPIRED'
      when l.marketplace_start_date is null or ${nowSql} < l.marketplace_start_date then 'PENDING_RELEASE'
      else 'FUNDING' end)`;
}

/** Statuses time moves a released loan between. */
export const scheduledStatuses = `('PENDING_RELEASE', 'FUNDING', 'MARKETPLACE_FUNDING_EXPIRED')`;

/**
 * The status a loan has now, whether or not the daily job has applied the moves time makes yet:
 * reads show it, so no read ever needs to write.
 */
export function effectiveStatusSql(now: Date): string {
  return `(case when l.setup_status = 'DONE' and l.status in ${scheduledStatuses}
    then ${scheduledStatusCase(instantSql(now))} else l.status end)`;
}

/**
 * Applies the moves time makes to every released loan in its funding phase (or to `loanIds` only),
 * skipping rows another transaction holds locked. Returns what moved.
 */
export async function updateScheduledStatuses(trx: Tx, now: Date, loanIds?: readonly number[]) {
  const next = sql.raw(scheduledStatusCase(instantSql(now)));
  const only =
    loanIds === undefined ? sql`true` : loanIds.length === 0 ? sql`false` : sql`l.id in (${sql.join([...loanIds])})`;
  const result = await sql<{ id: number; fromStatus: string; toStatus: string }>`
    with candidates as (
      select l.id, l.status as from_status, ${next} as to_status
      from loans l
      where l.status in ${sql.raw(scheduledStatuses)}
        and l.setup_status = 'DONE'
        and l.status <> ${next}
        and ${only}
      order by l.id
      for update skip locked
    )
    update loans l set status = c.to_status, updated_at = ${now}
    from candidates c
    where l.id = c.id
    returning l.id, c.from_status, c.to_status`.execute(trx);
  return result.rows;
}

/**
 * The arrears check as one statement (DOMAIN.md "Arrears"): repayments overdue past the loan's
 * grace days are In Arrears, others Unpaid, Partially Paid or Paid; loans follow. Returns what changed.
 */
export async function updateArrearsStatuses(trx: Tx, today: string, now: Date) {
  const result = await sql<{ kind: string; id: number; loanId: number; fromStatus: string; toStatus: string }>`
      with open_repayments as (
        select r.id, r.loan_id, r.status as from_status,
          case
            when r.principal_paid + r.principal_written_off >= r.principal_due
              and r.interest_paid + r.interest_written_off >= r.interest_due then
              case when r.principal_written_off = 0 and r.interest_written_off = 0 then 'PAID'
                when r.principal_paid > 0 or r.interest_paid > 0 then 'PAID_PARTIAL_WRITTEN_OFF'
                else 'WRITTEN_OFF' end
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
  return result.rows;
}

/** The loan transaction a receipt was published as (not a reversal), if it was. */
export function selectPublishedReceipt(db: Executor, receiptId: string) {
  return db
    .selectFrom('loanTransactions')
    .select(['id', 'finalisedDate', 'fractionalisedDate'])
    .where('receiptId', '=', receiptId)
    .where('reversesTransactionId', 'is', null)
    .executeTakeFirst();
}

/** The loan (not deleted, not `exceptLoanId`) whose thirdPartyId is `thirdPartyId`, if any. */
export function selectLoanWithThirdPartyId(db: Executor, thirdPartyId: string, exceptLoanId?: number) {
  let query = db
    .selectFrom('loans')
    .select(['id', 'name'])
    .where('thirdPartyId', '=', thirdPartyId)
    .where('status', '<>', 'DELETED');
  if (exceptLoanId !== undefined) query = query.where('id', '<>', exceptLoanId);
  return query.orderBy('id').executeTakeFirst();
}

/** A transaction-scoped advisory lock on a thirdPartyId (released at commit or rollback). */
export async function lockThirdPartyId(trx: Tx, thirdPartyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`loan-third-party-id:${thirdPartyId}`}, 0))`.execute(trx);
}
