import { addDays } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../platform/db/database';
import { sydneyMidnight } from '../platform/db/sydney-sql';

/**
 * The SQL of the reports. Every figure is read from the ledger (postings of finalised entries),
 * its per-account view (account_transactions, whose `amount` is the posting on the account's cash)
 * and the investments; nothing is recalculated. Long lists are read in keyset pages, so a report
 * of any length holds one page in memory at a time.
 */

/** Rows per keyset page while a report streams. */
export const reportPageRows = 5000;

/** The instant a Sydney business date begins. */
const dayStart = (isoDate: string): RawBuilder<Date> => sydneyMidnight(sql`cast(${isoDate} as date)`);
/** The instant after the last moment of a Sydney business date. */
const dayEnd = (isoDate: string): RawBuilder<Date> => dayStart(addDays(isoDate, 1));

/**
 * `sums`: what investment `i` had repaid (principal, interest) and had written off before `end`,
 * from its account's finalised rows, reversals deducted; as of a date, not the investment's
 * running totals.
 */
function repaidBy(end: RawBuilder<Date>): RawBuilder<unknown> {
  return sql`left join lateral (
        select
          sum(case when t.type = 'REPAYMENT' then t.principal_amount
                   when t.type = 'REPAYMENT_REVERSAL' then -t.principal_amount else 0 end) as principal_repaid,
          sum(case when t.type = 'REPAYMENT' then t.interest_amount
                   when t.type = 'REPAYMENT_REVERSAL' then -t.interest_amount else 0 end) as interest_repaid,
          sum(case when t.type = 'WRITE_OFF' then t.principal_amount
                   when t.type = 'WRITE_OFF_REVERSAL' then -t.principal_amount else 0 end) as principal_written_off
        from account_transactions t
        where t.investment_id = i.id and t.investment_account_id = i.investment_account_id
          and t.finalised_date is not null and t.status <> 'CANCELLED' and t.finalised_date < ${end}
      ) sums on true`;
}

/**
 * Reads pages until one is short; `page` gets the last row of the previous page (undefined first).
 * A page's rows may come raw and be read (`read`) one at a time as they are taken, each let go as
 * it is: a page held whole while it is rendered outlives the young generation's collections, and a
 * statement of 100,000 rows would leave its pages behind in the old one.
 */
async function* keysetPages<R, Raw = R>(
  page: (after: R | undefined) => Promise<Raw[]>,
  read: (raw: Raw) => R = (raw) => raw as unknown as R,
): AsyncGenerator<R> {
  let after: R | undefined;
  for (;;) {
    const raws: (Raw | undefined)[] = await page(after);
    const length = raws.length;
    for (let i = 0; i < length; i++) {
      after = read(raws[i] as Raw);
      raws[i] = undefined;
      yield after;
    }
    if (length < reportPageRows) return;
  }
}

export interface StatementAccountRow {
  id: number;
  name: string;
  isForeign: boolean;
  bpayBillerCode: string | null;
  bpayReferenceNumber: string | null;
  investmentGroupName: string | null;
  ledgerAccountId: number;
}

export async function statementAccount(db: Executor, accountId: number): Promise<StatementAccountRow | undefined> {
  const result = await sql<StatementAccountRow>`
    select a.id, a.name, a.is_foreign, a.bpay_biller_code, a.bpay_reference_number, a.ledger_account_id,
      g.name as investment_group_name
    from investment_accounts a left join investment_groups g on g.id = a.investment_group_id
    where a.id = ${accountId}`.execute(db);
  return result.rows[0];
}

export interface AccountHolderRow {
  firstName: string;
  middleName: string | null;
  lastName: string;
  addressStreetNumber: string | null;
  addressStreetName: string | null;
  addressSuburb: string | null;
  addressState: string | null;
  addressPostcode: string | null;
  addressCountry: string | null;
}

