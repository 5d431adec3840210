import {
  AppError,
  createLoanBody,
  editLoanBody,
  loanMessages,
  payoutBody,
  scheduleBytesMax,
  writeOffBody,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { idParam, ok } from '../platform/http/envelope';
import { withIdempotency } from '../platform/idempotency';
import { runList } from '../platform/list-query';
import { runArrearsCheck } from './arrears-check';
import { createLoan } from './create-loan';
import { deleteLoan } from './delete-loan';
import { editLoan } from './edit-loan';
import { applyScheduledLoanMoves } from './loan-schedule';
import { loanStatistics } from './loan-statistics';
import { activeOnly, loansResource, notDeleted } from './loans.resource';
import { confirmPayout, previewPayout } from './payout-loan';
import { processScheduleFile, scheduleProvider } from './process-schedule';
import { validateWithMessages } from './validate-body';
import { writeOffLoan } from './write-off-loan';

/** The loans calls of spec core §7 (investing and deploy are in investments/). */
export function loansRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (query: unknown, where = notDeleted) => {
    await applyScheduledLoanMoves(ctx.db, ctx.clock.now());
    const result = await runList(ctx.db, loansResource, query, { where });
    return ok(result.rows, { count: result.count });
  };

  // GET api/loans{query} and GET api/loans/{query}: the loan list, a client's loans (clientId eq),
  // and a single loan by id filter with $expand=loanDetails
  app.get('/api/loans', async (request) => list(request.query));
  app.get('/api/loans/', async (request) => list(request.query));
  app.get('/api/loans/active', async (request) => list(request.query, sql`${notDeleted} and ${activeOnly}`));

  app.get('/api/loans/statistics', async (request) => {
    await applyScheduledLoanMoves(ctx.db, ctx.clock.now());
    const rows = await loanStatistics(ctx.db, request.query);
    return ok([...rows], { count: rows.count });
  });

  app.post('/api/loans/processFile', async (request) => {
    const provider = scheduleProvider((request.query as Record<string, unknown>).provider);
    const file = await request.file({ limits: { fileSize: scheduleBytesMax, files: 1 } });
    if (!file) throw new AppError('INVALID_FILE', loanMessages.repaymentsUnprocessable);
    const content = await file.toBuffer();
    return ok(await processScheduleFile(ctx, content, provider));
  });

  app.post('/api/loans', async (request) => {
    const body = validateWithMessages(createLoanBody, request.body);
    return ok(await createLoan(ctx, body, request.audit), { userMessage: loanMessages.loanCreated });
  });

  app.put('/api/loans/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id);
    const body = validateWithMessages(editLoanBody, request.body);
    return ok(await editLoan(ctx, id, body, request.audit), { userMessage: loanMessages.loanEdited });
  });

  app.post('/api/loans/:id/actions/delete', async (request) => {
    const id = idParam((request.params as { id: string }).id);
    return ok(await deleteLoan(ctx, id, request.audit), { userMessage: loanMessages.loanDeleted });
  });

  app.post('/api/loans/actions/arrearsCheck', async (request) =>
    ok(await runArrearsCheck(ctx.db, ctx.clock.now(), request.audit), { userMessage: loanMessages.arrearsCalculated }),
  );

  app.post('/api/loans/actions/payout/preview', async (request) => {
    const body = validateWithMessages(payoutBody, request.body);
    const plan = await previewPayout(ctx, body);
    return ok(plan, plan.warning ? { userMessage: plan.warning } : {});
  });

  app.post('/api/loans/actions/payout', async (request) => {
    const body = validateWithMessages(payoutBody, request.body);
    return withIdempotency(ctx, request, async () =>
      ok(await confirmPayout(ctx, body, request.audit), { userMessage: loanMessages.payoutCreated }),
    );
  });

  app.post('/api/loans/actions/writeOff', async (request) => {
    const body = validateWithMessages(writeOffBody, request.body);
    const actor = actorOf(request);
    return withIdempotency(ctx, request, async () =>
      ok(await writeOffLoan(ctx, body, actor.userId, request.audit), { userMessage: loanMessages.loanWrittenOff }),
    );
  });
}
