import { AppError, accountMessages } from '@lm/domain';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { assertOwnAccount } from '../accounts/account-access';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import { type Executor, executePrepared } from '../platform/db/database';
import { type ListResult, runList } from '../platform/list-query';
import { readListQuery } from '../platform/list-query/query-options';
import { planList } from '../platform/list-query/translate';
import { investorTransactionsResource, staffDetailExpand, staffTransactionsResource } from './transactions.resource';

/** Reversal rows and the rows they reversed ("Reversals Are Hidden"). */
const noReversals = sql`(t.reversal_transaction_id is null and t.reverses_transaction_id is null)`;

/**
 * A withdrawal is "held until verified" (investor-and-admin §3): staff lists show a withdrawal
 * request only once the investor has verified it (Pending Withdrawals lists verified requests).
 */
const noUnverifiedWithdrawals = sql`not exists (
  select 1 from withdrawal_requests uw where uw.id = t.withdrawal_request_id and uw.status = 'UNVERIFIED')`;

function allOf(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** GET api/transactions: every account's transactions, server-paged; reversals shown unless excluded. */
export async function listTransactions(
  ctx: AppContext,
  query: unknown,
  options: { excludeReversals: boolean },
): Promise<ListResult> {
  const conditions = [noUnverifiedWithdrawals];
  if (options.excludeReversals) conditions.push(noReversals);
  return runList(ctx.db, staffTransactionsResource, query, { where: allOf(conditions) });
}

/** GET api/user/investmentAccounts/{id}/transactions: one of the caller's own accounts (404 otherwise). */
export async function listAccountTransactions(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
  query: unknown,
  options: { excludeReversals: boolean },
): Promise<ListResult> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  const conditions = [sql`t.investment_account_id = ${investmentAccountId}`];
  if (options.excludeReversals) conditions.push(noReversals);
  return runList(ctx.db, investorTransactionsResource, query, { where: allOf(conditions) });
}

/** One transaction with every expansion of the detail view, or 404. */
export async function transactionView(db: Executor, id: number): Promise<Record<string, unknown>> {
  const [view] = await transactionViews(db, [id]);
  return view!;
}

const detailQuery = readListQuery({ $expand: staffDetailExpand });

/** The most transactions one detail read returns (a transfer reads two). */
const detailIdsMax = 100;

interface DetailStatement {
  sql: string;
  parameters: readonly unknown[];
  /** Where the array of asked ids goes in `parameters`. */
  idsSlot: number;
  toRow(raw: Record<string, unknown>): Record<string, unknown>;
}

let detailStatementCache: DetailStatement | undefined;

/** The detail view's statement, planned and compiled once; each call binds its array of ids. */
function detailStatement(db: Executor): DetailStatement {
  if (detailStatementCache) return detailStatementCache;
  const idsStandIn: number[] = [];
  const plan = planList(
    staffTransactionsResource,
    { ...detailQuery, top: detailIdsMax },
    { where: sql`t.id = any(${idsStandIn}::bigint[])` },
  );
  const compiled = plan.listQuery.compile(db);
  const idsSlot = compiled.parameters.indexOf(idsStandIn);
  if (idsSlot < 0) throw new Error('the transaction detail statement does not carry its ids');
  detailStatementCache = { sql: compiled.sql, parameters: compiled.parameters, idsSlot, toRow: plan.toRow };
  return detailStatementCache;
}

/**
 * Transactions with every expansion of the detail view, in the order asked, in one query (a
 * prepared statement whose plan PostgreSQL keeps); 404 when one does not exist.
 */
export async function transactionViews(db: Executor, ids: readonly number[]): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  if (ids.length > detailIdsMax) throw new Error(`at most ${detailIdsMax} transactions in one detail read`);
  const statement = detailStatement(db);
  const parameters = [...statement.parameters];
  parameters[statement.idsSlot] = [...ids];
  const { rows } = await executePrepared(db, {
    compile: () => CompiledQuery.raw(statement.sql, parameters) as CompiledQuery<Record<string, unknown>>,
  });
  const views = new Map(
    rows.map((raw) => {
      const view = statement.toRow(raw);
      return [Number(view.id), view];
    }),
  );
  return ids.map((id) => {
    const view = views.get(id);
    if (!view) throw new AppError('NOT_FOUND', accountMessages.transactionNotFound);
    return view;
  });
}

/** Reads the un-prefixed `excludeReversals` parameter (true/false; default false: reversals shown). */
export function excludeReversalsParam(query: unknown): boolean {
  const value = (query as Record<string, unknown> | null | undefined)?.excludeReversals;
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new AppError('INVALID_QUERY', 'excludeReversals must be true or false');
}
