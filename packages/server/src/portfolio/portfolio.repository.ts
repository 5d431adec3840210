import { type BookShareChart, centsFromString, centsToNumber, type InvestmentSaleTransaction } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import { ownAccountsCondition } from '../platform/access/account-access';
import type { Actor } from '../platform/auth/tokens';
import type { Executor } from '../platform/db/database';
import { sydneyDay } from '../platform/db/sydney-sql';
import { heldRepaymentsFrom, principalOutstandingSql, shareSql } from './portfolio.resource';

/** SQL of the portfolio feature: whose accounts, summaries and the statistics' daily totals. */

export async function accountExists(db: Executor, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('investmentAccounts').select('id').where('id', '=', accountId).executeTakeFirst();
  return row !== undefined;
}

export async function investmentExists(db: Executor, investmentId: number): Promise<boolean> {
  const row = await db.selectFrom('investments').select('id').where('id', '=', investmentId).executeTakeFirst();
  return row !== undefined;
}

/** The accounts a statistics or summary request covers: one account, or every account of the caller. */
export type AccountScope = { accountId: number } | { actor: Actor };

function scopeCondition(column: string, scope: AccountScope): RawBuilder<unknown> {
  return 'accountId' in scope
    ? sql`${sql.raw(column)} = ${scope.accountId}`
    : ownAccountsCondition(column, scope.actor);
}

function dateRange(day: RawBuilder<unknown>, startDate?: string, endDate?: string): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (startDate) conditions.push(sql`${day} >= cast(${startDate} as date)`);
  if (endDate) conditions.push(sql`${day} <= cast(${endDate} as date)`);
  return sql.join(conditions, sql` and `);
}

export interface PortfolioSummaryRow {
  accountId: number;
  accountName: string;
  currentBalance: string;
  availableBalance: string;
  principalOutstanding: string;
  interestRepaid: string;
}

/**
 * Per account: cash (the ledger's current and available balance), principal outstanding on its
 * deployed, unsold investments, and interest repaid (REPAYMENT rows' interest, reversals
 * deducted) within the Sydney dates given.
 */
export async function portfolioSummaries(
  db: Executor,
  scope: AccountScope,
  startDate?: string,
  endDate?: string,
): Promise<PortfolioSummaryRow[]> {
  const result = await sql<PortfolioSummaryRow>`
    select a.id as account_id, a.name as account_name, la.current_balance,
      la.available_balance,
      coalesce((select sum(${sql.raw(principalOutstandingSql('i'))}) from investments i
        where i.investment_account_id = a.id and i.finalised_date is not null
          and i.sale_date is null and i.reversed_date is null), 0) as principal_outstanding,
      coalesce((select sum(case when t.reverses_transaction_id is null then t.interest_amount else -t.interest_amount end)
        from account_transactions t
        where t.investment_account_id = a.id and t.status = 'PAID'
          and t.type in ('REPAYMENT', 'REPAYMENT_REVERSAL')
          and ${dateRange(sydneyDay('t.finalised_date'), startDate, endDate)}), 0) as interest_repaid
    from investment_accounts a join ledger_accounts la on la.id = a.ledger_account_id
    where ${scopeCondition('a.id', scope)}
    order by a.id`.execute(db);
  return result.rows;
}

export interface DailyTotals {
  day: string;
  count: number;
  gross: string;
  principal: string;
  interest: string;
  tax: string;
}

/** The caller's finalised, unreversed account transactions, totalled per Sydney day. */
export async function transactionDailyTotals(
  db: Executor,
  scope: AccountScope,
  options: { type?: string | undefined; startDate?: string | undefined; endDate?: string | undefined },
): Promise<DailyTotals[]> {
  const day = sydneyDay('t.finalised_date');
  const result = await sql<DailyTotals>`
    select ${day} as day, count(*)::int as count, sum(t.gross_amount) as gross,
      sum(t.principal_amount) as principal, sum(t.interest_amount) as interest, sum(t.tax_withheld_amount) as tax
    from account_transactions t
    where ${scopeCondition('t.investment_account_id', scope)}
      and t.status = 'PAID' and t.reversal_transaction_id is null and t.reverses_transaction_id is null
      ${options.type ? sql`and t.type = ${options.type}` : sql``}
      and ${dateRange(day, options.startDate, options.endDate)}
    group by 1 order by 1`.execute(db);
  return result.rows;
}

export interface DueTotals {
  day: string;
  count: number;
  principal: string;
  interest: string;
}

/** Repayment statuses that will never be paid (closed by payout, reschedule or write-off): not "due". */
const notDueStatuses = ['CLOSED_PAYOUT', 'RESCHEDULED', 'WRITTEN_OFF'];

