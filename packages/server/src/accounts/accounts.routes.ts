import { accountMessages, depositBody, transferBody } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { idParam, ok, validate } from '../platform/http/envelope';
import { withIdempotency } from '../platform/idempotency';
import {
  accountStatistics,
  listAccountInvestors,
  listAccounts,
  listBankAccounts,
  listOwnAccounts,
  listOwnBankAccounts,
} from './accounts.service';
import { depositFunds } from './deposit-funds';
import { transferFunds } from './transfer-funds';

/** Investment accounts, bank accounts, deposits and transfers (investor-and-admin §7). */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/investmentAccounts', async (request) => {
    const result = await listOwnAccounts(ctx, actorOf(request), request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/user/investmentAccounts/:accountId/bankAccounts', async (request) => {
    const { accountId } = request.params as { accountId: string };
    return ok(await listOwnBankAccounts(ctx, actorOf(request), idParam(accountId, 'accountId')));
  });

  app.get('/api/investmentAccounts', async (request) => {
    const result = await listAccounts(ctx, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investmentAccounts/statistics', async () => ok(await accountStatistics(ctx)));

  app.get('/api/investmentAccounts/:id/investors', async (request) => {
    const { id } = request.params as { id: string };
    const result = await listAccountInvestors(ctx, idParam(id), request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investmentAccounts/:id/bankAccounts', async (request) => {
    const { id } = request.params as { id: string };
    return ok(await listBankAccounts(ctx, idParam(id)));
  });

  app.post('/api/investmentAccounts/:id/deposit', async (request) => {
    const { id } = request.params as { id: string };
    const accountId = idParam(id);
    const body = validate(depositBody, request.body);
    return withIdempotency(ctx, request, async () =>
      ok(await depositFunds(ctx, actorOf(request), accountId, body, request.audit), {
        userMessage: accountMessages.depositSuccessful,
      }),
    );
  });

  app.post('/api/investmentAccounts/:id/transfer', async (request) => {
    const { id } = request.params as { id: string };
    const accountId = idParam(id);
    const body = validate(transferBody, request.body);
    return withIdempotency(ctx, request, async () =>
      ok(await transferFunds(ctx, actorOf(request), accountId, body, request.audit), {
        userMessage: accountMessages.transferSuccessful,
      }),
    );
  });
}
