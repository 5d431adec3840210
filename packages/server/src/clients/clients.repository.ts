import { sql } from 'kysely';
import type { Executor, Tx } from '../platform/db/database';

/** The clients table (investor-and-admin §2 "Clients"): every statement the clients feature runs. */

export interface ClientRecord {
  id: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export function selectClient(db: Executor, id: number): Promise<ClientRecord | undefined> {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'createdAt', 'updatedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The client's name under a row lock, for an edit in the same transaction. */
export function lockClientName(trx: Tx, id: number): Promise<{ name: string } | undefined> {
  return trx.selectFrom('clients').select(['name']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertClientRow(trx: Tx, name: string, now: Date): Promise<number> {
  const row = await trx
    .insertInto('clients')
    .values({ name, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateClientName(trx: Tx, id: number, name: string, now: Date): Promise<void> {
  await trx.updateTable('clients').set({ name, updatedAt: now }).where('id', '=', id).execute();
}

export async function clientExists(trx: Tx, id: number): Promise<boolean> {
  const row = await trx.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The oldest client of that name, ignoring case and surrounding spaces. */
export async function findClientIdByName(trx: Tx, name: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom('clients')
    .select('id')
    .where(sql<string>`lower(btrim(name))`, '=', name.trim().toLowerCase())
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
