import { accountMessages, verifyWithdrawalBody, withdrawBody } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { idParam, ok, validate } from '../platform/http/envelope';
import { withIdempotency } from '../platform/idempotency';
import { lodgeWithdrawal } from './lodge-withdrawal';
import { verifyWithdrawal } from './verify-withdrawal';

/**
 * Withdrawals on the investor side (investor-and-admin §7). Staff decide verified requests through
 * PUT api/transactions/{id} (status PAID or CANCELLED, and a comment), see transactions.routes.ts.
 */
export function withdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/user/investmentAccounts/:accountId/withdraw', async (request) => {
    const { accountId } = request.params as { accountId: string };
    const id = idParam(accountId, 'accountId');
    const body = validate(withdrawBody, request.body);
    return withIdempotency(ctx, request, async () =>
      ok(await lodgeWithdrawal(ctx, actorOf(request), id, body, request.audit), {
        userMessage: accountMessages.withdrawalLodged,
      }),
    );
  });

  app.post('/api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/verify', async (request) => {
    const params = request.params as { accountId: string; requestId: string };
    const accountId = idParam(params.accountId, 'accountId');
    const requestId = idParam(params.requestId, 'requestId');
    const body = validate(verifyWithdrawalBody, request.body);
    const verified = await verifyWithdrawal(
      ctx,
      actorOf(request),
      accountId,
      requestId,
      body.verificationCode,
      request.audit,
    );
    return ok(verified, { userMessage: accountMessages.withdrawalVerified });
  });
}
