import {
  excessApplyRoute,
  excessReturnRoute,
  loanTransactionsListRoute,
  receiptsProcessFileRoute,
  receiptsPublishRoute,
  repaymentMessages,
  repaymentsFractionaliseRoute,
  repaymentsListRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { fractionaliseRepayments } from './fractionalise-repayments';
import { applyExcess, returnExcess } from './handle-excess';
import { publishReceiptBatch } from './publish-receipts';
import { listLoanTransactions, listRepayments } from './repayments.resource';
import { stageReceiptUpload } from './stage-receipts';

/**
 * Repayments (investor-and-admin §2 Upload Repayments and Fractionalise Excess Repayments, §7
 * "Transactions and repayments"): receipt files staged, published and fractionalised; excess
 * handled; repayments and loan transactions listed.
 */
export function repaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(receiptsProcessFileRoute, async ({ query }, request) => {
    const staged = await stageReceiptUpload(ctx.db, query.provider, request);
    return ok(staged, { count: staged.length, userMessage: repaymentMessages.uploaded });
  });

  route(receiptsPublishRoute, async ({ body }, request) =>
    ok(await publishReceiptBatch(ctx, body, actorOf(request).userId, request.audit), {
      userMessage: repaymentMessages.submitted,
    }),
  );

  // it only reads and writes through the request's transaction: it starts behind its key's claim
  route(
    repaymentsFractionaliseRoute,
    async ({ body }, request) => {
      const result = await fractionaliseRepayments(ctx, body, actorOf(request).userId, request.audit);
      return ok(result, { count: result.length, userMessage: repaymentMessages.fractionalised });
    },
    { runsWithClaim: true },
  );

  route(excessApplyRoute, async ({ params }, request) =>
    ok(await applyExcess(ctx, params.id, actorOf(request).userId, request.audit)),
  );

  route(excessReturnRoute, async ({ params }, request) =>
    ok(await returnExcess(ctx, params.id, actorOf(request).userId, request.audit)),
  );

  route(repaymentsListRoute, async ({ query }) => {
    const result = await listRepayments(ctx.db, query);
    return ok(result.rows, { count: result.count });
  });

  route(loanTransactionsListRoute, async ({ query }) => {
    const result = await listLoanTransactions(ctx.db, query);
    return ok(result.rows, { count: result.count });
  });
}
