import { type AccountTransactionListRow, AppError, accountMessages, type TransactionListRow } from '@lm/domain';
import { assertOwnAccount } from '../platform/access/account-access';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { Executor } from '../platform/db/database';
import { runTypedList, type TypedListResult } from '../platform/list-query';
import {
  allOf,
  detailIdsMax,
  investorTransactionsResource,
  noReversals,
  noUnverifiedWithdrawals,
  ofAccount,
  selectTransactionDetails,
  staffTransactionsResource,
} from './transactions.resource';

/**
 * GET api/transactions: every account's transactions, server-paged; reversals shown unless
 * excluded. A read only: expired withdrawal requests are released by the periodic job.
 */
export async function listTransactions(
  ctx: AppContext,
  query: unknown,
  options: { excludeReversals: boolean },
): Promise<TypedListResult<TransactionListRow>> {
  const conditions = [noUnverifiedWithdrawals];
  if (options.excludeReversals) conditions.push(noReversals);
  return runTypedList(ctx.db, staffTransactionsResource, query, { where: allOf(conditions) });
}

/** GET api/user/investmentAccounts/{id}/transactions: one of the caller's own accounts (404 otherwise). */
export async function listAccountTransactions(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
  query: unknown,
  options: { excludeReversals: boolean },
): Promise<TypedListResult<AccountTransactionListRow>> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  const conditions = [ofAccount(investmentAccountId)];
  if (options.excludeReversals) conditions.push(noReversals);
  return runTypedList(ctx.db, investorTransactionsResource, query, { where: allOf(conditions) });
}

/** One transaction with every expansion of the detail view, or 404. */
export async function transactionView(db: Executor, id: number): Promise<TransactionListRow> {
  const [view] = await transactionViews(db, [id]);
  return view!;
}

/** Transactions with every expansion of the detail view, in the order asked; 404 when one does not exist. */
export async function transactionViews(db: Executor, ids: readonly number[]): Promise<TransactionListRow[]> {
  if (ids.length === 0) return [];
  if (ids.length > detailIdsMax) throw new Error(`at most ${detailIdsMax} transactions in one detail read`);
  const views = await selectTransactionDetails(db, ids);
  return ids.map((id) => {
    const view = views.get(id);
    if (!view) throw new AppError('NOT_FOUND', accountMessages.transactionNotFound);
    return view;
  });
}

/** The `excludeReversals` parameter (already checked by the route's query schema): default false. */
export function excludeReversalsParam(query: { excludeReversals?: string | undefined }): boolean {
  return query.excludeReversals === 'true';
}
