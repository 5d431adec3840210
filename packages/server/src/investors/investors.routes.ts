import { editUserBody, investorStatisticsQuery, peopleMessages } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { idParam, ok, validate } from '../platform/http/envelope';
import { editInvestor } from './edit-investor';
import * as investors from './investors.service';

type Params = Record<string, string>;

/** Investors (investor-and-admin §2 Investors, §7): list, detail, statistics, their accounts and groups, edit. */
export function investorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/investors', async (request) => {
    const result = await investors.listInvestors(ctx, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investors/statistics', async (request) => {
    const query = validate(investorStatisticsQuery, request.query);
    return ok(await investors.investorStatistics(ctx, query.groupBy));
  });

  app.get('/api/investors/:id', async (request) => {
    return ok(await investors.investorDetail(ctx, idParam((request.params as Params).id)));
  });

  app.get('/api/investors/:investorId/investmentAccounts', async (request) => {
    const investorId = idParam((request.params as Params).investorId, 'investorId');
    const result = await investors.investorAccounts(ctx, investorId, request.query);
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/investors/:id/investmentGroups', async (request) => {
    const result = await investors.investorGroups(ctx, idParam((request.params as Params).id), request.query);
    return ok(result.rows, { count: result.count });
  });

  app.put('/api/users/:id', async (request) => {
    const userId = idParam((request.params as Params).id);
    const body = validate(editUserBody, request.body);
    return ok(await editInvestor(ctx, userId, body, request.audit), { userMessage: peopleMessages.investorEdited });
  });
}
