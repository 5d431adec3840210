import {
  editInvestorRoute,
  investorAccountsRoute,
  investorDetailRoute,
  investorGroupsOfInvestorRoute,
  investorListRoute,
  investorStatisticsRoute,
  peopleMessages,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { editInvestor } from './edit-investor';
import * as investors from './investors.service';

/** Investors (investor-and-admin §2 Investors, §7): list, detail, statistics, their accounts and groups, edit. */
export function investorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(investorListRoute, async ({ query }) => {
    const result = await investors.listInvestors(ctx, query);
    return ok(result.rows, { count: result.count });
  });

  route(investorStatisticsRoute, async ({ query }) => ok(await investors.investorStatistics(ctx, query.groupBy)));

  route(investorDetailRoute, async ({ params }) => ok(await investors.investorDetail(ctx, params.id)));

  route(investorAccountsRoute, async ({ params, query }) => {
    const result = await investors.investorAccounts(ctx, params.investorId, query);
    return ok(result.rows, { count: result.count });
  });

  route(investorGroupsOfInvestorRoute, async ({ params, query }) => {
    const result = await investors.investorGroups(ctx, params.id, query);
    return ok(result.rows, { count: result.count });
  });

  route(editInvestorRoute, async ({ params, body }, request) =>
    ok(await editInvestor(ctx, params.id, body, request.audit), { userMessage: peopleMessages.investorEdited }),
  );
}
