import {
  editInvestorGroupRoute,
  investorGroupAccountsRoute,
  investorGroupDetailRoute,
  investorGroupInvestorsRoute,
  investorGroupListRoute,
  peopleMessages,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { editInvestorGroup } from './edit-investor-group';
import * as groups from './investor-groups.service';

/** Investor groups (investor-and-admin §2 Investor groups, §7): list, detail, accounts, investors, edit. */
export function investorGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(investorGroupListRoute, async ({ query }) => {
    const result = await groups.listInvestorGroups(ctx, query);
    return ok(result.rows, { count: result.count });
  });

  route(investorGroupAccountsRoute, async ({ params, query }) => {
    const result = await groups.investorGroupAccounts(ctx, params.groupId, query);
    return ok(result.rows, { count: result.count });
  });

  route(investorGroupInvestorsRoute, async ({ params, query }) => {
    const result = await groups.investorGroupInvestors(ctx, params.id, query);
    return ok(result.rows, { count: result.count });
  });

  route(investorGroupDetailRoute, async ({ params }) => ok(await groups.investorGroupDetail(ctx, params.id)));

  route(editInvestorGroupRoute, async ({ params, body }, request) =>
    ok(await editInvestorGroup(ctx, params.id, body, request.audit), {
      userMessage: peopleMessages.investorGroupEdited,
    }),
  );
}
