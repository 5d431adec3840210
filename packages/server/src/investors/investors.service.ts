import {
  type InvestorStatisticsGroupBy,
  type InvestorView,
  maskTaxFileNumber,
  notFound,
  peopleMessages,
} from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../platform/context';
import { type ListResult, runList } from '../platform/list-query';
import { investorColumns, userViewColumns } from './investors.repository';
import { groupMembership, heldBy, investmentAccountsList, investorGroupsList, investorsList } from './people.lists';

/** Investors come with their user unless the query names its own $expand. */
function expandUserByDefault(query: unknown): Record<string, unknown> {
  const options = { ...((query ?? {}) as Record<string, unknown>) };
  const named = Object.keys(options).some((key) => key.toLowerCase().replace(/^\$/, '') === 'expand');
  if (!named) options.$expand = 'user';
  return options;
}

/** The tax file number leaves the server masked (see maskTaxFileNumber). */
function maskInvestorRows(result: ListResult): ListResult {
  const rows = result.rows.map((row) =>
    'taxFileNumber' in row ? { ...row, taxFileNumber: maskTaxFileNumber(row.taxFileNumber as string | null) } : row,
  );
  return { ...result, rows };
}

/** Investors, with the user expanded, filtered and paged by the list query. */
export async function listInvestors(ctx: AppContext, query: unknown, where?: RawBuilder<unknown>): Promise<ListResult> {
  const result = await runList(ctx.db, investorsList, expandUserByDefault(query), where ? { where } : {});
  return maskInvestorRows(result);
}

async function assertInvestorExists(ctx: AppContext, investorId: number): Promise<void> {
  const row = await ctx.db.selectFrom('investors').select('id').where('id', '=', investorId).executeTakeFirst();
  if (!row) throw notFound(peopleMessages.investorNotFound);
}

/** The investment accounts an investor holds (click goes to /investorAccounts/{id}). */
export async function investorAccounts(ctx: AppContext, investorId: number, query: unknown): Promise<ListResult> {
  await assertInvestorExists(ctx, investorId);
  return runList(ctx.db, investmentAccountsList, query, { where: heldBy(investorId) });
}

/** The investor groups an investor belongs to (click goes to /investorGroups/{id}). */
export async function investorGroups(ctx: AppContext, investorId: number, query: unknown): Promise<ListResult> {
  await assertInvestorExists(ctx, investorId);
  return runList(ctx.db, investorGroupsList, query, { where: groupMembership(sql`${investorId}`, sql.raw('g.id')) });
}

/** One investor with its user (the Investor Information tab). */
export async function investorDetail(ctx: AppContext, investorId: number): Promise<InvestorView> {
  const investor = await ctx.db
    .selectFrom('investors')
    .select(investorColumns)
    .where('investors.id', '=', investorId)
    .executeTakeFirst();
  if (!investor) throw notFound(peopleMessages.investorNotFound);
  const user = await ctx.db
    .selectFrom('users')
    .select(userViewColumns)
    .where('users.id', '=', investor.userId)
    .executeTakeFirst();
  return {
    ...investor,
    taxFileNumber: maskTaxFileNumber(investor.taxFileNumber),
    createdAt: investor.createdAt.toISOString(),
    user: user ?? null,
  };
}

const statisticsColumns = {
  status: 'users.status',
  investorType: 'investors.investorType',
  type: 'users.type',
} as const satisfies Record<InvestorStatisticsGroupBy, string>;

export interface InvestorStatisticsRow {
  key: Partial<Record<InvestorStatisticsGroupBy, string | null>>;
  count: number;
  [field: string]: unknown;
}

/**
 * Investor counts grouped by user status, investor type and/or role (the admin dashboard's
 * "Investors (active count)" tile reads the ACTIVE row of the status grouping).
 */
export async function investorStatistics(
  ctx: AppContext,
  groupBy: readonly InvestorStatisticsGroupBy[],
): Promise<InvestorStatisticsRow[]> {
  let query = ctx.db
    .selectFrom('investors')
    .innerJoin('users', 'users.id', 'investors.userId')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      ...groupBy.map((field) => sql.ref<string | null>(statisticsColumns[field]).as(field)),
    ]);
  for (const field of groupBy) {
    query = query.groupBy(sql.ref(statisticsColumns[field])).orderBy(sql.ref(statisticsColumns[field]));
  }
  const rows = (await query.execute()) as Array<Record<string, unknown>>;
  return rows.map((row) => {
    const key: InvestorStatisticsRow['key'] = {};
    for (const field of groupBy) key[field] = (row[field] as string | null) ?? null;
    return { key, ...key, count: Number(row.count) };
  });
}
