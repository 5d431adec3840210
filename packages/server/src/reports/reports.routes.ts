import {
  availableStatementsRoute,
  generateOwnReportRoute,
  generateReportRoute,
  jobMessages,
  jobRoute,
  ownAvailableStatementsRoute,
  ownStatementFileRoute,
  type ReportRequestBody,
  Role,
  reportDefinitionsFor,
  reportListRoute,
  statementFileRoute,
} from '@lm/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { sendStoredFile } from '../platform/http/send-stored-file';
import { availableStatements, statementFile } from './available-statements';
import { prepareReport, type ReportCaller, sendReport } from './generate-report';
import { enqueueReport } from './report-job';

/** True when the request asks for a job (RFC 7240 `Prefer: respond-async`). */
export function prefersAsync(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer : prefer ? [prefer] : [];
  return values.some((value) =>
    value.split(',').some(
      (token) =>
        token
          .trim()
          .toLowerCase()
          .split(/[\s;=]/)[0] === jobMessages.preferAsync,
    ),
  );
}

/**
 * Generating a report: the file in the answer, or with `Prefer: respond-async` a job (202
 * `{jobId}`, Location the job's call) once everything that can refuse has been checked.
 */
async function generate(
  ctx: AppContext,
  caller: ReportCaller,
  reportId: string,
  body: ReportRequestBody,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (!prefersAsync(request)) return sendReport(reply, await prepareReport(ctx, caller, reportId, body));
  await prepareReport(ctx, caller, reportId, body, { store: false });
  const jobId = await enqueueReport(ctx, caller, reportId, body);
  return reply
    .code(202)
    .header('preference-applied', jobMessages.preferAsync)
    .header('location', jobRoute.path.replace(':jobId', String(jobId)))
    .send(ok({ jobId }));
}

/** Reports (investor-and-admin §2 "Reports", §7; DESIGN §1 "reports"). */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);
  const endDateMax = ctx.config.investorReportEndDateMax;
  const management = (request: FastifyRequest): ReportCaller => ({ kind: 'management', actor: actorOf(request) });
  const investor = (request: FastifyRequest): ReportCaller => ({ kind: 'investor', actor: actorOf(request) });

  route(reportListRoute, async (_input, request) => {
    const role = actorOf(request).role === Role.INVESTOR ? Role.INVESTOR : Role.MANAGEMENT;
    return ok({ reports: reportDefinitionsFor(role, endDateMax), investorEndDateMax: endDateMax });
  });

  route(generateReportRoute, async ({ params, body }, request, reply) =>
    generate(ctx, management(request), params.reportId, body, request, reply),
  );

  route(generateOwnReportRoute, async ({ params, body }, request, reply) =>
    generate(ctx, investor(request), params.reportId, body, request, reply),
  );

  route(availableStatementsRoute, async ({ params }, request) =>
    ok(await availableStatements(ctx, management(request), params.accountId, params.reportType)),
  );

  route(ownAvailableStatementsRoute, async ({ params }, request) =>
    ok(await availableStatements(ctx, investor(request), params.accountId, params.reportType)),
  );

  route(statementFileRoute, async ({ params }, request, reply) =>
    sendStoredFile(reply, ctx.db, await statementFile(ctx, management(request), params.accountId, params.statementId)),
  );

  route(ownStatementFileRoute, async ({ params }, request, reply) =>
    sendStoredFile(reply, ctx.db, await statementFile(ctx, investor(request), params.accountId, params.statementId)),
  );
}
