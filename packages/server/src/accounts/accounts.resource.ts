import { accountInvestorListShape, accountListShape, ownAccountListShape } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import { bindListResource } from '../platform/list-query';

/**
 * Investment accounts as lists (investor-and-admin §3 "Investment account", §7): balances are the
 * ledger's cached sums, current = finalised postings, available = the generated
 * current-minus-pending-debits column. Default sort id ascending (§9). The investor view leaves
 * out the organisation's notes.
 */

/** The SQL of the account fields every account list shows (the investor and group tables too). */
export const investorVisibleFields = {
  id: 'a.id',
  name: 'a.name',
  type: 'a.type',
  availableBalance: 'la.available_balance',
  currentBalance: 'la.current_balance',
  bpayBillerCode: 'a.bpay_biller_code',
  bpayReferenceNumber: 'a.bpay_reference_number',
  mandateMaxExposure: 'a.mandate_max_exposure',
  mandateRate: 'a.mandate_rate',
  mandateMaxTerm: 'a.mandate_max_term',
  mandateMaxTermUnit: 'a.mandate_max_term_unit',
  isForeign: 'a.is_foreign',
  creationDate: 'a.creation_date',
  investmentGroupId: 'a.investment_group_id',
};

const investmentGroup = {
  join: 'left join investment_groups g on g.id = a.investment_group_id',
  fields: { id: 'g.id', name: 'g.name' },
};

const from = 'investment_accounts a join ledger_accounts la on la.id = a.ledger_account_id';

export const staffAccountsResource = bindListResource(accountListShape, {
  name: 'investment accounts',
  from,
  fields: { ...investorVisibleFields, notes: 'a.notes' },
  relations: { investmentGroup },
  defaultOrderBy: 'id asc',
});

export const investorAccountsResource = bindListResource(ownAccountListShape, {
  name: 'investment accounts',
  from,
  fields: investorVisibleFields,
  relations: { investmentGroup },
  defaultOrderBy: 'id asc',
});

/** The investors of one account (Investors related to account), with their user. */
export const accountInvestorsResource = bindListResource(accountInvestorListShape, {
  name: 'investors',
  from: 'investors i',
  fields: {
    id: 'i.id',
    userId: 'i.user_id',
    investorType: 'i.investor_type',
    accreditationLevel: 'i.accreditation_level',
    accreditedDate: 'i.accredited_date',
    addressState: 'i.address_state',
    addressCountry: 'i.address_country',
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
        mobileNumber1: 'u.mobile_number1',
        status: 'u.status',
      },
    },
  },
  defaultOrderBy: 'id asc',
});

/** The list condition of one account's investors. */
export function investorsOfAccount(investmentAccountId: number): RawBuilder<unknown> {
  return sql`i.id in (select investor_id from investment_account_investors where investment_account_id = ${investmentAccountId})`;
}
