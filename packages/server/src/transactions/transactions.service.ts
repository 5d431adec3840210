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
  selectLastEntryDetails,
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
  return inOrder(ids, await selectTransactionDetails(db, ids));
}

function inOrder(ids: readonly number[], views: Map<number, TransactionListRow>): TransactionListRow[] {
  return ids.map((id) => {
    const view = views.get(id);
    if (!view) throw new AppError('NOT_FOUND', accountMessages.transactionNotFound);
    return view;
  });
}

/**
 * Writes a money movement with `post` (one statement: the ledger's postMoney) and answers it with
 * the detail views of its rows, in the order of its row ids. Inside an idempotent request on
 * PostgreSQL the view's statement is sent right behind the movement's, without waiting for its
 * answer (one round trip for both): it reads the rows of the ledger entry the session inserted
 * last. The rows it finds must be exactly the movement's; if not (the movement sent another
 * statement after its entry), they are read again by id.
 */
export async function postWithViews(
  ctx: AppContext,
  post: () => Promise<{ entryId: number; transactionIds: number[] }>,
): Promise<{ moved: { entryId: number; transactionIds: number[] }; views: TransactionListRow[] }> {
  const sent = ctx.database.nextStatementSent();
  if (sent === undefined) {
    const moved = await post();
    return { moved, views: await transactionViews(ctx.db, moved.transactionIds) };
  }
  const posting = post();
  // the movement failed before it sent anything: its failure is the answer
  await Promise.race([sent, posting]);
  const reading = selectLastEntryDetails(ctx.db);
  reading.catch(() => {}); // a failed movement fails it too; the movement's failure is the answer
  const moved = await posting;
  const views = await reading;
  const ids = moved.transactionIds;
  if (ids.length === 0 || views.size !== ids.length || !ids.every((id) => views.has(id))) {
    return { moved, views: await transactionViews(ctx.db, ids) };
  }
  return { moved, views: inOrder(ids, views) };
}

/** The `excludeReversals` parameter (already checked by the route's query schema): default false. */
export function excludeReversalsParam(query: { excludeReversals?: string | undefined }): boolean {
  return query.excludeReversals === 'true';
}
