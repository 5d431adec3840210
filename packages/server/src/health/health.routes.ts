import { healthRoute } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { pingDatabase } from './health.repository';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);
  route(healthRoute, async () => {
    await pingDatabase(ctx.db);
    return ok({ status: 'ok' as const, database: ctx.database.kind });
  });
}