/** The caller's share of its loans' repayments, totalled per due date (deployed, unreversed investments). */
export async function repaymentDueTotals(
  db: Executor,
  scope: AccountScope,
  options: { startDate?: string | undefined; endDate?: string | undefined },
): Promise<DueTotals[]> {
  const result = await sql<DueTotals>`
    select rp.due_date as day, count(*)::int as count,
      sum(${sql.raw(shareSql.principalDue)}) as principal, sum(${sql.raw(shareSql.investorsInterestDue)}) as interest
    from ${sql.raw(heldRepaymentsFrom)}
    where ${scopeCondition('i.investment_account_id', scope)}
      and i.finalised_date is not null and i.reversed_date is null
      and rp.status not in (${sql.join(notDueStatuses)})
      and ${dateRange(sql.raw('rp.due_date'), options.startDate, options.endDate)}
    group by 1 order by 1`.execute(db);
  return result.rows;
}

export interface InvestmentTotals {
  key: string | null;
  count: number;
  invested: string;
  outstanding: string;
  rateTimesInvested: string;
}

const investmentKeys: Record<string, string> = {
  industryType: 'ld.industry_type',
  companyState: 'ld.company_state',
  loanStatus: 'l.status',
  loanId: 'l.id::text',
  investmentAccountId: 'i.investment_account_id::text',
};

/**
 * The caller's current (unsold, unreversed) investments grouped by a loan attribute, or per Sydney
 * day of deploy (finalisedDate) for the time intervals.
 */
export async function investmentTotals(
  db: Executor,
  scope: AccountScope,
  groupBy: string,
  options: { startDate?: string | undefined; endDate?: string | undefined },
): Promise<InvestmentTotals[]> {
  const keySql = investmentKeys[groupBy];
  const day = sydneyDay('i.finalised_date');
  const key = keySql ? sql.raw(keySql) : day;
  const result = await sql<InvestmentTotals>`
    select ${key} as key, count(*)::int as count, sum(i.invested_amount) as invested,
      sum(${sql.raw(principalOutstandingSql('i'))}) as outstanding,
      sum(i.invested_amount * i.investment_interest_rate) as rate_times_invested
    from investments i join loans l on l.id = i.loan_id left join loan_details ld on ld.loan_id = l.id
    where ${scopeCondition('i.investment_account_id', scope)}
      and i.sale_date is null and i.reversed_date is null
      ${keySql ? sql`` : sql`and i.finalised_date is not null`}
      and ${dateRange(day, options.startDate, options.endDate)}
    group by 1 order by 1`.execute(db);
  return result.rows;
}

/** One row behind a bar of a dashboard graph, amounts as the database writes them. */
export interface BarRowRecord {
  id: string;
  date: string;
  investmentAccountId: number;
  investmentAccountName: string;
  loanId: number | null;
  loanName: string | null;
  type: string;
  principal: string;
  interest: string;
  tax: string;
  gross: string;
}

/**
 * The finalised, unreversed transactions of one type that make up a bar of the transaction
 * statistics (the same conditions as transactionDailyTotals), in the order they were finalised;
 * at most `limit` rows.
 */
export async function transactionBarRows(
  db: Executor,
  scope: AccountScope,
  options: { type: string; startDate: string; endDate: string; limit: number },
): Promise<BarRowRecord[]> {
  const day = sydneyDay('t.finalised_date');
  const result = await sql<BarRowRecord>`
    select 'T' || t.id::text as id, ${day}::text as date, t.investment_account_id, a.name as investment_account_name,
      l.id as loan_id, l.name as loan_name, t.type, t.principal_amount as principal, t.interest_amount as interest,
      t.tax_withheld_amount as tax, t.gross_amount as gross
    from account_transactions t
      join investment_accounts a on a.id = t.investment_account_id
      left join investments inv on inv.id = t.investment_id
      left join loans l on l.id = coalesce(t.loan_id, inv.loan_id)
    where ${scopeCondition('t.investment_account_id', scope)}
      and t.status = 'PAID' and t.reversal_transaction_id is null and t.reverses_transaction_id is null
      and t.type = ${options.type}
      and ${dateRange(day, options.startDate, options.endDate)}
    order by t.finalised_date, t.id
    limit ${options.limit}`.execute(db);
  return result.rows.map((r) => ({ ...r, investmentAccountId: Number(r.investmentAccountId), loanId: toId(r.loanId) }));
}

/**
 * Each held investment's share of the repayments due in a bar of the repayment statistics (the
 * same conditions as repaymentDueTotals), by due date; gross is principal plus interest due, as
 * the statistics add it up. At most `limit` rows.
 */
