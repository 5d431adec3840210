import {
  investmentAutoInvestRoute,
  investmentDeployLoanRoute,
  investmentInvestorInvestRoute,
  investmentManagementInvestRoute,
  investmentOnePercentRoute,
  investmentReverseRoute,
  loanInvestmentListRoute,
  loanMessages,
  loanTopUpListRoute,
  saleMessages,
  saleQuoteRoute,
  saleSellRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { autoInvest } from './auto-invest';
import { deployLoan } from './deploy-loan';
import { investAsInvestor, investAsManagement } from './invest-in-loan';
import { investOnePercent } from './invest-one-percent';
import { loanInvestments, loanTopUps } from './loan-investments';
import { reverseInvestment } from './reverse-investment';
import { quoteSale, sellInvestment } from './sell-investment';

const investmentSuccessful = { userMessage: loanMessages.investmentSuccessful };

/** Investing (spec core §7 "Investing"), deploy, reverse, and a loan's investments and mandate options. */
export function investmentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  // investing only reads and writes through the request's transaction: it starts behind its key's claim
  route(
    investmentInvestorInvestRoute,
    async ({ params, body }, request) =>
      ok(await investAsInvestor(ctx, actorOf(request), params.id, body, request.audit), investmentSuccessful),
    { runsWithClaim: true },
  );

  route(
    investmentManagementInvestRoute,
    async ({ params, body }, request) =>
      ok(await investAsManagement(ctx, actorOf(request), params.id, body, request.audit), investmentSuccessful),
    { runsWithClaim: true },
  );

  route(investmentOnePercentRoute, async ({ params }, request) =>
    ok(await investOnePercent(ctx, params.id, actorOf(request).userId, request.audit), investmentSuccessful),
  );

  route(investmentAutoInvestRoute, async ({ params, body }, request) =>
    ok(await autoInvest(ctx, params.id, body.amount, actorOf(request).userId, request.audit), investmentSuccessful),
  );

  route(investmentDeployLoanRoute, async ({ params }, request) =>
    ok(await deployLoan(ctx, params.id, actorOf(request).userId, request.audit), {
      userMessage: loanMessages.changesProcessed,
    }),
  );

  route(investmentReverseRoute, async ({ params }, request) =>
    ok(await reverseInvestment(ctx, params.id, request.audit), { userMessage: loanMessages.reversalSuccessful }),
  );

  route(saleQuoteRoute, async ({ body }) => ok(await quoteSale(ctx, body)));

  route(saleSellRoute, async ({ body }, request) =>
    ok(await sellInvestment(ctx, body, actorOf(request).userId, request.audit), {
      userMessage: saleMessages.saleSuccessful,
    }),
  );

  route(loanInvestmentListRoute, async ({ params, query }) => {
    const result = await loanInvestments(ctx, params.id, query);
    return ok(result.rows, { count: result.count });
  });

  route(loanTopUpListRoute, async ({ params, query }) => {
    const result = await loanTopUps(ctx, params.id, query);
    return ok(result.rows, { count: result.count });
  });
}
