import {
  type InvestorGroupView,
  type investorGroupListShape,
  type ListRow,
  notFound,
  peopleMessages,
} from '@lm/domain';
import {
  accountsOfGroup,
  type InvestorAccountRow,
  type InvestorRow,
  investmentAccountsList,
  investorGroupsList,
  investorsOfGroup,
  listInvestors,
} from '../investors';
import type { AppContext } from '../platform/context';
import { runTypedList, type TypedListResult } from '../platform/list-query';
import { findInvestorGroup } from './investor-groups.repository';

/** One investor group (the group's detail tab). */
export async function investorGroupDetail(ctx: AppContext, groupId: number): Promise<InvestorGroupView> {
  const group = await findInvestorGroup(ctx.db, groupId);
  if (!group) throw notFound(peopleMessages.investorGroupNotFound);
  return group;
}

/** Investor groups, filtered and paged by the list query. */
export function listInvestorGroups(
  ctx: AppContext,
  query: unknown,
): Promise<TypedListResult<ListRow<typeof investorGroupListShape>>> {
  return runTypedList(ctx.db, investorGroupsList, query);
}

/** Group Accounts: the investment accounts of the group (click goes to /investorAccounts/{id}). */
export async function investorGroupAccounts(
  ctx: AppContext,
  groupId: number,
  query: unknown,
): Promise<TypedListResult<InvestorAccountRow>> {
  await investorGroupDetail(ctx, groupId);
  return runTypedList(ctx.db, investmentAccountsList, query, { where: accountsOfGroup(groupId) });
}

/** Group Investors, with their user: members and holders of the group's accounts (to /investors/{id}). */
export async function investorGroupInvestors(
  ctx: AppContext,
  groupId: number,
  query: unknown,
): Promise<TypedListResult<InvestorRow>> {
  await investorGroupDetail(ctx, groupId);
  return listInvestors(ctx, query, investorsOfGroup(groupId));
}
