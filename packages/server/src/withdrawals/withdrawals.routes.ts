import {
  accountMessages,
  cancelWithdrawalRequestRoute,
  ownWithdrawalRequestsRoute,
  resendWithdrawalCodeRoute,
  verifyWithdrawalRoute,
  withdrawalRequestTexts,
  withdrawFundsRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { lodgeWithdrawal } from './lodge-withdrawal';
import { cancelOwnRequest, listOwnRequests, resendWithdrawalCode } from './own-requests';
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

  // the investor's own requests: where each stands, a new code, or cancelling one awaiting verification
  route(ownWithdrawalRequestsRoute, async ({ params }, request) =>
    ok(await listOwnRequests(ctx, actorOf(request), params.accountId)),
  );

  route(resendWithdrawalCodeRoute, async ({ params }, request) =>
    ok(await resendWithdrawalCode(ctx, actorOf(request), params.accountId, params.requestId, request.audit), {
      userMessage: withdrawalRequestTexts.codeResent,
    }),
  );

  route(cancelWithdrawalRequestRoute, async ({ params }, request) => {
    await cancelOwnRequest(ctx, actorOf(request), params.accountId, params.requestId, request.audit);
    return ok(null, { userMessage: withdrawalRequestTexts.cancelledToast });
  });
}
