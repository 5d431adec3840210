import {
  accountBankAccountsRoute,
  accountInvestorListRoute,
  accountListRoute,
  accountMessages,
  accountStatisticsRoute,
  depositFundsRoute,
  ownAccountListRoute,
  ownBankAccountsRoute,
  transferFundsRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import {
  accountStatistics,
  listAccountInvestors,
  listAccounts,
  listBankAccounts,
  listOwnAccounts,
  listOwnBankAccounts,
} from './accounts.service';
import { depositFunds } from './deposit-funds';
import { transferFunds } from './transfer-funds';

/** Investment accounts, bank accounts, deposits and transfers (investor-and-admin §7). */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(ownAccountListRoute, async ({ query }, request) => {
    const result = await listOwnAccounts(ctx, actorOf(request), query);
    return ok(result.rows, { count: result.count });
  });

  route(ownBankAccountsRoute, async ({ params }, request) =>
    ok(await listOwnBankAccounts(ctx, actorOf(request), params.accountId)),
  );

  route(accountListRoute, async ({ query }) => {
    const result = await listAccounts(ctx, query);
    return ok(result.rows, { count: result.count });
  });

  route(accountStatisticsRoute, async () => ok(await accountStatistics(ctx)));

  route(accountInvestorListRoute, async ({ params, query }) => {
    const result = await listAccountInvestors(ctx, params.id, query);
    return ok(result.rows, { count: result.count });
  });

  route(accountBankAccountsRoute, async ({ params }) => ok(await listBankAccounts(ctx, params.id)));

  // a deposit and a transfer only read and write through the request's transaction: they start
  // behind their key's claim, in the same round trip (platform/idempotency.ts)
  route(
    depositFundsRoute,
    async ({ params, body }, request) =>
      ok(await depositFunds(ctx, actorOf(request), params.id, body, request.audit), {
        userMessage: accountMessages.depositSuccessful,
      }),
    { runsWithClaim: true },
  );

  route(
    transferFundsRoute,
    async ({ params, body }, request) =>
      ok(await transferFunds(ctx, actorOf(request), params.id, body, request.audit), {
        userMessage: accountMessages.transferSuccessful,
      }),
    { runsWithClaim: true },
  );
}