/** The investors who hold an account, by investor id. */
export async function accountHolders(db: Executor, accountId: number): Promise<AccountHolderRow[]> {
  const result = await sql<AccountHolderRow>`
    select u.first_name, u.middle_name, u.last_name, i.address_street_number, i.address_street_name,
      i.address_suburb, i.address_state, i.address_postcode, i.address_country
    from investment_account_investors iai
    join investors i on i.id = iai.investor_id
    join users u on u.id = i.user_id
    where iai.investment_account_id = ${accountId}
    order by i.id`.execute(db);
  return result.rows;
}

/**
 * The ledger balance of a cash account just before an instant: the sum of its postings in
 * finalised, not voided entries finalised before it.
 */
export async function ledgerBalanceBefore(db: Executor, ledgerAccountId: number, before: RawBuilder<Date>) {
  const result = await sql<{ balance: string }>`
    select coalesce(sum(p.amount), 0)::numeric(20,2)::text as balance
    from ledger_postings p join ledger_entries e on e.id = p.entry_id
    where p.ledger_account_id = ${ledgerAccountId}
      and e.finalised_at is not null and e.voided_at is null and e.finalised_at < ${before}`.execute(db);
  return result.rows[0]?.balance ?? '0.00';
}

export const balanceAtStartOf = (db: Executor, ledgerAccountId: number, isoDate: string) =>
  ledgerBalanceBefore(db, ledgerAccountId, dayStart(isoDate));
export const balanceAtEndOf = (db: Executor, ledgerAccountId: number, isoDate: string) =>
  ledgerBalanceBefore(db, ledgerAccountId, dayEnd(isoDate));

export interface StatementTransactionRow {
  id: number;
  /** The Sydney business date it was finalised on (YYYY-MM-DD), as the database's time zone rules give it. */
  finalisedDay: string;
  /** The finalised instant to the microsecond, in UTC: the keyset of the next page (a Date keeps only ms). */
  finalisedKey: string;
  type: string;
  investorComment: string | null;
  loanId: number | null;
  loanName: string | null;
  amount: string;
  principalAmount: string;
  interestAmount: string;
  feesAmount: string;
  taxWithheldAmount: string;
  runningBalance: string | null;
  investmentAccountId: number;
  accountName: string;
}

/** Which of an account's finalised rows a statement lists. */
export type StatementRowKinds = 'all' | 'interest';

/** The rows a statement lists: see statementTransactions. */
function statementFilter(
  accountId: number | undefined,
  startDate: string,
  endDate: string,
  kinds: StatementRowKinds,
): RawBuilder<unknown> {
  const interestOnly =
    kinds === 'interest'
      ? sql`and t.type not like 'WRITE_OFF%' and (t.interest_amount <> 0 or t.fees_amount <> 0 or t.tax_withheld_amount <> 0)`
      : sql``;
  return sql`${accountId === undefined ? sql`true` : sql`t.investment_account_id = ${accountId}`}
    and t.finalised_date is not null and t.status <> 'CANCELLED'
    and t.finalised_date >= ${dayStart(startDate)} and t.finalised_date < ${dayEnd(endDate)}
    ${interestOnly}`;
}

/**
 * An account's (or, without one, every account's) finalised rows (cancelled ones moved nothing and are left out) finalised within
 * the Sydney dates, in the order they were finalised. `interest` keeps the rows that carry
 * interest, fees or tax withheld (repayments, top-ups, sales and purchases, and their reversals).
 */
