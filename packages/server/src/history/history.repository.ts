import type { HistoryEntity } from '@lm/domain';
import type { Executor } from '../platform/db/database';

const tables = {
  loans: 'loans',
  investmentAccounts: 'investmentAccounts',
  transactions: 'accountTransactions',
  investors: 'investors',
  investmentGroups: 'investmentGroups',
  clients: 'clients',
} as const satisfies Record<HistoryEntity, string>;

/** Whether the record whose history is asked for exists (a deleted loan's row stays, so does its history). */
export async function subjectExists(db: Executor, entity: HistoryEntity, id: number): Promise<boolean> {
  const row = await db.selectFrom(tables[entity]).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
