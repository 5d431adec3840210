import {
  badRequest,
  type ClientEditBody,
  type clientGetRoute,
  type clientListShape,
  type ListRow,
  loanMessages,
  notFound,
  type RouteData,
} from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Executor, Tx } from '../platform/db/database';
import { runTypedList, type TypedListResult } from '../platform/list-query';
import {
  clientExists,
  findClientIdByName,
  insertClientRow,
  lockClientName,
  selectClient,
  updateClientName,
} from './clients.repository';
import { clientsResource } from './clients.resource';

/** Clients (investor-and-admin §2 "Clients"): the borrowers loans belong to. */

export type ClientView = RouteData<typeof clientGetRoute>;
export type ClientListRow = ListRow<typeof clientListShape>;

async function clientView(db: Executor, id: number): Promise<ClientView> {
  const row = await selectClient(db, id);
  if (!row) throw notFound(loanMessages.clientNotFound);
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** GET api/clients. */
export function listClients(ctx: AppContext, query: unknown): Promise<TypedListResult<ClientListRow>> {
  return runTypedList(ctx.db, clientsResource, query);
}

/** GET api/clients/{id}. */
export function getClient(ctx: AppContext, id: number): Promise<ClientView> {
  return clientView(ctx.db, id);
}

async function insertClient(trx: Tx, name: string, audit: AuditContext, now: Date): Promise<number> {
  const id = await insertClientRow(trx, name, now);
  await audit.record(trx, { objectType: 'client', objectId: id, after: { name } });
  return id;
}

/** POST api/clients: the new client with its id. */
export async function createClient(ctx: AppContext, name: string, audit: AuditContext): Promise<ClientView> {
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertClient(trx, name, audit, ctx.clock.now());
    return clientView(trx, id);
  });
}

/** PUT api/clients/{id}: the changed name; a body naming another id is refused. */
export async function editClient(
  ctx: AppContext,
  id: number,
  body: ClientEditBody,
  audit: AuditContext,
): Promise<ClientView> {
  if (body.id !== undefined && body.id !== id) throw badRequest(loanMessages.idMismatch);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockClientName(trx, id);
    if (!before) throw notFound(loanMessages.clientNotFound);
    await updateClientName(trx, id, body.name, ctx.clock.now());
    await audit.record(trx, { objectType: 'client', objectId: id, before, after: { name: body.name } });
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
    if (!(await clientExists(trx, details.id))) throw notFound(loanMessages.clientNotFound);
    return details.id;
  }
  const name = (details.name ?? '').trim();
  const existing = await findClientIdByName(trx, name);
  if (existing !== undefined) return existing;
  return insertClient(trx, name, audit, now);
}
