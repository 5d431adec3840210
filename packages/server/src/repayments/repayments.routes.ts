import {
  AppError,
  badRequest,
  fractionaliseRepaymentsBody,
  missingReceiptProperties,
  publishReceiptSchema,
  publishReceiptsBody,
  receiptProviders,
  repaymentMessages,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { idParam, ok, validate } from '../platform/http/envelope';
import { withIdempotency } from '../platform/idempotency';
import { runList } from '../platform/list-query';
import { fractionaliseRepayments } from './fractionalise-repayments';
import { applyExcess, returnExcess } from './handle-excess';
import { publishReceipts } from './publish-receipts';
import { loanTransactionsResource, repaymentsResource } from './repayments.resources';
import { stageReceiptFile } from './stage-receipts';

type Params = Record<string, string>;

/**
 * Repayments (investor-and-admin §2 Upload Repayments and Fractionalise Excess Repayments, §7
 * "Transactions and repayments"): receipt files staged, published and fractionalised; excess
 * handled; repayments and loan transactions listed.
 */
export function repaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/repayments/receipts/processFile', async (request) => {
    const provider = String((request.query as Record<string, unknown>).provider ?? 'insyston').toLowerCase();
    if (!(receiptProviders as readonly string[]).includes(provider)) {
      throw badRequest(`Unknown receipts provider '${provider}'; the provider is ${receiptProviders.join(', ')}.`);
    }
    if (!request.isMultipart()) {
      throw badRequest('The request is not a file upload (multipart/form-data).');
    }
    const file = await request.file();
    if (!file) throw new AppError('INVALID_FILE', repaymentMessages.repaymentsEmpty);
    const staged = await stageReceiptFile(ctx.db, await file.toBuffer());
    return ok(staged, { count: staged.length, userMessage: repaymentMessages.uploaded });
  });

  app.post('/api/repayments/receipts/batch', async (request) => {
    const rows = validate(publishReceiptsBody, request.body);
    const missing = missingReceiptProperties(rows);
    if (missing.length > 0) {
      throw badRequest(
        repaymentMessages.requiredPropertyMissing,
        missing.map((m) => ({ field: `${m.index}.${m.property}`, message: `${m.property} is missing` })),
      );
    }
    const receipts = rows.map((row, index) => {
      const parsed = publishReceiptSchema.safeParse(row);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]!;
      const field = `${index}.${issue.path.join('.')}`;
      throw badRequest(`Receipt ${index + 1}: ${issue.path.join('.')} ${issue.message}`, [
        { field, message: issue.message },
      ]);
    });
    return withIdempotency(ctx, request, async () => {
      const result = await publishReceipts(ctx, receipts, actorOf(request).userId, request.audit);
      return ok(result, { userMessage: repaymentMessages.submitted });
    });
  });

  app.post('/api/repayments/fractionalise', async (request) => {
    const ids = validate(fractionaliseRepaymentsBody, request.body);
    return withIdempotency(ctx, request, async () => {
      const result = await fractionaliseRepayments(ctx, ids, actorOf(request).userId, request.audit);
      return ok(result, { count: result.length, userMessage: repaymentMessages.fractionalised });
    });
  });

  app.post('/api/loanTransactions/:id/actions/applyExcess', async (request) => {
    const id = idParam((request.params as Params).id);
    return withIdempotency(ctx, request, async () =>
      ok(await applyExcess(ctx, id, actorOf(request).userId, request.audit)),
    );
  });

  app.post('/api/loanTransactions/:id/actions/returnExcess', async (request) => {
    const id = idParam((request.params as Params).id);
    return withIdempotency(ctx, request, async () =>
      ok(await returnExcess(ctx, id, actorOf(request).userId, request.audit)),
    );
  });

  app.get('/api/repayments', async (request) => {
    const result = await runList(ctx.db, repaymentsResource, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/loanTransactions', async (request) => {
    const result = await runList(ctx.db, loanTransactionsResource, request.query);
    return ok(result.rows, { count: result.count });
  });
}
