import type { FieldDef, ListResource, RelationDef } from '../platform/list-query';

/**
 * Investments of a loan (GET api/loans/{id}/investments, spec core §3 "Investment") and a loan's
 * mandate options (GET api/loans/{id}/topUps). Default sort investmentAccountTransactionId
 * descending (spec core §9). Reversed investments are left out.
 */

const investmentAccount: RelationDef = {
  join: 'left join investment_accounts ia on ia.id = i.investment_account_id left join ledger_accounts ial on ial.id = ia.ledger_account_id',
  fields: {
    id: { sql: 'ia.id', type: 'integer' },
    name: { sql: 'ia.name', type: 'string' },
    type: { sql: 'ia.type', type: 'string' },
    availableBalance: { sql: 'ial.available_balance', type: 'money' },
    currentBalance: { sql: 'ial.current_balance', type: 'money' },
    mandateRate: { sql: 'ia.mandate_rate', type: 'decimal' },
    mandateMaxExposure: { sql: 'ia.mandate_max_exposure', type: 'money' },
    mandateMaxTerm: { sql: 'ia.mandate_max_term', type: 'integer' },
    mandateMaxTermUnit: { sql: 'ia.mandate_max_term_unit', type: 'string' },
    isForeign: { sql: 'ia.is_foreign', type: 'boolean' },
  },
};

const loan: RelationDef = {
  join: 'left join loans il on il.id = i.loan_id',
  fields: {
    id: { sql: 'il.id', type: 'integer' },
    name: { sql: 'il.name', type: 'string' },
    thirdPartyId: { sql: 'il.third_party_id', type: 'string' },
    amount: { sql: 'il.amount', type: 'money' },
    status: { sql: 'il.status', type: 'string' },
    subStatus: { sql: 'il.sub_status', type: 'string' },
    baseInterestRate: { sql: 'il.base_interest_rate', type: 'decimal' },
    interestCalculationMethod: { sql: 'il.interest_calculation_method', type: 'string' },
    disbursementDate: { sql: 'il.disbursement_date', type: 'date' },
    fundedDate: { sql: 'il.funded_date', type: 'datetime' },
  },
};

const investmentFields: Record<string, FieldDef> = {
  id: { sql: 'i.id', type: 'integer' },
  loanId: { sql: 'i.loan_id', type: 'integer' },
  investmentAccountId: { sql: 'i.investment_account_id', type: 'integer' },
  investedAmount: { sql: 'i.invested_amount', type: 'money' },
  investmentInterestRate: { sql: 'i.investment_interest_rate', type: 'decimal' },
  mandateRate: { sql: 'i.mandate_rate', type: 'decimal' },
  investmentPercentage: {
    sql: '(select round(i.invested_amount * 100 / l2.amount, 10) from loans l2 where l2.id = i.loan_id)',
    type: 'decimal',
  },
  creationDate: { sql: 'i.creation_date', type: 'datetime' },
  finalisedDate: { sql: 'i.finalised_date', type: 'datetime' },
  saleDate: { sql: 'i.sale_date', type: 'datetime' },
  investmentAccountTransactionId: { sql: 'i.investment_account_transaction_id', type: 'integer' },
  investmentSaleTransactionId: { sql: 'i.investment_sale_transaction_id', type: 'integer' },
  principalRepaid: { sql: 'i.principal_repaid', type: 'money' },
  interestRepaid: { sql: 'i.interest_repaid', type: 'money' },
  principalWrittenOff: { sql: 'i.principal_written_off', type: 'money' },
  principalOutstanding: { sql: '(i.invested_amount - i.principal_repaid - i.principal_written_off)', type: 'money' },
  originalInvestmentId: { sql: 'i.original_investment_id', type: 'integer' },
};

export const loanInvestmentsResource: ListResource = {
  name: 'investments',
  from: 'investments i',
  fields: investmentFields,
  relations: { investmentAccount, loan },
  defaultOrderBy: 'investmentAccountTransactionId desc',
};

export const loanTopUpsResource: ListResource = {
  name: 'top-ups',
  from: 'mandate_topups i',
  fields: {
    id: { sql: 'i.id', type: 'integer' },
    loanId: { sql: 'i.loan_id', type: 'integer' },
    investmentAccountId: { sql: 'i.investment_account_id', type: 'integer' },
    mandateRate: { sql: 'i.mandate_rate', type: 'decimal' },
    isActive: { sql: 'i.is_active', type: 'boolean' },
  },
  relations: { investmentAccount },
  defaultOrderBy: 'investmentAccountId asc',
};
