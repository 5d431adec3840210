import { type RawBuilder, sql } from 'kysely';
import type { FieldDef, ListResource } from '../platform/list-query';

/**
 * The list resources of the people screens (DESIGN §5): what a client may filter, sort, select
 * and expand. All SQL here is ours; client values only ever travel as parameters.
 */

/** The specification's user entity, as the `user` relation of an investor. */
export const userFields: Record<string, FieldDef> = {
  id: { sql: 'u.id', type: 'integer' },
  type: { sql: 'u.type', type: 'string' },
  firstName: { sql: 'u.first_name', type: 'string' },
  middleName: { sql: 'u.middle_name', type: 'string' },
  lastName: { sql: 'u.last_name', type: 'string' },
  email: { sql: 'u.email', type: 'string' },
  homePhone: { sql: 'u.home_phone', type: 'string' },
  mobileNumber1: { sql: 'u.mobile_number1', type: 'string' },
  mobileNumber2: { sql: 'u.mobile_number2', type: 'string' },
  status: { sql: 'u.status', type: 'string' },
  thirdPartyId: { sql: 'u.third_party_id', type: 'string' },
  notes: { sql: 'u.notes', type: 'string' },
};

/** Investors with their user (investor-and-admin §3, Investor); default sort id descending (§9). */
export const investorsList: ListResource = {
  name: 'investors',
  from: 'investors i',
  fields: {
    id: { sql: 'i.id', type: 'integer' },
    userId: { sql: 'i.user_id', type: 'integer' },
    // shown masked (see investors.service); never a filter or sort key
    taxFileNumber: { sql: 'i.tax_file_number', type: 'string', filter: false, sort: false },
    addressStreetNumber: { sql: 'i.address_street_number', type: 'string' },
    addressStreetName: { sql: 'i.address_street_name', type: 'string' },
    addressSuburb: { sql: 'i.address_suburb', type: 'string' },
    addressState: { sql: 'i.address_state', type: 'string' },
    addressPostcode: { sql: 'i.address_postcode', type: 'string' },
    addressCountry: { sql: 'i.address_country', type: 'string' },
    addressType: { sql: 'i.address_type', type: 'string' },
    investorType: { sql: 'i.investor_type', type: 'string' },
    accreditedDate: { sql: 'i.accredited_date', type: 'date' },
    accreditationLevel: { sql: 'i.accreditation_level', type: 'string' },
    createdAt: { sql: 'i.created_at', type: 'datetime' },
  },
  relations: {
    user: { join: 'join users u on u.id = i.user_id', fields: userFields },
  },
  defaultOrderBy: 'id desc',
};

/**
 * Investment accounts (investor-and-admin §3, Investment account) as the investor and group
 * detail tables show them; balances are the ledger's: current = finalised postings, available =
 * current minus pending debits. Default sort id ascending (§9).
 */
export const investmentAccountsList: ListResource = {
  name: 'investment accounts',
  from: 'investment_accounts a join ledger_accounts la on la.id = a.ledger_account_id',
  fields: {
    id: { sql: 'a.id', type: 'integer' },
    name: { sql: 'a.name', type: 'string' },
    type: { sql: 'a.type', type: 'string' },
    availableBalance: { sql: 'la.available_balance', type: 'money' },
    currentBalance: { sql: 'la.current_balance', type: 'money' },
    bpayBillerCode: { sql: 'a.bpay_biller_code', type: 'string' },
    bpayReferenceNumber: { sql: 'a.bpay_reference_number', type: 'string' },
    mandateMaxExposure: { sql: 'a.mandate_max_exposure', type: 'money' },
    mandateRate: { sql: 'a.mandate_rate', type: 'decimal' },
    mandateMaxTerm: { sql: 'a.mandate_max_term', type: 'integer' },
    mandateMaxTermUnit: { sql: 'a.mandate_max_term_unit', type: 'string' },
    isForeign: { sql: 'a.is_foreign', type: 'boolean' },
    creationDate: { sql: 'a.creation_date', type: 'datetime' },
    investmentGroupId: { sql: 'a.investment_group_id', type: 'integer' },
  },
  defaultOrderBy: 'id asc',
};

/** Investor groups (investor-and-admin §3, Investor group); default sort id descending (§9). */
export const investorGroupsList: ListResource = {
  name: 'investor groups',
  from: 'investment_groups g',
  fields: {
    id: { sql: 'g.id', type: 'integer' },
    name: { sql: 'g.name', type: 'string' },
    acn: { sql: 'g.acn', type: 'string' },
    abn: { sql: 'g.abn', type: 'string' },
    email: { sql: 'g.email', type: 'string' },
    status: { sql: 'g.status', type: 'string' },
    entityType: { sql: 'g.entity_type', type: 'string' },
    type: { sql: 'g.type', type: 'string' },
    notes: { sql: 'g.notes', type: 'string' },
    createdAt: { sql: 'g.created_at', type: 'datetime' },
    updatedAt: { sql: 'g.updated_at', type: 'datetime' },
  },
  defaultOrderBy: 'id desc',
};

/**
 * An investor belongs to a group when listed as its member or when holding one of its accounts
 * (the group's investors are the people behind the group's accounts).
 */
export function groupMembership(investorId: RawBuilder<unknown>, groupId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(exists (select 1 from investment_group_investors gm
      where gm.investor_id = ${investorId} and gm.investment_group_id = ${groupId})
    or exists (select 1 from investment_account_investors gai
      join investment_accounts ga on ga.id = gai.investment_account_id
      where gai.investor_id = ${investorId} and ga.investment_group_id = ${groupId}))`;
}

/** The accounts an investor holds. */
export function heldBy(investorId: number): RawBuilder<unknown> {
  return sql`exists (select 1 from investment_account_investors ai
    where ai.investment_account_id = a.id and ai.investor_id = ${investorId})`;
}
