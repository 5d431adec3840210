import { investorAccountListShape, investorGroupListShape, investorListShape } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import { accountListFieldsSql } from '../accounts';
import { bindListResource } from '../platform/list-query';

/**
 * The list resources of the people screens (DESIGN §5): what a client may filter, sort, select
 * and expand, bound to the domain's list shapes. All SQL here is ours; client values only ever
 * travel as parameters.
 */

/** Investors with their user (investor-and-admin §3, Investor); default sort id descending (§9). */
export const investorsList = bindListResource(investorListShape, {
  name: 'investors',
  from: 'investors i',
  fields: {
    id: 'i.id',
    userId: 'i.user_id',
    // shown masked (see investors.service); never a filter or sort key
    taxFileNumber: { sql: 'i.tax_file_number', filter: false, sort: false },
    addressStreetNumber: 'i.address_street_number',
    addressStreetName: 'i.address_street_name',
    addressSuburb: 'i.address_suburb',
    addressState: 'i.address_state',
    addressPostcode: 'i.address_postcode',
    addressCountry: 'i.address_country',
    addressType: 'i.address_type',
    investorType: 'i.investor_type',
    accreditedDate: 'i.accredited_date',
    accreditationLevel: 'i.accreditation_level',
    createdAt: 'i.created_at',
  },
  relations: {
    user: {
      join: 'join users u on u.id = i.user_id',
      fields: {
        id: 'u.id',
        type: 'u.type',
        firstName: 'u.first_name',
        middleName: 'u.middle_name',
        lastName: 'u.last_name',
        email: 'u.email',
        homePhone: 'u.home_phone',
        mobileNumber1: 'u.mobile_number1',
        mobileNumber2: 'u.mobile_number2',
        status: 'u.status',
        thirdPartyId: 'u.third_party_id',
        notes: 'u.notes',
      },
    },
  },
  defaultOrderBy: 'id desc',
});

/**
 * Investment accounts (investor-and-admin §3, Investment account) as the investor and group
 * detail tables show them; balances are the ledger's (available = current minus pending debits,
 * the generated column). Default sort id ascending (§9).
 */
export const investmentAccountsList = bindListResource(investorAccountListShape, {
  name: 'investment accounts',
  from: 'investment_accounts a join ledger_accounts la on la.id = a.ledger_account_id',
  fields: accountListFieldsSql,

  defaultOrderBy: 'id asc',
});

/** Investor groups (investor-and-admin §3, Investor group); default sort id descending (§9). */
export const investorGroupsList = bindListResource(investorGroupListShape, {
  name: 'investor groups',
  from: 'investment_groups g',
  fields: {
    id: 'g.id',
    name: 'g.name',
    acn: 'g.acn',
    abn: 'g.abn',
    email: 'g.email',
    status: 'g.status',
    entityType: 'g.entity_type',
    type: 'g.type',
    notes: 'g.notes',
    createdAt: 'g.created_at',
    updatedAt: 'g.updated_at',
  },
  defaultOrderBy: 'id desc',
});

/**
 * An investor belongs to a group when listed as its member or when holding one of its accounts
 * (the group's investors are the people behind the group's accounts).
 */
function groupMembership(investorId: RawBuilder<unknown>, groupId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(exists (select 1 from investment_group_investors gm
      where gm.investor_id = ${investorId} and gm.investment_group_id = ${groupId})
    or exists (select 1 from investment_account_investors gai
      join investment_accounts ga on ga.id = gai.investment_account_id
      where gai.investor_id = ${investorId} and ga.investment_group_id = ${groupId}))`;
}

/** `investorGroupsList` rows: the groups an investor belongs to. */
export function groupsOfInvestor(investorId: number): RawBuilder<unknown> {
  return groupMembership(sql`${investorId}`, sql.raw('g.id'));
}

/** `investorsList` rows: the investors of a group. */
export function investorsOfGroup(groupId: number): RawBuilder<unknown> {
  return groupMembership(sql.raw('i.id'), sql`${groupId}`);
}

/** `investmentAccountsList` rows: the accounts an investor holds. */
export function accountsHeldBy(investorId: number): RawBuilder<unknown> {
  return sql`exists (select 1 from investment_account_investors ai
    where ai.investment_account_id = a.id and ai.investor_id = ${investorId})`;
}

/** `investmentAccountsList` rows: the accounts of a group. */
export function accountsOfGroup(groupId: number): RawBuilder<unknown> {
  return sql`a.investment_group_id = ${groupId}`;
}
