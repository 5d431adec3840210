import {
  availableStatementsRoute,
  generateOwnReportRoute,
  generateReportRoute,
  ownAvailableStatementsRoute,
  Role,
  reportDefinitionsFor,
  reportListRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { availableStatements } from './available-statements';
import { prepareReport, sendReport } from './generate-report';

/** Reports (investor-and-admin §2 "Reports", §7; DESIGN §1 "reports"). */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);
  const endDateMax = ctx.config.investorReportEndDateMax;

  route(reportListRoute, async (_input, request) => {
    const role = actorOf(request).role === Role.INVESTOR ? Role.INVESTOR : Role.MANAGEMENT;
    return ok({ reports: reportDefinitionsFor(role, endDateMax), investorEndDateMax: endDateMax });
  });

  route(generateReportRoute, async ({ params, body }, request, reply) => {
    const dataset = await prepareReport(ctx, { kind: 'management', actor: actorOf(request) }, params.reportId, body);
    return sendReport(reply, dataset);
  });

  route(availableStatementsRoute, async ({ params }, request) =>
    ok(
      await availableStatements(
        ctx,
        { kind: 'management', actor: actorOf(request) },
        params.accountId,
        params.reportType,
      ),
    ),
  );

  route(ownAvailableStatementsRoute, async ({ params }, request) =>
    ok(
      await availableStatements(
        ctx,
        { kind: 'investor', actor: actorOf(request) },
        params.accountId,
        params.reportType,
      ),
    ),
  );

  route(generateOwnReportRoute, async ({ params, body }, request, reply) => {
    const dataset = await prepareReport(ctx, { kind: 'investor', actor: actorOf(request) }, params.reportId, body);
    return sendReport(reply, dataset);
  });
}
