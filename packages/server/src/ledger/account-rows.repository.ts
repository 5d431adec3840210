import { type Cents, centsToString } from '@lm/domain';
import { sql } from 'kysely';
import { anyOf } from '../platform/db/any-of';
import type { Tx } from '../platform/db/database';
import { updateByIds } from '../platform/db/update-by-ids';

/**
 * The SQL of the investor-visible account rows (account_transactions) that post-money.ts writes
 * with each ledger entry: inserts, status changes and running balances.
 */

/**
 * Recomputes runningBalance of one account's finalised rows from the row (finalisedDate, id)
 * onwards: the balance before it plus the window sum. The statement is the ledger's own
 * `ledger_refresh_running_balances` (migrations 0170, 0211), which the money functions call for
 * the accounts they back-date. Callers hold the account's ledger lock.
 */
export async function updateRunningBalancesFrom(
  trx: Tx,
  investmentAccountId: number,
  from: { finalisedDate: Date; id: number },
): Promise<void> {
  await sql`select ledger_refresh_running_balances(${investmentAccountId}::bigint, ${from.finalisedDate}::timestamptz, ${from.id}::bigint)`.execute(
    trx,
  );
}

/** The last finalised row of each account (one index probe per account); accounts with none have nulls. */
export async function selectLastFinalisedRows(trx: Tx, accountIds: readonly number[]) {
  const result = await sql<{
    accountId: string | number;
    finalisedDate: Date | null;
    id: string | number | null;
    runningBalance: string | null;
  }>`
    select a.id as "accountId", p.finalised_date as "finalisedDate", p.id, p.running_balance as "runningBalance"
    from unnest(${accountIds}::bigint[]) as a(id)
    left join lateral (
      select t.finalised_date, t.id, t.running_balance from account_transactions t
      where t.investment_account_id = a.id and t.finalised_date is not null
      order by t.finalised_date desc, t.id desc
      limit 1
    ) p on true`.execute(trx);
  return result.rows;
}

/** The pending rows of entries, by id. */
export async function selectPendingRowsOfEntries(trx: Tx, entryIds: readonly number[]) {
  return trx
    .selectFrom('accountTransactions')
    .select(['id', 'investmentAccountId', 'amount'])
    .where(anyOf('ledgerEntryId', [...new Set(entryIds)]))
    .where('status', '=', 'PENDING')
    .orderBy('id')
    .execute();
}

/** Rows leave pending: status, finalisedDate and each one's running balance (null: refreshed later). */
export async function updateClosedRows(
  trx: Tx,
  rows: readonly { id: number; runningBalanceCents: Cents | null }[],
  status: 'PAID' | 'CANCELLED',
  now: Date,
): Promise<void> {
  await updateByIds(
    'account_transactions',
    rows.map((r) => r.id),
    {
      running_balance: {
        type: 'numeric',
        values: rows.map((r) => (r.runningBalanceCents === null ? null : centsToString(r.runningBalanceCents))),
      },
    },
    sql`status = ${status}, finalised_date = ${now}, running_balance = v.running_balance`,
  ).execute(trx);
}

export interface AccountTransactionRow {
  id: number;
  investmentAccountId: number;
  type: string;
  status: string;
  comment: string | null;
  investorComment: string | null;
  amount: string;
  grossAmount: string;
  principalAmount: string;
  interestAmount: string;
  feesAmount: string;
  taxWithheldAmount: string;
  runningBalance: string | null;
  finalisedDate: Date | null;
  createdDate: Date;
  effectiveDate: Date;
  reversesTransactionId?: number | null;
  ledgerEntryId: number;
  loanId: number | null;
  loanTransactionId: number | null;
  investmentId: number | null;
  withdrawalRequestId: number | null;
  counterpartAccountId: number | null;
  createdBy: number | null;
}

const accountTransactionColumns: [column: string, type: string, value: (r: AccountTransactionRow) => unknown][] = [
  ['id', 'bigint', (r) => r.id],
  ['investment_account_id', 'bigint', (r) => r.investmentAccountId],
  ['type', 'text', (r) => r.type],
  ['status', 'text', (r) => r.status],
  ['comment', 'text', (r) => r.comment],
  ['investor_comment', 'text', (r) => r.investorComment],
  ['amount', 'numeric', (r) => r.amount],
  ['gross_amount', 'numeric', (r) => r.grossAmount],
  ['principal_amount', 'numeric', (r) => r.principalAmount],
  ['interest_amount', 'numeric', (r) => r.interestAmount],
  ['fees_amount', 'numeric', (r) => r.feesAmount],
  ['tax_withheld_amount', 'numeric', (r) => r.taxWithheldAmount],
  ['running_balance', 'numeric', (r) => r.runningBalance],
  ['finalised_date', 'timestamptz', (r) => r.finalisedDate?.toISOString() ?? null],
  ['created_date', 'timestamptz', (r) => r.createdDate.toISOString()],
  ['effective_date', 'timestamptz', (r) => r.effectiveDate.toISOString()],
  ['reverses_transaction_id', 'bigint', (r) => r.reversesTransactionId ?? null],
  ['ledger_entry_id', 'bigint', (r) => r.ledgerEntryId],
  ['loan_id', 'bigint', (r) => r.loanId],
  ['loan_transaction_id', 'bigint', (r) => r.loanTransactionId],
  ['investment_id', 'bigint', (r) => r.investmentId],
  ['withdrawal_request_id', 'bigint', (r) => r.withdrawalRequestId],
  ['counterpart_account_id', 'bigint', (r) => r.counterpartAccountId],
  ['created_by', 'bigint', (r) => r.createdBy],
];

/** Rows per insert statement. */
const insertChunkRows = 5_000;

/**
 * Inserts account rows as one array per column (insert ... select from unnest): one statement of
 * 24 parameters for thousands of rows, instead of 24 parameters per row.
 */
export async function insertAccountTransactions(trx: Tx, rows: readonly AccountTransactionRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += insertChunkRows) {
    const part = rows.slice(start, start + insertChunkRows);
    const arrays = accountTransactionColumns.map(([, type, value]) => sql`${part.map(value)}::${sql.raw(type)}[]`);
    await sql`
      insert into account_transactions (${sql.raw(accountTransactionColumns.map(([column]) => column).join(', '))})
      select * from unnest(${sql.join(arrays)})`.execute(trx);
  }
}

export async function selectRowsOfEntry(trx: Tx, entryId: number) {
  return trx.selectFrom('accountTransactions').selectAll().where('ledgerEntryId', '=', entryId).orderBy('id').execute();
}

/** Each original row names its reversal. */
export async function setReversalTransactionIds(
  trx: Tx,
  pairs: readonly { id: number; reversalId: number }[],
): Promise<void> {
  await updateByIds(
    'account_transactions',
    pairs.map((p) => p.id),
    { reversal_id: { type: 'bigint', values: pairs.map((p) => p.reversalId) } },
    sql`reversal_transaction_id = v.reversal_id`,
  ).execute(trx);
}
