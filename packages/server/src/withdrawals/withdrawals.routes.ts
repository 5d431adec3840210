import { accountMessages, verifyWithdrawalRoute, withdrawFundsRoute } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { lodgeWithdrawal } from './lodge-withdrawal';
import { verifyWithdrawal } from './verify-withdrawal';

/**
 * Withdrawals on the investor side (investor-and-admin §7). Staff decide verified requests through
 * PUT api/transactions/{id} (status PAID or CANCELLED, and a comment), see transactions.routes.ts.
 */
export function withdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(withdrawFundsRoute, async ({ params, body }, request) =>
    ok(await lodgeWithdrawal(ctx, actorOf(request), params.accountId, body, request.audit), {
      userMessage: accountMessages.withdrawalLodged,
    }),
  );

  route(verifyWithdrawalRoute, async ({ params, body }, request) =>
    ok(
      await verifyWithdrawal(
        ctx,
        actorOf(request),
        params.accountId,
        params.requestId,
        body.verificationCode,
        request.audit,
      ),
      { userMessage: accountMessages.withdrawalVerified },
    ),
  );
}
