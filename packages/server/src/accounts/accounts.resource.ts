import type { FieldDef, ListResource, RelationDef } from '../platform/list-query';

/**
 * Investment accounts as lists (investor-and-admin §3 "Investment account", §7): balances are the
 * ledger's cached sums, current = finalised postings, available = current minus pending debits.
 * Default sort id ascending (§9). The investor view leaves out the organisation's notes.
 */

const investorVisibleFields: Record<string, FieldDef> = {
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
};

const investmentGroup: RelationDef = {
  join: 'left join investment_groups g on g.id = a.investment_group_id',
  fields: { id: { sql: 'g.id', type: 'integer' }, name: { sql: 'g.name', type: 'string' } },
};

const from = 'investment_accounts a join ledger_accounts la on la.id = a.ledger_account_id';

export const staffAccountsResource: ListResource = {
  name: 'investment accounts',
  from,
  fields: { ...investorVisibleFields, notes: { sql: 'a.notes', type: 'string' } },
  relations: { investmentGroup },
  defaultOrderBy: 'id asc',
};

export const investorAccountsResource: ListResource = {
  name: 'investment accounts',
  from,
  fields: investorVisibleFields,
  relations: { investmentGroup },
  defaultOrderBy: 'id asc',
};

/** The investors of one account (Investors related to account), with their user. */
export const accountInvestorsResource: ListResource = {
  name: 'investors',
  from: 'investors i',
  fields: {
    id: { sql: 'i.id', type: 'integer' },
    userId: { sql: 'i.user_id', type: 'integer' },
    investorType: { sql: 'i.investor_type', type: 'string' },
    accreditationLevel: { sql: 'i.accreditation_level', type: 'string' },
    accreditedDate: { sql: 'i.accredited_date', type: 'date' },
    addressState: { sql: 'i.address_state', type: 'string' },
    addressCountry: { sql: 'i.address_country', type: 'string' },
  },
  relations: {
    user: {
      join: 'join users u on u.id = i.user_id',
      fields: {
        id: { sql: 'u.id', type: 'integer' },
        type: { sql: 'u.type', type: 'string' },
        firstName: { sql: 'u.first_name', type: 'string' },
        middleName: { sql: 'u.middle_name', type: 'string' },
        lastName: { sql: 'u.last_name', type: 'string' },
        email: { sql: 'u.email', type: 'string' },
        mobileNumber1: { sql: 'u.mobile_number1', type: 'string' },
        status: { sql: 'u.status', type: 'string' },
      },
    },
  },
  defaultOrderBy: 'id asc',
};