export async function repaymentBarRows(
  db: Executor,
  scope: AccountScope,
  options: { startDate: string; endDate: string; limit: number },
): Promise<BarRowRecord[]> {
  const result = await sql<BarRowRecord>`
    select rp.id::text || '-' || i.id::text as id, rp.due_date::text as date, i.investment_account_id,
      a.name as investment_account_name, l.id as loan_id, l.name as loan_name, rp.status as type,
      ${sql.raw(shareSql.principalDue)} as principal, ${sql.raw(shareSql.investorsInterestDue)} as interest,
      0 as tax, ${sql.raw(shareSql.principalDue)} + ${sql.raw(shareSql.investorsInterestDue)} as gross
    from ${sql.raw(heldRepaymentsFrom)}
      join investment_accounts a on a.id = i.investment_account_id
    where ${scopeCondition('i.investment_account_id', scope)}
      and i.finalised_date is not null and i.reversed_date is null
      and rp.status not in (${sql.join(notDueStatuses)})
      and ${dateRange(sql.raw('rp.due_date'), options.startDate, options.endDate)}
    order by rp.due_date, rp.id, i.id
    limit ${options.limit}`.execute(db);
  return result.rows.map((r) => ({ ...r, investmentAccountId: Number(r.investmentAccountId), loanId: toId(r.loanId) }));
}

const toId = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export interface BookTotals {
  key: string | null;
  count: number;
  outstanding: string;
}

const bookKeys: Record<BookShareChart, string> = {
  industryType: 'ld.industry_type',
  companyState: 'ld.company_state',
};

/**
 * The whole book's current (unsold, unreversed) investments per industry or state: their number
 * and principal outstanding, every account's together: added up per loan first, then per category
 * over the loans' details.
 */
export async function bookTotals(db: Executor, groupBy: BookShareChart): Promise<BookTotals[]> {
  const result = await sql<BookTotals>`
    with per_loan as (
      select i.loan_id, count(*) as count, sum(${sql.raw(principalOutstandingSql('i'))}) as outstanding
      from investments i
      where i.sale_date is null and i.reversed_date is null
      group by i.loan_id)
    select ${sql.raw(bookKeys[groupBy])} as key, sum(p.count)::int as count, sum(p.outstanding) as outstanding
    from per_loan p left join loan_details ld on ld.loan_id = p.loan_id
    group by 1 order by 1`.execute(db);
  return result.rows;
}

const money = (amount: string) => centsToNumber(centsFromString(amount));

/** A sale transaction with the sold investment it belongs to. */
export interface SaleTransactionRow extends InvestmentSaleTransaction {
  soldInvestmentId: number | null;
  /** For a buyer's PURCHASE row: the investment it bought from. */
  boughtFromInvestmentId: number | null;
}

/** The sale transactions of investments (each one's own, as seller, its sale row, and its buyers' purchase rows). */
export async function saleTransactionsOf(
  db: Executor,
  investmentIds: readonly number[],
): Promise<SaleTransactionRow[]> {
  if (investmentIds.length === 0) return [];
  const rows = await db
    .selectFrom('accountTransactions as t')
    .leftJoin('investments as inv', 'inv.investmentSaleTransactionId', 't.id')
    .leftJoin('investments as bought', 'bought.id', 't.investmentId')
    .select([
      't.id',
      't.investmentAccountId',
      't.investmentId',
      'inv.id as soldInvestmentId',
      'bought.originalInvestmentId as boughtFromInvestmentId',
      't.type',
      't.status',
      't.grossAmount',
      't.principalAmount',
      't.interestAmount',
      't.feesAmount',
      't.taxWithheldAmount',
      't.finalisedDate',
      't.createdDate',
    ])
    .where((eb) =>
      eb.or([
        eb('inv.id', 'in', [...investmentIds]),
        eb.and([eb('t.investmentId', 'in', [...investmentIds]), eb('t.type', 'in', ['SALE', 'SALE_REVERSAL'])]),
        eb.and([
          eb('bought.originalInvestmentId', 'in', [...investmentIds]),
          eb('t.type', 'in', ['PURCHASE', 'PURCHASE_REVERSAL']),
        ]),
      ]),
    )
    .orderBy('t.id')
    .execute();
  return rows.map((t) => ({
    ...t,
    grossAmount: money(t.grossAmount),
    principalAmount: money(t.principalAmount),
    interestAmount: money(t.interestAmount),
    feesAmount: money(t.feesAmount),
    taxWithheldAmount: money(t.taxWithheldAmount),
    finalisedDate: t.finalisedDate === null ? null : new Date(t.finalisedDate).toISOString(),
    createdDate: new Date(t.createdDate).toISOString(),
  }));
}
