import { z } from 'zod';
import { accountInvestorVisibleFields } from '../accounts/accounts.contract';
import { defineRoute, idParams, idParamsOf, listOf, listQuery, listShape } from '../contract';
import { investorStatisticsGroupBy } from './people';
import { editUserBody, investorStatisticsQuery } from './people-schemas';

/**
 * The investors API (investor-and-admin §2 Investors, §7): the list, the statistics, one
 * investor, the accounts an investor holds, the groups an investor belongs to, and Edit Investor.
 * The list shapes of investment accounts and investor groups as the people screens show them
 * live here too, so that the investor-groups contract reuses them.
 */

/** The specification's user entity as the `user` relation of an investor. */
export const investorUserListShape = listShape({
  id: 'integer',
  type: 'string',
  firstName: 'string',
  middleName: 'string?',
  lastName: 'string',
  email: 'string',
  homePhone: 'string?',
  mobileNumber1: 'string?',
  mobileNumber2: 'string?',
  status: 'string',
  thirdPartyId: 'string?',
  notes: 'string?',
});

/** Investors (investor-and-admin §3, Investor); the tax file number leaves the server masked. */
export const investorListShape = listShape(
  {
    id: 'integer',
    userId: 'integer',
    taxFileNumber: 'string?',
    addressStreetNumber: 'string?',
    addressStreetName: 'string?',
    addressSuburb: 'string?',
    addressState: 'string?',
    addressPostcode: 'string?',
    addressCountry: 'string?',
    addressType: 'string?',
    investorType: 'string?',
    accreditedDate: 'date?',
    accreditationLevel: 'string?',
    createdAt: 'datetime',
  },
  { user: investorUserListShape },
);

/** Investment accounts as the investor and group detail tables show them (ledger balances). */
export const investorAccountListShape = listShape(accountInvestorVisibleFields);

/** Investor groups (investor-and-admin §3, Investor group). */
export const investorGroupListShape = listShape({
  id: 'integer',
  name: 'string',
  acn: 'string?',
  abn: 'string?',
  email: 'string?',
  status: 'string',
  entityType: 'string?',
  type: 'string?',
  notes: 'string?',
  createdAt: 'datetime',
  updatedAt: 'datetime',
});

/** The specification's user entity (investor-and-admin §3, Investor.user). */
export const userViewSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  homePhone: z.string().nullable(),
  mobileNumber1: z.string().nullable(),
  mobileNumber2: z.string().nullable(),
  status: z.string(),
  thirdPartyId: z.string().nullable(),
  notes: z.string().nullable(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** One investor with its user (the Investor Information tab). */
export const investorViewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  taxFileNumber: z.string().nullable(),
  addressStreetNumber: z.string().nullable(),
  addressStreetName: z.string().nullable(),
  addressSuburb: z.string().nullable(),
  addressState: z.string().nullable(),
  addressPostcode: z.string().nullable(),
  addressCountry: z.string().nullable(),
  addressType: z.string().nullable(),
  investorType: z.string().nullable(),
  accreditedDate: z.string().nullable(),
  accreditationLevel: z.string().nullable(),
  createdAt: z.string(),
  user: userViewSchema.nullable(),
});
export type InvestorView = z.infer<typeof investorViewSchema>;

const statisticsValue = z.string().nullable().optional();

/** One group of GET api/investors/statistics: the grouping's values (also flat) and the count. */
export const investorStatisticsRowSchema = z.object({
  key: z.object(
    Object.fromEntries(investorStatisticsGroupBy.map((field) => [field, statisticsValue])) as {
      [K in (typeof investorStatisticsGroupBy)[number]]: typeof statisticsValue;
    },
  ),
  status: statisticsValue,
  investorType: statisticsValue,
  type: statisticsValue,
  count: z.number().int().nonnegative(),
});
export type InvestorStatisticsRow = z.infer<typeof investorStatisticsRowSchema>;

export const investorListRoute = defineRoute({
  method: 'GET',
  path: '/api/investors',
  tag: 'investors',
  summary: 'Investors',
  description: 'Investors with their user ($expand=user unless the query names its own $expand), id descending.',
  query: listQuery,
  response: listOf(investorListShape),
  list: true,
});

export const investorStatisticsRoute = defineRoute({
  method: 'GET',
  path: '/api/investors/statistics',
  tag: 'investors',
  summary: 'Investor counts',
  description: 'Counts grouped by `groupBy`: status (default), investorType and/or type, comma separated.',
  query: investorStatisticsQuery,
  response: z.array(investorStatisticsRowSchema),
});

export const investorDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/investors/:id',
  tag: 'investors',
  summary: 'One investor',
  params: idParams,
  response: investorViewSchema,
});

export const investorAccountsRoute = defineRoute({
  method: 'GET',
  path: '/api/investors/:investorId/investmentAccounts',
  tag: 'investors',
  summary: 'The investment accounts an investor holds',
  params: idParamsOf('investorId'),
  query: listQuery,
  response: listOf(investorAccountListShape),
  list: true,
});

export const investorGroupsOfInvestorRoute = defineRoute({
  method: 'GET',
  path: '/api/investors/:id/investmentGroups',
  tag: 'investors',
  summary: 'The investor groups an investor belongs to',
  description: "A member of the group, or a holder of one of the group's accounts.",
  params: idParams,
  query: listQuery,
  response: listOf(investorGroupListShape),
  list: true,
});

export const editInvestorRoute = defineRoute({
  method: 'PUT',
  path: '/api/users/:id',
  tag: 'investors',
  summary: 'Edit Investor',
  description:
    "The changed names, mobile numbers, contact number and notes of an investor's user; the id, email and type may travel unchanged.",
  params: idParams,
  body: editUserBody,
  response: userViewSchema,
});
