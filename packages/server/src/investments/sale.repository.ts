import { sql } from 'kysely';
import type { Executor, Tx } from '../platform/db/database';
import { updateByIds } from '../platform/db/update-by-ids';

/** Every statement of the secondary sale (sell-investment.ts). */

const saleInvestmentColumns = [
  'id',
  'loanId',
  'investmentAccountId',
  'investedAmount',
  'principalRepaid',
  'principalWrittenOff',
  'investmentInterestRate',
  'mandateRate',
  'shareBasis',
  'finalisedDate',
  'saleDate',
  'reversedDate',
] as const;

/** The investment a sale reads (the quote: no lock). */
export function selectSaleInvestment(db: Executor, investmentId: number) {
  return db.selectFrom('investments').select(saleInvestmentColumns).where('id', '=', investmentId).executeTakeFirst();
}

/** The investment under a row lock (its loan is locked first, the order investing and reversing use). */
export function lockSaleInvestment(trx: Tx, investmentId: number) {
  return trx
    .selectFrom('investments')
    .select(saleInvestmentColumns)
    .where('id', '=', investmentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * The loan's repayments by due date, each with whether a paying receipt of it has been
 * fractionalised and whether one is published but not yet fractionalised (the loan's receipts
 * read once, through their loan index).
 */
export async function selectSaleRepayments(db: Executor, loanId: number) {
  const result = await sql<{
    id: number;
    dueDate: string;
    status: string;
    principalDue: string;
    interestDue: string;
    grossAmount: string;
    fractionalised: boolean;
    awaitingFractionalise: boolean;
  }>`
    with paid as (
      select repayment_id,
        bool_or(fractionalised_date is not null) as fractionalised,
        bool_or(fractionalised_date is null and (principal_amount <> 0 or interest_amount <> 0)) as awaiting
      from loan_transactions
      where loan_id = ${loanId} and repayment_id is not null and type = 'REPAYMENT' and status = 'PAID'
        and reverses_transaction_id is null and reversal_transaction_id is null
      group by repayment_id)
    select r.id, to_char(r.due_date, 'YYYY-MM-DD') as due_date, r.status, r.principal_due::text as principal_due,
      r.interest_due::text as interest_due, r.gross_amount::text as gross_amount,
      coalesce(p.fractionalised, false) as fractionalised, coalesce(p.awaiting, false) as awaiting_fractionalise
    from repayments r left join paid p on p.repayment_id = r.id
    where r.loan_id = ${loanId} and not r.is_archived
    order by r.due_date, r.id`.execute(db);
  return result.rows;
}

/** The available balances of investment accounts (their ledger cash accounts' cached figure), by id. */
export async function selectAvailableBalances(db: Executor, accountIds: readonly number[]) {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('investmentAccounts as a')
    .innerJoin('ledgerAccounts as l', 'l.id', 'a.ledgerAccountId')
    .select(['a.id', 'l.availableBalance'])
    .where('a.id', 'in', [...accountIds])
    .execute();
}

/** The named investment accounts (name, foreign flag), by id. */
export function selectSaleAccounts(db: Executor, accountIds: readonly number[]) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('investmentAccounts')
    .select(['id', 'name', 'isForeign'])
    .where('id', 'in', [...accountIds])
    .orderBy('id')
    .execute();
}

/** The loan's principal outstanding over its holders (deployed, unsold, not reversed), numeric text. */
export async function selectLoanOutstanding(db: Executor, loanId: number): Promise<string> {
  const row = await db
    .selectFrom('investments')
    .select(
      sql<string>`coalesce(sum(invested_amount - principal_repaid - principal_written_off), 0)::text`.as('outstanding'),
    )
    .where('loanId', '=', loanId)
    .where('finalisedDate', 'is not', null)
    .where('saleDate', 'is', null)
    .where('reversedDate', 'is', null)
    .executeTakeFirstOrThrow();
  return row.outstanding;
}

export interface NewSaleInvestment {
  loanId: number;
  investmentAccountId: number;
  investedAmount: string;
  investmentInterestRate: string;
  mandateRate: string | null;
  originalInvestmentId: number;
  shareBasis: string;
  investmentAccountTransactionId: number | null;
  creationDate: Date;
  finalisedDate: Date;
}

/** Inserts the sale's new investments (finalised at once); their ids in input order. */
export async function insertSaleInvestments(trx: Tx, rows: readonly NewSaleInvestment[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('investments')
    .values([...rows])
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

/** Closes the sold investment: its sale date and the seller's SALE row. */
export async function markInvestmentSold(
  trx: Tx,
  investmentId: number,
  saleDate: Date,
  saleTransactionId: number,
): Promise<void> {
  await trx
    .updateTable('investments')
    .set({ saleDate, investmentSaleTransactionId: saleTransactionId })
    .where('id', '=', investmentId)
    .execute();
}

/** The row each new investment was bought with (a buyer's PURCHASE, the seller's SALE for its remainder). */
export async function setInvestmentTransactions(
  trx: Tx,
  links: readonly { investmentId: number; transactionId: number | null }[],
): Promise<void> {
  const set = links.filter((l) => l.transactionId !== null);
  if (set.length === 0) return;
  await updateByIds(
    'investments',
    set.map((l) => l.investmentId),
    { transaction_id: { type: 'bigint', values: set.map((l) => l.transactionId) } },
    sql`investment_account_transaction_id = v.transaction_id`,
  ).execute(trx);
}
