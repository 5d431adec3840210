import {
  applicationApprovalsRoute,
  applicationDetailRoute,
  applicationFileDownloadRoute,
  applicationFilesRoute,
  applicationListRoute,
  applicationRawRoute,
  approveApplicationRoute,
  denyApplicationRoute,
  onboardingMessages,
  renewCertificateRoute,
  submitApplicationRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { approveApplication, denyApplication } from './decide-application';
import { renewCertificate } from './renew-certificate';
import {
  applicationApprovals,
  applicationFiles,
  applicationRaw,
  applicationView,
  listApplications,
  sendApplicationFile,
} from './review-applications';
import { submitApplication } from './submit-application';

/** Investor onboarding (investor-and-admin §7 "Onboarding"): the public submission and the management review. */
export function onboardingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(submitApplicationRoute, async (_input, request) =>
    ok(await submitApplication(ctx, request, request.audit), { userMessage: onboardingMessages.submitted }),
  );

  route(applicationListRoute, async ({ query }) => {
    const result = await listApplications(ctx, query);
    return ok(result.rows, { count: result.count });
  });

  route(applicationDetailRoute, async ({ params }) => ok(await applicationView(ctx, params.id)));
  route(applicationRawRoute, async ({ params }) => ok(await applicationRaw(ctx, params.id)));
  route(applicationApprovalsRoute, async ({ params }) => ok(await applicationApprovals(ctx, params.id)));
  route(applicationFilesRoute, async ({ params }) => ok(await applicationFiles(ctx, params.id)));
  route(applicationFileDownloadRoute, async ({ params }, _request, reply) =>
    sendApplicationFile(ctx, params.id, params.fileId, reply),
  );

  route(approveApplicationRoute, async ({ params }, request) =>
    ok(await approveApplication(ctx, actorOf(request), params.id, request.audit), {
      userMessage: onboardingMessages.approved,
    }),
  );

  route(denyApplicationRoute, async ({ params, body }, request) =>
    ok(await denyApplication(ctx, actorOf(request), params.id, body, request.audit), {
      userMessage: onboardingMessages.denied,
    }),
  );

  // ours: a renewed sophisticated-investor certificate, so an investor whose certificate expired may invest again
  route(renewCertificateRoute, async ({ params, body }, request) =>
    ok(await renewCertificate(ctx, params.id, body, request.audit), {
      userMessage: onboardingMessages.certificateRenewed,
    }),
  );
}
