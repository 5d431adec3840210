import {
  accountMessages,
  accountTransactionListRoute,
  deleteTransactionRoute,
  transactionListRoute,
  transactionRoute,
  updateTransactionRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { deleteTransaction } from './delete-transaction';
import {
  excludeReversalsParam,
  listAccountTransactions,
  listTransactions,
  transactionView,
} from './transactions.service';
import { updateTransaction } from './update-transaction';

/** Account transactions (investor-and-admin §7 "Transactions and repayments"). */
export function transactionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(transactionListRoute, async ({ query }) => {
    const result = await listTransactions(ctx, query, { excludeReversals: excludeReversalsParam(query) });
    return ok(result.rows, { count: result.count });
  });

  route(transactionRoute, async ({ params }) => ok(await transactionView(ctx.db, params.id)));

  // PUT with status PAID moves money, so it takes an Idempotency-Key like the POSTs (the contract's idempotent)
  route(updateTransactionRoute, async ({ params, body }, request) =>
    ok(await updateTransaction(ctx, params.id, body, request.audit), {
      userMessage: accountMessages.changesProcessed,
    }),
  );

  route(deleteTransactionRoute, async ({ params }, request) =>
    ok(await deleteTransaction(ctx, actorOf(request), params.transactionId, request.audit), {
      userMessage: accountMessages.changesProcessed,
    }),
  );

  route(accountTransactionListRoute, async ({ params, query }, request) => {
    const result = await listAccountTransactions(ctx, actorOf(request), params.accountId, query, {
      excludeReversals: excludeReversalsParam(query),
    });
    return ok(result.rows, { count: result.count });
  });
}
