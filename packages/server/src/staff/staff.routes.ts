import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { idParam, ok } from '../platform/http/envelope';
import * as staff from './staff.service';

type Params = Record<string, string>;

/** Staff (investor-and-admin §2 Staff, §7): users of the types Management and Support. */
export function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/users', async (request) => {
    const result = await staff.listStaff(ctx, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/users/:id', async (request) => {
    return ok(await staff.staffMemberDetail(ctx, idParam((request.params as Params).id)));
  });
}
