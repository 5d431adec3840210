import {
  activeLoanListRoute,
  arrearsCheckRoute,
  createLoanRoute,
  deleteLoanRoute,
  editLoanRoute,
  loanListRoute,
  loanListSlashRoute,
  loanMessages,
  loanStatisticsRoute,
  payoutPreviewRoute,
  payoutReceiptRoute,
  payoutRoute,
  processLoanScheduleRoute,
  writeOffRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { runArrearsCheck } from './arrears-check';
import { createLoan } from './create-loan';
import { deleteLoan } from './delete-loan';
import { editLoan } from './edit-loan';
import { loanStatistics } from './loan-statistics';
import { listLoans } from './loans.resource';
import { confirmPayout, findPayoutReceipt, previewPayout } from './payout-loan';
import { processScheduleUpload, scheduleProvider } from './process-schedule';
import { writeOffLoan } from './write-off-loan';

/**
 * The loans calls of spec core §7 (investing and deploy are in investments/). Reads never write:
 * the status a loan has now is computed in their SQL.
 */
export function loansRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  // GET api/loans{query} and GET api/loans/{query}: the loan list, a client's loans (clientId eq),
  // and a single loan by id filter with $expand=loanDetails
  for (const contract of [loanListRoute, loanListSlashRoute]) {
    route(contract, async ({ query }) => {
      const result = await listLoans(ctx.db, query, ctx.clock.now());
      return ok(result.rows, { count: result.count });
    });
  }
  route(activeLoanListRoute, async ({ query }) => {
    const result = await listLoans(ctx.db, query, ctx.clock.now(), 'active');
    return ok(result.rows, { count: result.count });
  });

  route(loanStatisticsRoute, async ({ query }, request) => {
    const result = await loanStatistics(ctx.db, query, ctx.clock.now(), actorOf(request).role);
    return ok(result.rows, { count: result.count });
  });

  route(processLoanScheduleRoute, async ({ query }, request) => {
    const provider = scheduleProvider(query.provider);
    return ok(await processScheduleUpload(ctx, request, provider));
  });

  route(createLoanRoute, async ({ body }, request) =>
    ok(await createLoan(ctx, body, request.audit), { userMessage: loanMessages.loanCreated }),
  );

  route(editLoanRoute, async ({ params, body }, request) =>
    ok(await editLoan(ctx, params.id, body, request.audit), { userMessage: loanMessages.loanEdited }),
  );

  route(deleteLoanRoute, async ({ params }, request) =>
    ok(await deleteLoan(ctx, params.id, request.audit), { userMessage: loanMessages.loanDeleted }),
  );

  route(arrearsCheckRoute, async (_input, request) =>
    ok(await runArrearsCheck(ctx.db, ctx.clock.now(), request.audit), { userMessage: loanMessages.arrearsCalculated }),
  );

  route(payoutPreviewRoute, async ({ body }) => {
    const plan = await previewPayout(ctx, body);
    return ok(plan, plan.warning ? { userMessage: plan.warning } : {});
  });

  route(payoutRoute, async ({ body }, request) =>
    ok(await confirmPayout(ctx, body, request.audit), { userMessage: loanMessages.payoutCreated }),
  );

  route(payoutReceiptRoute, async ({ params }) => ok(await findPayoutReceipt(ctx, params.id)));

  route(writeOffRoute, async ({ body }, request) =>
    ok(await writeOffLoan(ctx, body, actorOf(request).userId, request.audit), {
      userMessage: loanMessages.loanWrittenOff,
    }),
  );
}
