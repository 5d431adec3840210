import type { Tx } from '../platform/db/database';

/** The SQL of single account transaction rows (the lists' SQL is in transactions.resource.ts). */

/** One row, or undefined; with `lock`, under a row lock. */
export async function selectTransaction(trx: Tx, id: number, options: { lock?: boolean } = {}) {
  const query = trx.selectFrom('accountTransactions').selectAll().where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export type TransactionRecord = NonNullable<Awaited<ReturnType<typeof selectTransaction>>>;

export async function updateTransactionComments(
  trx: Tx,
  id: number,
  changes: { comment?: string | null; investorComment?: string | null },
): Promise<void> {
  await trx.updateTable('accountTransactions').set(changes).where('id', '=', id).execute();
}
