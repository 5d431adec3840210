import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', async () => {
    await sql`select 1`.execute(ctx.db);
    return ok({ status: 'ok', database: ctx.database.kind });
  });
}
