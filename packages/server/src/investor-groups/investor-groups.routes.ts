import { editInvestorGroupBody, peopleMessages } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { idParam, ok, validate } from '../platform/http/envelope';
import { editInvestorGroup } from './edit-investor-group';
import * as groups from './investor-groups.service';

type Params = Record<string, string>;

/** Investor groups (investor-and-admin §2 Investor groups, §7): list, detail, accounts, investors, edit. */
export function investorGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/investmentGroups', async (request) => {
    const result = await groups.listInvestorGroups(ctx, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investmentGroups/:groupId/investmentAccounts', async (request) => {
    const groupId = idParam((request.params as Params).groupId, 'groupId');
    const result = await groups.investorGroupAccounts(ctx, groupId, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investmentGroups/:id/investors', async (request) => {
    const result = await groups.investorGroupInvestors(ctx, idParam((request.params as Params).id), request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investmentGroups/:id', async (request) => {
    return ok(await groups.investorGroupDetail(ctx, idParam((request.params as Params).id)));
  });

  app.put('/api/investmentGroups/:id', async (request) => {
    const groupId = idParam((request.params as Params).id);
    const body = validate(editInvestorGroupBody, request.body);
    return ok(await editInvestorGroup(ctx, groupId, body, request.audit), {
      userMessage: peopleMessages.investorGroupEdited,
    });
  });
}
