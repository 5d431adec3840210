import { badRequest, createClientBody, editClientBody, loanMessages } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { validateWithMessages } from '../loans';
import type { AppContext } from '../platform/context';
import { idParam, ok } from '../platform/http/envelope';
import { runList } from '../platform/list-query';
import { clientsResource } from './clients.resource';
import { createClient, editClient, getClient } from './clients.service';

/** The clients calls of investor-and-admin §7; a client's loans are GET api/loans?$filter=clientId eq {id}. */
export function clientsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/clients', async (request) => {
    const result = await runList(ctx.db, clientsResource, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/clients/:id', async (request) => {
    const { id } = request.params as { id: string };
    return ok(await getClient(ctx, idParam(id)));
  });

  app.post('/api/clients', async (request) => {
    // the specification sends the client with its name; { client: { name } } is accepted too
    const raw = request.body as { client?: unknown } | null;
    const body = validateWithMessages(
      createClientBody,
      raw && typeof raw === 'object' && 'client' in raw ? raw.client : raw,
    );
    return ok(await createClient(ctx, body.name, request.audit), { userMessage: loanMessages.clientCreated });
  });

  app.put('/api/clients/:id', async (request) => {
    const { id } = request.params as { id: string };
    const body = validateWithMessages(editClientBody, request.body);
    const clientId = idParam(id);
    if (body.id !== undefined && body.id !== clientId) {
      throw badRequest(loanMessages.idMismatch);
    }
    return ok(await editClient(ctx, clientId, body.name, request.audit), {
      userMessage: loanMessages.clientEdited,
    });
  });
}
