import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/accounts.routes';
import { clientsRoutes } from './clients/clients.routes';
import { healthRoutes } from './health/health.routes';
import { historyRoutes } from './history';
import { investmentsRoutes } from './investments';
import { investorGroupRoutes } from './investor-groups';
import { investorRoutes } from './investors';
import { jobRoutes } from './jobs';
import { loansRoutes } from './loans';
import { marketplaceRoutes } from './marketplace/marketplace.routes';
import { onboardingRoutes } from './onboarding';
import { registerAccessControl } from './platform/access/access-plugin';
import { registerAudit } from './platform/audit/audit';
import type { AppContext } from './platform/context';
import { AppPages, sendAppPage } from './platform/http/app-page';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerContract } from './platform/http/openapi';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp } from './platform/http/static-web';
import { registerUnsupportedBrowserPage } from './platform/http/unsupported-browser-page';
import { portfolioRoutes } from './portfolio';
import { repaymentRoutes } from './repayments';
import { reportRoutes } from './reports';
import { sessionRoutes } from './session';
import { staffRoutes } from './staff';
import { transactionRoutes } from './transactions/transactions.routes';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';

export const bodyBytesMax = 1024 * 1024;
export const uploadBytesMax = 20 * 1024 * 1024;

/** Feature route modules, in one list: adding a feature is one line here. */
const features: Array<(app: FastifyInstance, ctx: AppContext) => void> = [
  healthRoutes,
  sessionRoutes,
  investorRoutes,
  investorGroupRoutes,
  staffRoutes,
  accountRoutes,
  transactionRoutes,
  withdrawalRoutes,
  repaymentRoutes,
  portfolioRoutes,
  loansRoutes,
  investmentsRoutes,
  marketplaceRoutes,
  clientsRoutes,
  historyRoutes,
  onboardingRoutes,
  reportRoutes,
  jobRoutes,
];

export async function buildApp(ctx: AppContext, options: { serveWeb?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.logLevel },
    bodyLimit: bodyBytesMax,
    trustProxy: false,
  });
  const appPages =
    options.serveWeb && fs.existsSync(path.join(ctx.config.webDistDir, 'index.html'))
      ? AppPages.load(ctx.config.webDistDir)
      : null;
  await registerSecurityHeaders(app);
  // before everything else: IE cannot run the web app, so its page requests get the plain page
  registerUnsupportedBrowserPage(app);
  registerErrorHandler(app, {
    appPage: appPages ? (request, reply) => sendAppPage(appPages, request, reply) : undefined,
  });
  registerAccessControl(app, ctx.tokens, ctx.sessions);
  registerAudit(app, () => ctx.db);
  await registerContract(app);
  // plain-text bodies: some calls of the specification send a bare string
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  await app.register(fastifyMultipart, { limits: { fileSize: uploadBytesMax, files: 20, fields: 50 } });

  for (const feature of features) feature(app, ctx);

  if (appPages) await registerWebApp(app, ctx.config.webDistDir);
  return app;
}
