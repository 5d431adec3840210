import { staffListRoute, staffMemberRoute } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import * as staff from './staff.service';

/** Staff (investor-and-admin §2 Staff, §7): users of the types Management and Support. */
export function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(staffListRoute, async ({ query }) => {
    const result = await staff.listStaff(ctx, query);
    return ok(result.rows, { count: result.count });
  });

  route(staffMemberRoute, async ({ params }) => ok(await staff.staffMemberDetail(ctx, params.id)));
}
