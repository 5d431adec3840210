import { accountMessages } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { idParam, ok } from '../platform/http/envelope';
import { withIdempotency } from '../platform/idempotency';
import { releaseExpiredRequests } from '../withdrawals/release-expired-requests';
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
  app.get('/api/transactions', async (request) => {
    await releaseExpiredRequests(ctx);
    const result = await listTransactions(ctx, request.query, {
      excludeReversals: excludeReversalsParam(request.query),
    });
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/transactions/:id', async (request) => {
    const { id } = request.params as { id: string };
    return ok(await transactionView(ctx.db, idParam(id)));
  });

  app.put('/api/transactions/:id', async (request) => {
    const { id } = request.params as { id: string };
    const transactionId = idParam(id);
    // PUT with status PAID moves money, so it takes an Idempotency-Key like the POSTs
    return withIdempotency(ctx, request, async () =>
      ok(await updateTransaction(ctx, transactionId, request.body, request.audit), {
        userMessage: accountMessages.changesProcessed,
      }),
    );
  });

  app.delete('/api/transaction/:transactionId', async (request) => {
    const { transactionId } = request.params as { transactionId: string };
    const id = idParam(transactionId, 'transactionId');
    return withIdempotency(ctx, request, async () =>
      ok(await deleteTransaction(ctx, actorOf(request), id, request.audit), {
        userMessage: accountMessages.changesProcessed,
      }),
    );
  });

  app.get('/api/user/investmentAccounts/:accountId/transactions', async (request) => {
    const { accountId } = request.params as { accountId: string };
    const result = await listAccountTransactions(
      ctx,
      actorOf(request),
      idParam(accountId, 'accountId'),
      request.query,
      {
        excludeReversals: excludeReversalsParam(request.query),
      },
    );
    return ok(result.rows, { count: result.count });
  });
}
