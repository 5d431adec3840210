import { historyRoute } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { listHistory } from './history.service';

/** The History tab of the staff detail screens: GET api/audit/{entity}/{id}. */
export function historyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);
  route(historyRoute, async ({ params, query }) => {
    const result = await listHistory(ctx, params.entity, params.id, query);
    return ok(result.rows, result.count === undefined ? {} : { count: result.count });
  });
}
