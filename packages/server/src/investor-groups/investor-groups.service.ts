import { type InvestorGroupView, notFound, peopleMessages } from '@lm/domain';
import { sql } from 'kysely';
import { groupMembership, investmentAccountsList, investorGroupsList, listInvestors } from '../investors';
import type { AppContext } from '../platform/context';
import { type ListResult, runList } from '../platform/list-query';
import { investorGroupColumns, toInvestorGroupView } from './investor-groups.repository';

/** One investor group (the group's detail tab). */
export async function investorGroupDetail(ctx: AppContext, groupId: number): Promise<InvestorGroupView> {
  const row = await ctx.db
    .selectFrom('investmentGroups')
    .select(investorGroupColumns)
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw notFound(peopleMessages.investorGroupNotFound);
  return toInvestorGroupView(row);
}

/** Investor groups, filtered and paged by the list query. */
export async function listInvestorGroups(ctx: AppContext, query: unknown): Promise<ListResult> {
  return runList(ctx.db, investorGroupsList, query);
}

/** Group Accounts: the investment accounts of the group (click goes to /investorAccounts/{id}). */
export async function investorGroupAccounts(ctx: AppContext, groupId: number, query: unknown): Promise<ListResult> {
  await investorGroupDetail(ctx, groupId);
  return runList(ctx.db, investmentAccountsList, query, { where: sql`a.investment_group_id = ${groupId}` });
}

/** Group Investors, with their user: members and holders of the group's accounts (to /investors/{id}). */
export async function investorGroupInvestors(ctx: AppContext, groupId: number, query: unknown): Promise<ListResult> {
  await investorGroupDetail(ctx, groupId);
  return listInvestors(ctx, query, groupMembership(sql.raw('i.id'), sql`${groupId}`));
}