export function statementTransactions(
  db: Executor,
  accountId: number | undefined,
  startDate: string,
  endDate: string,
  kinds: StatementRowKinds,
): AsyncGenerator<StatementTransactionRow> {
  const filter = statementFilter(accountId, startDate, endDate, kinds);
  return keysetPages<StatementTransactionRow, { row: string }>(
    async (after) => {
      const resume = after
        ? sql`and (t.finalised_date, t.id) > (cast(${after.finalisedKey} as timestamptz), ${after.id})`
        : sql``;
      // Each row comes back as one JSON object (money as text, so no float ever holds it): a
      // statement runs to 100,000 rows, and the database drivers' cost is per field (the embedded
      // database copies every field of every row into a buffer of its own), so one field a row
      // reads several times faster than fifteen.
      const result = await sql<{ row: string }>`
      select json_build_object('id', t.id,
        'finalisedDay', (t.finalised_date at time zone 'Australia/Sydney')::date::text,
        'finalisedKey', to_char(t.finalised_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'type', t.type, 'investorComment', t.investor_comment, 'loanId', t.loan_id, 'loanName', l.name,
        'amount', t.amount::text, 'principalAmount', t.principal_amount::text,
        'interestAmount', t.interest_amount::text, 'feesAmount', t.fees_amount::text,
        'taxWithheldAmount', t.tax_withheld_amount::text, 'runningBalance', t.running_balance::text,
        'investmentAccountId', t.investment_account_id, 'accountName', a.name)::text as row
      from account_transactions t left join loans l on l.id = t.loan_id
        join investment_accounts a on a.id = t.investment_account_id
      where ${filter} ${resume}
      order by t.finalised_date, t.id
      limit ${reportPageRows}`.execute(db);
      return result.rows;
    },
    ({ row }) => JSON.parse(row) as StatementTransactionRow,
  );
}

/** How many rows statementTransactions lists. */
export async function countStatementTransactions(
  db: Executor,
  accountId: number | undefined,
  startDate: string,
  endDate: string,
  kinds: StatementRowKinds,
): Promise<number> {
  const result = await sql<{ rows: number }>`
    select count(*)::int as rows from account_transactions t
    where ${statementFilter(accountId, startDate, endDate, kinds)}`.execute(db);
  return result.rows[0]?.rows ?? 0;
}

/**
 * How many lines the split statement lists for those rows: a row's nonzero principal, interest,
 * fees and tax lines (signed as they moved its cash) when they add up to its amount, else one
 * line. The same rule as report-datasets.ts's splitLines, counted by the database.
 */
export async function countSplitLines(
  db: Executor,
  accountId: number,
  startDate: string,
  endDate: string,
): Promise<number> {
  const result = await sql<{ lines: number }>`
    select coalesce(sum(case when s.parts > 0 and s.total = s.amount then s.parts else 1 end), 0)::int as lines
    from (
      select t.amount,
        (t.principal_amount <> 0)::int + (t.interest_amount <> 0)::int + (t.fees_amount <> 0)::int
          + (t.tax_withheld_amount <> 0)::int as parts,
        (case when t.amount < 0 then -1 else 1 end) * (t.principal_amount + t.interest_amount)
          - t.fees_amount - t.tax_withheld_amount as total
      from account_transactions t
      where ${statementFilter(accountId, startDate, endDate, 'all')}
    ) s`.execute(db);
  return result.rows[0]?.lines ?? 0;
}

export interface PortfolioInvestmentRow {
  id: number;
  loanId: number;
  loanName: string;
  loanStatus: string;
  investmentInterestRate: string;
  investedAmount: string;
  fundedDate: Date | null;
  finalisedDate: Date | null;
  saleDate: Date | null;
  principalRepaid: string;
  interestRepaid: string;
  principalWrittenOff: string;
}

/**
 * An account's investments held at the end of a Sydney date (finalised by then, not reversed, not
 * sold by then), with principal and interest repaid and principal written off as at that date,
 * summed from the account's REPAYMENT and WRITE_OFF rows (reversals deducted) of each investment.
 */
