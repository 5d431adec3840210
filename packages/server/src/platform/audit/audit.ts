import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Executor, executePrepared } from '../db/database';

export interface AuditChange {
  objectType: string;
  objectId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Who is changing what through which route; services record changes with it in their transaction. */
export class AuditContext {
  recorded = false;
  constructor(
    readonly actorUserId: number | null,
    readonly method: string,
    readonly route: string,
    readonly address: string | null,
  ) {}

  async record(executor: Executor, change: AuditChange): Promise<void> {
    await this.recordMany(executor, [change]);
  }

  /**
   * The record of a change as the JSON a database function writes with the change itself (the
   * ledger's one-statement movement, migration 0170); counts as recorded.
   */
  recordOf(change: AuditChange) {
    this.recorded = true;
    return {
      actor_user_id: this.actorUserId,
      method: this.method,
      route: this.route,
      object_type: change.objectType,
      object_id: change.objectId === null ? null : String(change.objectId),
      before: change.before === undefined ? null : JSON.parse(JSON.stringify(change.before, bigintReplacer)),
      after: change.after === undefined ? null : JSON.parse(JSON.stringify(change.after, bigintReplacer)),
      address: this.address,
    };
  }

  /** One record per change, in a few statements however many there are. */
  async recordMany(executor: Executor, changes: readonly AuditChange[]): Promise<void> {
    this.recorded = true;
    const rows = changes.map((change) => ({
      actorUserId: this.actorUserId,
      method: this.method,
      route: this.route,
      objectType: change.objectType,
      objectId: change.objectId === null ? null : String(change.objectId),
      before: change.before === undefined ? null : JSON.stringify(change.before, bigintReplacer),
      after: change.after === undefined ? null : JSON.stringify(change.after, bigintReplacer),
      address: this.address,
    }));
    if (rows.length === 1) {
      // the usual case, one record: the same statement every time, prepared
      await executePrepared(executor, executor.insertInto('auditLog').values(rows));
      return;
    }
    for (let start = 0; start < rows.length; start += 5_000) {
      await executor
        .insertInto('auditLog')
        .values(rows.slice(start, start + 5_000))
        .execute();
    }
  }
}

function bigintReplacer(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}

declare module 'fastify' {
  interface FastifyRequest {
    audit: AuditContext;
  }
}

/** A system context for jobs and the seed. */
export function systemAudit(route: string): AuditContext {
  return new AuditContext(null, 'SYSTEM', route, null);
}

/**
 * Every data-changing request leaves an audit record: services record their own with before and
 * after; a successful change that recorded nothing gets a record of its route and parameters.
 */
export function registerAudit(app: FastifyInstance, executor: () => Executor): void {
  app.decorateRequest('audit', null as unknown as AuditContext);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    request.audit = new AuditContext(
      request.actor?.userId ?? null,
      request.method,
      request.routeOptions.url ?? request.url,
      request.ip,
    );
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) return;
    if (!request.audit || request.audit.recorded || reply.statusCode >= 400) return;
    if (request.audit.actorUserId === null) return; // anonymous calls (login, reset) audit themselves
    await request.audit
      .record(executor(), { objectType: 'route', objectId: null, after: { params: request.params } })
      .catch((error) => request.log.error({ err: error }, 'audit write failed'));
  });
}
