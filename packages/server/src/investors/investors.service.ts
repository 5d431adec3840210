import {
  type InvestorStatisticsGroupBy,
  type InvestorStatisticsRow,
  type InvestorView,
  type investorAccountListShape,
  type investorGroupListShape,
  type investorListShape,
  type ListRow,
  maskTaxFileNumber,
  notFound,
  peopleMessages,
} from '@lm/domain';
import type { RawBuilder } from 'kysely';
import type { AppContext } from '../platform/context';
import { revealTfn } from '../platform/crypto/tfn-cipher';
import { runTypedList, type TypedListResult } from '../platform/list-query';
import * as repo from './investors.repository';
import {
  accountsHeldBy,
  groupsOfInvestor,
  investmentAccountsList,
  investorGroupsList,
  investorsList,
} from './people.resources';

export type InvestorRow = ListRow<typeof investorListShape>;
export type InvestorAccountRow = ListRow<typeof investorAccountListShape>;
export type InvestorGroupRow = ListRow<typeof investorGroupListShape>;

/** Investors come with their user unless the query names its own $expand. */
function expandUserByDefault(query: unknown): Record<string, unknown> {
  const options = { ...((query ?? {}) as Record<string, unknown>) };
  const named = Object.keys(options).some((key) => key.toLowerCase().replace(/^\$/, '') === 'expand');
  if (!named) options.$expand = 'user';
  return options;
}

/** A tax file number as staff see it: masked, after decrypting it where it is kept encrypted. */
function shownTfn(ctx: AppContext, stored: string | null): string | null {
  return maskTaxFileNumber(revealTfn(ctx.config.dataDir, stored));
}

/** Investors, with the user expanded, filtered and paged by the list query; the tax file number masked. */
export async function listInvestors(
  ctx: AppContext,
  query: unknown,
  where?: RawBuilder<unknown>,
): Promise<TypedListResult<InvestorRow>> {
  const result = await runTypedList(ctx.db, investorsList, expandUserByDefault(query), where ? { where } : {});
  const rows = result.rows.map((row) =>
    'taxFileNumber' in row ? { ...row, taxFileNumber: shownTfn(ctx, row.taxFileNumber) } : row,
  );
  return { ...result, rows };
}

async function assertInvestorExists(ctx: AppContext, investorId: number): Promise<void> {
  if (!(await repo.investorExists(ctx.db, investorId))) throw notFound(peopleMessages.investorNotFound);
}

/** The investment accounts an investor holds (click goes to /investorAccounts/{id}). */
export async function investorAccounts(
  ctx: AppContext,
  investorId: number,
  query: unknown,
): Promise<TypedListResult<InvestorAccountRow>> {
  await assertInvestorExists(ctx, investorId);
  return runTypedList(ctx.db, investmentAccountsList, query, { where: accountsHeldBy(investorId) });
}

/** The investor groups an investor belongs to (click goes to /investorGroups/{id}). */
export async function investorGroups(
  ctx: AppContext,
  investorId: number,
  query: unknown,
): Promise<TypedListResult<InvestorGroupRow>> {
  await assertInvestorExists(ctx, investorId);
  return runTypedList(ctx.db, investorGroupsList, query, { where: groupsOfInvestor(investorId) });
}

/** One investor with its user (the Investor Information tab). */
export async function investorDetail(ctx: AppContext, investorId: number): Promise<InvestorView> {
  const investor = await repo.findInvestor(ctx.db, investorId);
  if (!investor) throw notFound(peopleMessages.investorNotFound);
  const user = await repo.findUserView(ctx.db, investor.userId);
  return {
    ...investor,
    taxFileNumber: shownTfn(ctx, investor.taxFileNumber),
    createdAt: investor.createdAt.toISOString(),
    user: user ?? null,
  };
}

/**
 * Investor counts grouped by user status, investor type and/or role (the admin dashboard's
 * "Investors (active count)" tile reads the ACTIVE row of the status grouping).
 */
export async function investorStatistics(
  ctx: AppContext,
  groupBy: readonly InvestorStatisticsGroupBy[],
): Promise<InvestorStatisticsRow[]> {
  const groups = await repo.countInvestors(ctx.db, groupBy);
  return groups.map(({ count, values }) => ({ key: values, ...values, count }));
}