export function portfolioInvestments(
  db: Executor,
  accountId: number,
  date: string,
): AsyncGenerator<PortfolioInvestmentRow> {
  const end = dayEnd(date);
  return keysetPages<PortfolioInvestmentRow>(async (after) => {
    const resume = after ? sql`and i.id > ${after.id}` : sql``;
    const result = await sql<PortfolioInvestmentRow>`
      select i.id, i.loan_id, l.name as loan_name, l.status as loan_status, i.investment_interest_rate,
        i.invested_amount, l.funded_date, i.finalised_date, i.sale_date,
        coalesce(sums.principal_repaid, 0)::numeric(20,2) as principal_repaid,
        coalesce(sums.interest_repaid, 0)::numeric(20,2) as interest_repaid,
        coalesce(sums.principal_written_off, 0)::numeric(20,2) as principal_written_off
      from investments i
      join loans l on l.id = i.loan_id
      ${repaidBy(end)}
      where i.investment_account_id = ${accountId} and i.reversed_date is null
        and i.finalised_date is not null and i.finalised_date < ${end}
        and (i.sale_date is null or i.sale_date >= ${end})
        ${resume}
      order by i.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface AccountBalanceRow {
  id: number;
  name: string;
  investmentGroupName: string | null;
  isForeign: boolean;
  balance: string;
}

/** Each investment account (or one) with its ledger cash balance at the end of a Sydney date. */
export function accountBalances(db: Executor, date: string, accountId?: number): AsyncGenerator<AccountBalanceRow> {
  const end = dayEnd(date);
  const only = accountId === undefined ? sql`` : sql`and a.id = ${accountId}`;
  return keysetPages<AccountBalanceRow>(async (after) => {
    const resume = after ? sql`and a.id > ${after.id}` : sql``;
    const result = await sql<AccountBalanceRow>`
      select a.id, a.name, g.name as investment_group_name, a.is_foreign,
        (select coalesce(sum(p.amount), 0) from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where p.ledger_account_id = a.ledger_account_id and e.finalised_at is not null
            and e.voided_at is null and e.finalised_at < ${end})::numeric(20,2) as balance
      from investment_accounts a left join investment_groups g on g.id = a.investment_group_id
      where a.creation_date < ${end} ${only} ${resume}
      order by a.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface ArrearsRow {
  repaymentId: number;
  loanId: number;
  loanName: string;
  thirdPartyId: string | null;
  clientName: string | null;
  loanStatus: string;
  dueDate: string;
  gracePeriodDays: number;
  principalDue: string;
  principalPaid: string;
  interestDue: string;
  interestPaid: string;
}

/** Repayments in arrears (of every loan, or one), by loan and due date. */
export function arrearsRepayments(db: Executor, loanId?: number): AsyncGenerator<ArrearsRow> {
  const only = loanId === undefined ? sql`` : sql`and r.loan_id = ${loanId}`;
  return keysetPages<ArrearsRow>(async (after) => {
    const resume = after
      ? sql`and (r.loan_id, r.due_date, r.id) > (${after.loanId}, ${after.dueDate}, ${after.repaymentId})`
      : sql``;
    const result = await sql<ArrearsRow>`
      select r.id as repayment_id, r.loan_id, l.name as loan_name, l.third_party_id, c.name as client_name,
        l.status as loan_status, r.due_date::text as due_date, l.grace_period_days, r.principal_due,
        r.principal_paid, r.interest_due, r.interest_paid
      from repayments r join loans l on l.id = r.loan_id left join clients c on c.id = l.client_id
      where r.status = 'IN_ARREARS' and not r.is_archived ${only} ${resume}
      order by r.loan_id, r.due_date, r.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export async function loanExists(db: Executor, loanId: number): Promise<boolean> {
  const result = await sql<{ id: number }>`select id from loans where id = ${loanId}`.execute(db);
  return result.rows.length > 0;
}

export interface InterestByInvestmentRow {
  investmentId: number;
  loanId: number;
  loanName: string;
  investmentInterestRate: string;
  principal: string;
  interest: string;
  fees: string;
  tax: string;
  amount: string;
}

/**
 * An account's repayments in the Sydney dates, summed per investment (reversals deducted): the
 * principal, interest, fees and tax withheld of its REPAYMENT rows and the cash they moved.
 */
export function interestByInvestment(
  db: Executor,
  accountId: number,
  startDate: string,
  endDate: string,
): AsyncGenerator<InterestByInvestmentRow> {
  return keysetPages<InterestByInvestmentRow>(async (after) => {
    const resume = after ? sql`and i.id > ${after.investmentId}` : sql``;
    const result = await sql<InterestByInvestmentRow>`
      select i.id as investment_id, i.loan_id, l.name as loan_name, i.investment_interest_rate,
        sum(case when t.type = 'REPAYMENT' then t.principal_amount else -t.principal_amount end)::numeric(20,2) as principal,
        sum(case when t.type = 'REPAYMENT' then t.interest_amount else -t.interest_amount end)::numeric(20,2) as interest,
        sum(case when t.type = 'REPAYMENT' then t.fees_amount else -t.fees_amount end)::numeric(20,2) as fees,
        sum(case when t.type = 'REPAYMENT' then t.tax_withheld_amount else -t.tax_withheld_amount end)::numeric(20,2) as tax,
        sum(t.amount)::numeric(20,2) as amount
      from account_transactions t
      join investments i on i.id = t.investment_id
      join loans l on l.id = i.loan_id
      where t.investment_account_id = ${accountId} and t.type in ('REPAYMENT', 'REPAYMENT_REVERSAL')
        and t.finalised_date is not null and t.status <> 'CANCELLED'
        and t.finalised_date >= ${dayStart(startDate)} and t.finalised_date < ${dayEnd(endDate)} ${resume}
      group by i.id, i.loan_id, l.name, i.investment_interest_rate
      order by i.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface LoanInvestmentRow {
  id: number;
  loanId: number;
  loanName: string;
  loanStatus: string;
  investmentAccountId: number;
  accountName: string;
  investmentInterestRate: string;
  investedAmount: string;
  principalRepaid: string;
  principalWrittenOff: string;
  interestRepaid: string;
  finalisedDate: Date | null;
  saleDate: Date | null;
}

/** The investments (not reversed) of every loan, or of one, by loan and investment. */
export function loanInvestments(db: Executor, loanId?: number): AsyncGenerator<LoanInvestmentRow> {
  const only = loanId === undefined ? sql`` : sql`and i.loan_id = ${loanId}`;
  return keysetPages<LoanInvestmentRow>(async (after) => {
    const resume = after ? sql`and (i.loan_id, i.id) > (${after.loanId}, ${after.id})` : sql``;
    const result = await sql<LoanInvestmentRow>`
      select i.id, i.loan_id, l.name as loan_name, l.status as loan_status, i.investment_account_id,
        a.name as account_name, i.investment_interest_rate, i.invested_amount, i.principal_repaid,
        i.principal_written_off, i.interest_repaid, i.finalised_date, i.sale_date
      from investments i join loans l on l.id = i.loan_id join investment_accounts a on a.id = i.investment_account_id
      where i.reversed_date is null ${only} ${resume}
      order by i.loan_id, i.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface ReceiptOverflowRow {
  id: number;
  loanId: number;
  loanName: string;
  thirdPartyId: string | null;
  receiptId: string | null;
  receiptDate: string | null;
  batchNumber: string | null;
  netAmount: string;
  grossAmount: string;
  excessAmount: string;
  excessHandling: string | null;
  excessHandledDate: Date | null;
  finalisedDate: Date | null;
}

/** Published receipts that paid more than their repayment (an excess), finalised in the Sydney dates. */
export function receiptOverflows(db: Executor, startDate: string, endDate: string): AsyncGenerator<ReceiptOverflowRow> {
  return keysetPages<ReceiptOverflowRow>(async (after) => {
    const resume = after ? sql`and lt.id > ${after.id}` : sql``;
    const result = await sql<ReceiptOverflowRow>`
      select lt.id, lt.loan_id, l.name as loan_name, l.third_party_id, lt.receipt_id, lt.receipt_date::text as receipt_date,
        lt.batch_number, lt.net_amount, lt.gross_amount, lt.excess_amount, lt.excess_handling, lt.excess_handled_date,
        lt.finalised_date
      from loan_transactions lt join loans l on l.id = lt.loan_id
      where lt.excess_amount > 0 and lt.reversal_transaction_id is null and lt.finalised_date is not null
        and lt.finalised_date >= ${dayStart(startDate)} and lt.finalised_date < ${dayEnd(endDate)} ${resume}
      order by lt.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface DistributionRow {
  investmentAccountId: number;
  accountName: string;
  isForeign: boolean;
  repayments: number;
  principal: string;
  interest: string;
  fees: string;
  tax: string;
  amount: string;
}

/**
 * What repayments paid each account in the Sydney dates (of every loan, or one): its REPAYMENT
 * rows summed per account, reversals deducted.
 */
export function distributions(
  db: Executor,
  startDate: string,
  endDate: string,
  loanId?: number,
): AsyncGenerator<DistributionRow> {
  const only = loanId === undefined ? sql`` : sql`and t.loan_id = ${loanId}`;
  return keysetPages<DistributionRow>(async (after) => {
    const resume = after ? sql`and t.investment_account_id > ${after.investmentAccountId}` : sql``;
    const result = await sql<DistributionRow>`
      select t.investment_account_id, a.name as account_name, a.is_foreign,
        count(*) filter (where t.type = 'REPAYMENT')::int as repayments,
        sum(case when t.type = 'REPAYMENT' then t.principal_amount else -t.principal_amount end)::numeric(20,2) as principal,
        sum(case when t.type = 'REPAYMENT' then t.interest_amount else -t.interest_amount end)::numeric(20,2) as interest,
        sum(case when t.type = 'REPAYMENT' then t.fees_amount else -t.fees_amount end)::numeric(20,2) as fees,
        sum(case when t.type = 'REPAYMENT' then t.tax_withheld_amount else -t.tax_withheld_amount end)::numeric(20,2) as tax,
        sum(t.amount)::numeric(20,2) as amount
      from account_transactions t join investment_accounts a on a.id = t.investment_account_id
      where t.type in ('REPAYMENT', 'REPAYMENT_REVERSAL') and t.finalised_date is not null and t.status <> 'CANCELLED'
        and t.finalised_date >= ${dayStart(startDate)} and t.finalised_date < ${dayEnd(endDate)} ${only} ${resume}
      group by t.investment_account_id, a.name, a.is_foreign
      order by t.investment_account_id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface FundingRow {
  id: number;
  loanId: number;
  loanName: string;
  loanAmount: string;
  investmentAccountId: number;
  accountName: string;
  investmentInterestRate: string;
  investedAmount: string;
  creationDate: Date;
  finalisedDate: Date | null;
  reversedDate: Date | null;
}

/** Investments made in the Sydney dates (in every loan, or one), reversed ones included and marked. */
export function fundings(
  db: Executor,
  startDate: string,
  endDate: string,
  loanId?: number,
): AsyncGenerator<FundingRow> {
  const only = loanId === undefined ? sql`` : sql`and i.loan_id = ${loanId}`;
  return keysetPages<FundingRow>(async (after) => {
    const resume = after ? sql`and (i.loan_id, i.id) > (${after.loanId}, ${after.id})` : sql``;
    const result = await sql<FundingRow>`
      select i.id, i.loan_id, l.name as loan_name, l.amount as loan_amount, i.investment_account_id,
        a.name as account_name, i.investment_interest_rate, i.invested_amount, i.creation_date, i.finalised_date,
        i.reversed_date
      from investments i join loans l on l.id = i.loan_id join investment_accounts a on a.id = i.investment_account_id
      where i.original_investment_id is null
        and i.creation_date >= ${dayStart(startDate)} and i.creation_date < ${dayEnd(endDate)} ${only} ${resume}
      order by i.loan_id, i.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface AccountHoldingsRow {
  id: number;
  name: string;
  investments: number;
  invested: string;
  principalRepaid: string;
  principalWrittenOff: string;
  interestRepaid: string;
}

/**
 * Per investment account (or one): the investments it held at the end of a Sydney date and, as at
 * that date, their principal and interest repaid and principal written off (the account's
 * REPAYMENT and WRITE_OFF rows of each, reversals deducted), as portfolioInvestments reads them.
 */
export function accountHoldings(db: Executor, date: string, accountId?: number): AsyncGenerator<AccountHoldingsRow> {
  const end = dayEnd(date);
  const only = accountId === undefined ? sql`` : sql`and a.id = ${accountId}`;
  return keysetPages<AccountHoldingsRow>(async (after) => {
    const resume = after ? sql`and a.id > ${after.id}` : sql``;
    const result = await sql<AccountHoldingsRow>`
      select a.id, a.name, count(i.id)::int as investments,
        coalesce(sum(i.invested_amount), 0)::numeric(20,2) as invested,
        coalesce(sum(sums.principal_repaid), 0)::numeric(20,2) as principal_repaid,
        coalesce(sum(sums.principal_written_off), 0)::numeric(20,2) as principal_written_off,
        coalesce(sum(sums.interest_repaid), 0)::numeric(20,2) as interest_repaid
      from investment_accounts a
      left join investments i on i.investment_account_id = a.id and i.reversed_date is null
        and i.finalised_date is not null and i.finalised_date < ${end} and (i.sale_date is null or i.sale_date >= ${end})
      ${repaidBy(end)}
      where a.creation_date < ${end} ${only} ${resume}
      group by a.id, a.name
      order by a.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface TopUpRow {
  id: number;
  finalisedDate: Date;
  type: string;
  loanId: number | null;
  loanName: string | null;
  investmentAccountId: number;
  accountName: string;
  counterpartAccountId: number | null;
  counterpartName: string | null;
  amount: string;
  interestAmount: string;
}

/** The interest top-up rows (and their reversals) finalised in the Sydney dates, of every loan or one. */
export function topUps(db: Executor, startDate: string, endDate: string, loanId?: number): AsyncGenerator<TopUpRow> {
  const only = loanId === undefined ? sql`` : sql`and t.loan_id = ${loanId}`;
  return keysetPages<TopUpRow>(async (after) => {
    const resume = after ? sql`and t.id > ${after.id}` : sql``;
    const result = await sql<TopUpRow>`
      select t.id, t.finalised_date, t.type, t.loan_id, l.name as loan_name, t.investment_account_id,
        a.name as account_name, t.counterpart_account_id, c.name as counterpart_name, t.amount, t.interest_amount
      from account_transactions t
      join investment_accounts a on a.id = t.investment_account_id
      left join investment_accounts c on c.id = t.counterpart_account_id
      left join loans l on l.id = t.loan_id
      where t.type in ('INTEREST_TOP_UP', 'INTEREST_TOP_UP_REVERSAL') and t.finalised_date is not null
        and t.status <> 'CANCELLED'
        and t.finalised_date >= ${dayStart(startDate)} and t.finalised_date < ${dayEnd(endDate)} ${only} ${resume}
      order by t.id
      limit ${reportPageRows}`.execute(db);
    return result.rows;
  });
}

export interface TaxYearSums {
  type: string;
  principal: string;
  interest: string;
  fees: string;
  tax: string;
  amount: string;
}

/**
 * An account's finalised rows of the Sydney dates summed by type: the figures of its tax statement.
 * Interest is signed as it moved the account's cash (paid on a purchase: negative).
 */
export async function sumsByType(
  db: Executor,
  accountId: number,
  startDate: string,
  endDate: string,
): Promise<TaxYearSums[]> {
  const result = await sql<TaxYearSums>`
    select t.type, sum(t.principal_amount)::numeric(20,2) as principal,
      sum(case when t.amount < 0 then -t.interest_amount else t.interest_amount end)::numeric(20,2) as interest,
      sum(t.fees_amount)::numeric(20,2) as fees, sum(t.tax_withheld_amount)::numeric(20,2) as tax,
      sum(t.amount)::numeric(20,2) as amount
    from account_transactions t
    where t.investment_account_id = ${accountId} and t.finalised_date is not null and t.status <> 'CANCELLED'
      and t.finalised_date >= ${dayStart(startDate)} and t.finalised_date < ${dayEnd(endDate)}
    group by t.type
    order by t.type`.execute(db);
  return result.rows;
}

/** The Sydney date an investment account was opened on, if it exists. */
export async function accountOpenedOn(db: Executor, accountId: number): Promise<string | undefined> {
  const result = await sql<{ opened: string }>`
    select (a.creation_date at time zone 'Australia/Sydney')::date::text as opened
    from investment_accounts a where a.id = ${accountId}`.execute(db);
  return result.rows[0]?.opened;
}
