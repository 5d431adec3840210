import {
  investmentStatisticsQuery,
  portfolioSummaryQuery,
  repaymentStatisticsQuery,
  transactionStatisticsQuery,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { idParam, ok, validate } from '../platform/http/envelope';
import * as portfolio from './portfolio.service';

type Params = Record<string, string>;

/**
 * Investments and portfolios (spec core §2.7 and §7 "Investing", "Dashboard and statistics";
 * investor-and-admin §2 Portfolio and §7): staff investment lists and detail, the investor's
 * portfolio investments and repayments, the portfolio summary and the dashboard statistics.
 */
export function portfolioRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/investments', async (request) => {
    const result = await portfolio.listInvestments(ctx, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investments/:id', async (request) =>
    ok(await portfolio.investmentDetail(ctx, idParam((request.params as Params).id))),
  );

  app.get('/api/investments/:id/repayments', async (request) => {
    const result = await portfolio.investmentRepayments(ctx, idParam((request.params as Params).id), request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investmentAccounts/:accountId/investments', async (request) => {
    const accountId = idParam((request.params as Params).accountId, 'accountId');
    const result = await portfolio.accountInvestments(ctx, accountId, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/user/investmentAccounts/:id/investments', async (request) => {
    const accountId = idParam((request.params as Params).id);
    const result = await portfolio.userInvestments(ctx, actorOf(request), accountId, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/user/investmentAccounts/:id/repayments', async (request) => {
    const accountId = idParam((request.params as Params).id);
    const result = await portfolio.userRepayments(ctx, actorOf(request), accountId, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/accounts/portfolio', async (request) => {
    const query = validate(portfolioSummaryQuery, request.query);
    return ok(await portfolio.portfolioSummary(ctx, actorOf(request), query));
  });

  app.get('/api/user/transactions/statistics', async (request) => {
    const query = validate(transactionStatisticsQuery, request.query);
    return ok(await portfolio.transactionStatistics(ctx, actorOf(request), query));
  });

  app.get('/api/user/repayments/statistics', async (request) => {
    const query = validate(repaymentStatisticsQuery, request.query);
    return ok(await portfolio.repaymentStatistics(ctx, actorOf(request), query));
  });

  app.get('/api/user/investments/statistics', async (request) => {
    const query = validate(investmentStatisticsQuery, request.query);
    return ok(await portfolio.investmentStatistics(ctx, actorOf(request), query));
  });
}
