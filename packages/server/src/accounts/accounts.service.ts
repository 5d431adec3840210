import {
  type AccountStatistics,
  AppError,
  accountMessages,
  type BankAccount,
  centsFromString,
  centsToNumber,
} from '@lm/domain';
import { assertOwnAccount, ownAccountsCondition } from '../platform/access/account-access';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { Executor } from '../platform/db/database';
import { runTypedList } from '../platform/list-query';
import { accountExists, selectBankAccounts, selectInvestorAccountTotals } from './accounts.repository';
import {
  accountInvestorsResource,
  investorAccountsResource,
  investorsOfAccount,
  staffAccountsResource,
} from './accounts.resource';

/**
 * GET api/user/investmentAccounts: the caller's own accounts. A read only: requests whose code
 * expired are released by the periodic job and by the next withdrawal write, not here.
 */
export async function listOwnAccounts(ctx: AppContext, actor: Actor, query: unknown) {
  return runTypedList(ctx.db, investorAccountsResource, query, { where: ownAccountsCondition('a.id', actor) });
}

/** GET api/investmentAccounts: every account (staff). */
export async function listAccounts(ctx: AppContext, query: unknown) {
  return runTypedList(ctx.db, staffAccountsResource, query);
}

async function assertAccountExists(db: Executor, investmentAccountId: number): Promise<void> {
  if (!(await accountExists(db, investmentAccountId))) {
    throw new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);
  }
}

/** GET api/investmentAccounts/{id}/investors: the investors who hold the account. */
export async function listAccountInvestors(ctx: AppContext, investmentAccountId: number, query: unknown) {
  await assertAccountExists(ctx.db, investmentAccountId);
  return runTypedList(ctx.db, accountInvestorsResource, query, { where: investorsOfAccount(investmentAccountId) });
}

/** GET api/user/investmentAccounts/{accountId}/bankAccounts: the caller's own account only (404 otherwise). */
export async function listOwnBankAccounts(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
): Promise<BankAccount[]> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  return selectBankAccounts(ctx.db, investmentAccountId);
}

/** GET api/investmentAccounts/{id}/bankAccounts (staff). */
export async function listBankAccounts(ctx: AppContext, investmentAccountId: number): Promise<BankAccount[]> {
  await assertAccountExists(ctx.db, investmentAccountId);
  return selectBankAccounts(ctx.db, investmentAccountId);
}

/**
 * GET api/investmentAccounts/statistics: the totals bar of the staff accounts screen, Available
 * and Current Investor Balance, each summed over accounts of the investor type.
 */
export async function accountStatistics(ctx: AppContext): Promise<AccountStatistics> {
  const row = await selectInvestorAccountTotals(ctx.db);
  return {
    key: 'INVESTOR_ACCOUNT',
    count: Number(row.count),
    totalAvailableBalance: centsToNumber(centsFromString(String(row.available))),
    totalCurrentBalance: centsToNumber(centsFromString(String(row.current))),
  };
}
