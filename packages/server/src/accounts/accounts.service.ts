import { AppError, accountMessages, centsFromString, centsToNumber } from '@lm/domain';
import { sql } from 'kysely';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { Executor } from '../platform/db/database';
import { type ListResult, runList } from '../platform/list-query';
import { releaseExpiredRequests } from '../withdrawals/release-expired-requests';
import { assertOwnAccount, ownAccountIds, ownAccountsCondition } from './account-access';
import { accountInvestorsResource, investorAccountsResource, staffAccountsResource } from './accounts.resource';

/** GET api/user/investmentAccounts: the caller's own accounts, with balances that reflect expired codes. */
export async function listOwnAccounts(ctx: AppContext, actor: Actor, query: unknown): Promise<ListResult> {
  await releaseExpiredRequests(ctx, { investmentAccountIds: await ownAccountIds(ctx.db, actor) });
  return runList(ctx.db, investorAccountsResource, query, { where: ownAccountsCondition('a.id', actor) });
}

/** GET api/investmentAccounts: every account (staff). */
export async function listAccounts(ctx: AppContext, query: unknown): Promise<ListResult> {
  return runList(ctx.db, staffAccountsResource, query);
}

async function assertAccountExists(db: Executor, investmentAccountId: number): Promise<void> {
  const row = await db
    .selectFrom('investmentAccounts')
    .select('id')
    .where('id', '=', investmentAccountId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);
}

/** GET api/investmentAccounts/{id}/investors: the investors who hold the account. */
export async function listAccountInvestors(
  ctx: AppContext,
  investmentAccountId: number,
  query: unknown,
): Promise<ListResult> {
  await assertAccountExists(ctx.db, investmentAccountId);
  return runList(ctx.db, accountInvestorsResource, query, {
    where: sql`i.id in (select investor_id from investment_account_investors where investment_account_id = ${investmentAccountId})`,
  });
}

export interface BankAccountView {
  id: number;
  investmentAccountId: number;
  name: string;
  bsbNumber: string;
  accountNumber: string;
  isPreferred: boolean;
}

async function bankAccountsOf(db: Executor, investmentAccountId: number): Promise<BankAccountView[]> {
  return db
    .selectFrom('bankAccounts')
    .select(['id', 'investmentAccountId', 'name', 'bsbNumber', 'accountNumber', 'isPreferred'])
    .where('investmentAccountId', '=', investmentAccountId)
    .orderBy('isPreferred', 'desc')
    .orderBy('id')
    .execute();
}

/** GET api/user/investmentAccounts/{accountId}/bankAccounts: the caller's own account only (404 otherwise). */
export async function listOwnBankAccounts(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
): Promise<BankAccountView[]> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  return bankAccountsOf(ctx.db, investmentAccountId);
}

/** GET api/investmentAccounts/{id}/bankAccounts (staff). */
export async function listBankAccounts(ctx: AppContext, investmentAccountId: number): Promise<BankAccountView[]> {
  await assertAccountExists(ctx.db, investmentAccountId);
  return bankAccountsOf(ctx.db, investmentAccountId);
}

export interface AccountStatistics {
  key: 'INVESTOR_ACCOUNT';
  count: number;
  totalAvailableBalance: number;
  totalCurrentBalance: number;
}

/**
 * GET api/investmentAccounts/statistics: the totals bar of the staff accounts screen, Available
 * and Current Investor Balance, each summed over accounts of the investor type.
 */
export async function accountStatistics(ctx: AppContext): Promise<AccountStatistics> {
  const row = await ctx.db
    .selectFrom('investmentAccounts as a')
    .innerJoin('ledgerAccounts as la', 'la.id', 'a.ledgerAccountId')
    .select([
      sql<number>`count(*)`.as('count'),
      sql<string>`coalesce(sum(la.current_balance), 0)`.as('current'),
      sql<string>`coalesce(sum(la.available_balance), 0)`.as('available'),
    ])
    .where('a.type', '=', 'INVESTOR_ACCOUNT')
    .executeTakeFirstOrThrow();
  return {
    key: 'INVESTOR_ACCOUNT',
    count: Number(row.count),
    totalAvailableBalance: centsToNumber(centsFromString(String(row.available))),
    totalCurrentBalance: centsToNumber(centsFromString(String(row.current))),
  };
}
