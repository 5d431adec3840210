import { loanMessages, notFound } from '@lm/domain';
import { sql } from 'kysely';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Executor, Tx } from '../platform/db/database';

/** Clients (investor-and-admin §2 "Clients"): the borrowers loans belong to. */

export interface ClientView {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

async function clientView(db: Executor, id: number): Promise<ClientView> {
  const row = await db
    .selectFrom('clients')
    .select(['id', 'name', 'createdAt', 'updatedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(loanMessages.clientNotFound);
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function getClient(ctx: AppContext, id: number): Promise<ClientView> {
  return clientView(ctx.db, id);
}

export async function insertClient(trx: Tx, name: string, audit: AuditContext, now: Date): Promise<number> {
  const row = await trx
    .insertInto('clients')
    .values({ name, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit.record(trx, { objectType: 'client', objectId: row.id, after: { name } });
  return row.id;
}

/** POST api/clients: body { name } (or { client: { name } }); returns the new client with its id. */
export async function createClient(ctx: AppContext, name: string, audit: AuditContext): Promise<ClientView> {
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertClient(trx, name, audit, ctx.clock.now());
    return clientView(trx, id);
  });
}

/** PUT api/clients/{id}: the changed name. */
export async function editClient(ctx: AppContext, id: number, name: string, audit: AuditContext): Promise<ClientView> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('clients').select(['name']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(loanMessages.clientNotFound);
    await trx.updateTable('clients').set({ name, updatedAt: ctx.clock.now() }).where('id', '=', id).execute();
    await audit.record(trx, { objectType: 'client', objectId: id, before, after: { name } });
    return clientView(trx, id);
  });
}

/**
 * The client of a new loan: an existing one by id, else the existing client of that name (case and
 * surrounding spaces do not matter; the oldest when several share it), else a new client.
 */
export async function clientForLoan(
  trx: Tx,
  details: { id?: number | null | undefined; name?: string | null | undefined },
  audit: AuditContext,
  now: Date,
): Promise<number> {
  if (details.id) {
    const row = await trx.selectFrom('clients').select('id').where('id', '=', details.id).executeTakeFirst();
    if (!row) throw notFound(loanMessages.clientNotFound);
    return row.id;
  }
  const name = (details.name ?? '').trim();
  const existing = await trx
    .selectFrom('clients')
    .select('id')
    .where(sql<string>`lower(btrim(name))`, '=', name.toLowerCase())
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (existing) return existing.id;
  return insertClient(trx, name, audit, now);
}
