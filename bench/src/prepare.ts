import { centsFromString, houseAccountId } from '@lm/domain';
import { sql } from 'kysely';
import type { Database } from '../../packages/server/src/platform/db/database';
import type { Prepared } from './bench-context';
import { directListQuery } from './sections/list-query';

/** Reads what the sections need from the database itself, before the server holds it. */
export async function prepare(
  database: Database,
  options: { quick: boolean; today: string; receiptsWanted: number; listRuns: number },
): Promise<Prepared> {
  const db = database.db;
  const book = (
    await sql<Prepared['book']>`
      select (select count(*)::int from loans) as loans,
        (select count(*)::int from loans where status = 'FUNDING') as loans_funding,
        (select count(*)::int from loans where status in ('ACTIVE', 'ACTIVE_IN_ARREARS')) as loans_active,
        (select count(*)::int from investment_accounts) as investment_accounts,
        (select count(*)::int from investments) as investments,
        (select count(*)::int from account_transactions) as account_transactions`.execute(db)
  ).rows[0]!;

  const accounts = await sql<{ id: number }>`
    select ia.id from investment_accounts ia join ledger_accounts la on la.id = ia.ledger_account_id
    where ia.type = 'INVESTOR_ACCOUNT' and ia.mandate_rate is null and ia.id <> ${houseAccountId}
      and la.current_balance - la.pending_debits >= 2000
    order by ia.id limit 1000`.execute(db);

  const funding = await sql<{ id: number; rate: string; remaining: string }>`
    select id, marketplace_rate as rate, (amount - funded_amount)::text as remaining from loans
    where status = 'FUNDING' and amount - funded_amount >= 100
    order by amount - funded_amount desc, id limit 200`.execute(db);

  // the next unpaid repayments of active loans, earliest first per loan, as many as wanted
  const receipts =
    options.receiptsWanted === 0
      ? { rows: [] }
      : await sql<{ loanId: number; thirdPartyLoanId: string | null; dueDate: string; owed: string }>`
    select loan_id, third_party_loan_id, due_date, owed::text as owed from (
      select r.loan_id, l.third_party_id as third_party_loan_id, r.due_date,
        r.principal_due - r.principal_paid + r.interest_due - r.interest_paid as owed,
        row_number() over (partition by r.loan_id order by r.due_date, r.id) as nth
      from repayments r join loans l on l.id = r.loan_id
      where l.status in ('ACTIVE', 'ACTIVE_IN_ARREARS') and not r.is_archived
        and (r.principal_paid < r.principal_due or r.interest_paid < r.interest_due)
    ) next
    where owed > 0
    order by nth, loan_id
    limit ${options.receiptsWanted}`.execute(db);

  return {
    book,
    accounts: accounts.rows.map((r) => r.id),
    fundingLoans: funding.rows.map((r) => ({
      id: r.id,
      rate: Number(r.rate),
      remainingCents: centsFromString(r.remaining),
    })),
    receipts: receipts.rows.map((r) => ({ ...r, dueDate: String(r.dueDate).slice(0, 10) })),
    ...(options.listRuns > 0 ? { listQuery: await directListQuery(database, options.today, options.listRuns) } : {}),
  };
}
