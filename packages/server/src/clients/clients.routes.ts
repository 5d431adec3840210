import { clientCreateRoute, clientEditRoute, clientGetRoute, clientListRoute, loanMessages } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { createClient, editClient, getClient, listClients } from './clients.service';

/** The clients calls of investor-and-admin §7; a client's loans are GET api/loans?$filter=clientId eq {id}. */
export function clientsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(clientListRoute, async ({ query }) => {
    const result = await listClients(ctx, query);
    return ok(result.rows, { count: result.count });
  });

  route(clientGetRoute, async ({ params }) => ok(await getClient(ctx, params.id)));

  route(clientCreateRoute, async ({ body }, request) =>
    ok(await createClient(ctx, body.name, request.audit), { userMessage: loanMessages.clientCreated }),
  );

  route(clientEditRoute, async ({ params, body }, request) =>
    ok(await editClient(ctx, params.id, body, request.audit), { userMessage: loanMessages.clientEdited }),
  );
}
