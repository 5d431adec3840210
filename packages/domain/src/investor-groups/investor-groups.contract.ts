import { z } from 'zod';
import { defineRoute, idParams, idParamsOf, listOf, listQuery } from '../contract';
import { investorAccountListShape, investorGroupListShape, investorListShape } from '../investors/investors.contract';
import { editInvestorGroupBody } from './investor-group-schemas';

/**
 * The investor groups API (investor-and-admin §2 Investor groups, §7): the list, one group, its
 * accounts and investors, and Edit Investor Group.
 */

/** One investor group (the group's detail tab). */
export const investorGroupViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  acn: z.string().nullable(),
  abn: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  entityType: z.string().nullable(),
  type: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvestorGroupView = z.infer<typeof investorGroupViewSchema>;

export const investorGroupListRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentGroups',
  tag: 'investor-groups',
  summary: 'Investor groups',
  query: listQuery,
  response: listOf(investorGroupListShape),
  list: true,
});

export const investorGroupDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentGroups/:id',
  tag: 'investor-groups',
  summary: 'One investor group',
  params: idParams,
  response: investorGroupViewSchema,
});

export const editInvestorGroupRoute = defineRoute({
  method: 'PUT',
  path: '/api/investmentGroups/:id',
  tag: 'investor-groups',
  summary: 'Edit Investor Group',
  description: 'The changed fields; the id may travel unchanged.',
  params: idParams,
  body: editInvestorGroupBody,
  response: investorGroupViewSchema,
});

export const investorGroupAccountsRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentGroups/:groupId/investmentAccounts',
  tag: 'investor-groups',
  summary: 'The investment accounts of a group',
  params: idParamsOf('groupId'),
  query: listQuery,
  response: listOf(investorAccountListShape),
  list: true,
});

export const investorGroupInvestorsRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentGroups/:id/investors',
  tag: 'investor-groups',
  summary: 'The investors of a group',
  description: "Members of the group and holders of the group's accounts, with their user.",
  params: idParams,
  query: listQuery,
  response: listOf(investorListShape),
  list: true,
});
