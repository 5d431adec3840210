import {
  accountInvestmentsRoute,
  barRowsRoute,
  bookSharesRoute,
  investmentDetailRoute,
  investmentRepaymentsRoute,
  investmentStatisticsRoute,
  investmentsListRoute,
  portfolioSummaryRoute,
  repaymentStatisticsRoute,
  transactionStatisticsRoute,
  userAccountInvestmentsRoute,
  userAccountRepaymentsRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import * as portfolio from './portfolio.service';

/**
 * Investments and portfolios (spec core §2.7 and §7 "Investing", "Dashboard and statistics";
 * investor-and-admin §2 Portfolio and §7): staff investment lists and detail, the investor's
 * portfolio investments and repayments, the portfolio summary and the dashboard statistics.
 */
export function portfolioRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);
  const page = <R>(result: { rows: R[]; count?: number | undefined }) => ok(result.rows, { count: result.count });

  route(investmentsListRoute, async ({ query }) => page(await portfolio.listInvestments(ctx, query)));

  route(investmentDetailRoute, async ({ params }) => ok(await portfolio.investmentDetail(ctx, params.id)));

  route(investmentRepaymentsRoute, async ({ params, query }) =>
    page(await portfolio.investmentRepayments(ctx, params.id, query)),
  );

  route(accountInvestmentsRoute, async ({ params, query }) =>
    page(await portfolio.accountInvestments(ctx, params.accountId, query)),
  );

  route(userAccountInvestmentsRoute, async ({ params, query }, request) =>
    page(await portfolio.userInvestments(ctx, actorOf(request), params.id, query)),
  );

  route(userAccountRepaymentsRoute, async ({ params, query }, request) =>
    page(await portfolio.userRepayments(ctx, actorOf(request), params.id, query)),
  );

  route(portfolioSummaryRoute, async ({ query }, request) =>
    ok(await portfolio.portfolioSummary(ctx, actorOf(request), query)),
  );

  route(transactionStatisticsRoute, async ({ query }, request) =>
    ok(await portfolio.transactionStatistics(ctx, actorOf(request), query)),
  );

  route(repaymentStatisticsRoute, async ({ query }, request) =>
    ok(await portfolio.repaymentStatistics(ctx, actorOf(request), query)),
  );

  route(investmentStatisticsRoute, async ({ query }, request) =>
    ok(await portfolio.investmentStatistics(ctx, actorOf(request), query)),
  );

  route(barRowsRoute, async ({ query }, request) => {
    const rows = await portfolio.barRows(ctx, actorOf(request), query);
    return ok(rows, { count: rows.length });
  });

  route(bookSharesRoute, async ({ query }) => ok(await portfolio.bookShares(ctx, query.groupBy)));
}
