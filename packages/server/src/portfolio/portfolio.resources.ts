import type { FieldDef, ListResource, RelationDef } from '../platform/list-query';

/**
 * The list resources of investments and portfolios: staff investment lists (api/investments,
 * api/investmentAccounts/{accountId}/investments), the investor's portfolio investments
 * (api/user/investmentAccounts/{id}/investments) and an investment's share of its loan's
 * repayments (api/user/investmentAccounts/{id}/repayments, api/investments/{id}/repayments).
 */

const f = (sql: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ sql, type, ...extra });

/** Principal still owed to an investment: invested minus repaid minus written off. */
export const principalOutstandingSql = (i: string) =>
  `(${i}.invested_amount - ${i}.principal_repaid - ${i}.principal_written_off)`;

/**
 * Percent of the invested amount repaid, to 2 places, capped at 99.99 while not fully repaid (spec
 * core §3 "repaidProgress"; an invested amount of zero counts as 1).
 */
export const repaidProgressSql = (i: string) =>
  `(case when ${i}.principal_repaid >= ${i}.invested_amount then 100 ` +
  `else least(round(${i}.principal_repaid * 100 / greatest(${i}.invested_amount, 1), 2), 99.99) end)`;

const investmentLoanRelation: RelationDef = {
  join: 'left join loans loan on loan.id = i.loan_id',
  fields: {
    id: f('loan.id', 'integer'),
    name: f('loan.name', 'string'),
    thirdPartyId: f('loan.third_party_id', 'string'),
    amount: f('loan.amount', 'money'),
    fundedAmount: f('loan.funded_amount', 'money'),
    status: f('loan.status', 'string'),
    subStatus: f('loan.sub_status', 'string'),
    baseInterestRate: f('loan.base_interest_rate', 'decimal'),
    marketplaceRate: f('loan.marketplace_rate', 'decimal'),
    interestCalculationMethod: f('loan.interest_calculation_method', 'string'),
    disbursementDate: f('loan.disbursement_date', 'date'),
    fundedDate: f('loan.funded_date', 'datetime'),
    term: f('loan.term', 'integer'),
    termPeriod: f('loan.term_period', 'integer'),
    termPeriodUnit: f('loan.term_period_unit', 'string'),
  },
};

const investmentAccountRelation: RelationDef = {
  join:
    'left join investment_accounts iacc on iacc.id = i.investment_account_id ' +
    'left join ledger_accounts iacl on iacl.id = iacc.ledger_account_id',
  fields: {
    id: f('iacc.id', 'integer'),
    name: f('iacc.name', 'string'),
    type: f('iacc.type', 'string'),
    isForeign: f('iacc.is_foreign', 'boolean'),
    currentBalance: f('iacl.current_balance', 'money'),
    availableBalance: f('iacl.available_balance', 'money'),
    mandateRate: f('iacc.mandate_rate', 'decimal'),
    mandateMaxExposure: f('iacc.mandate_max_exposure', 'money'),
    mandateMaxTerm: f('iacc.mandate_max_term', 'integer'),
    mandateMaxTermUnit: f('iacc.mandate_max_term_unit', 'string'),
    investmentGroupId: f('iacc.investment_group_id', 'integer'),
  },
};

/** Staff investment lists. Default sort investmentAccountTransactionId descending (spec core §9). */
export const investmentsResource: ListResource = {
  name: 'investments',
  from: 'investments i join loans il on il.id = i.loan_id',
  fields: {
    id: f('i.id', 'integer'),
    loanId: f('i.loan_id', 'integer'),
    investmentAccountId: f('i.investment_account_id', 'integer'),
    investedAmount: f('i.invested_amount', 'money'),
    investmentInterestRate: f('i.investment_interest_rate', 'decimal'),
    mandateRate: f('i.mandate_rate', 'decimal'),
    /** The investment's share of the loan amount, percent. */
    investmentPercentage: f('round(i.invested_amount * 100 / il.amount, 10)', 'decimal'),
    creationDate: f('i.creation_date', 'datetime'),
    finalisedDate: f('i.finalised_date', 'datetime'),
    saleDate: f('i.sale_date', 'datetime'),
    reversedDate: f('i.reversed_date', 'datetime'),
    investmentAccountTransactionId: f('i.investment_account_transaction_id', 'integer'),
    investmentSaleTransactionId: f('i.investment_sale_transaction_id', 'integer'),
    originalInvestmentId: f('i.original_investment_id', 'integer'),
    principalRepaid: f('i.principal_repaid', 'money'),
    interestRepaid: f('i.interest_repaid', 'money'),
    principalWrittenOff: f('i.principal_written_off', 'money'),
    principalOutstanding: f(principalOutstandingSql('i'), 'money'),
  },
  relations: { loan: investmentLoanRelation, investmentAccount: investmentAccountRelation },
  defaultOrderBy: 'investmentAccountTransactionId desc',
};

/** The investor's portfolio: one row per investment with its loan's figures flattened (spec core §3 "Portfolio investment"). */
export const portfolioInvestmentsResource: ListResource = {
  name: 'investments',
  from: 'investments i join loans l on l.id = i.loan_id left join loan_details ld on ld.loan_id = l.id',
  fields: {
    id: f('i.id', 'integer'),
    investmentId: f('i.id', 'integer'),
    investmentAccountId: f('i.investment_account_id', 'integer'),
    investmentAccountTransactionId: f('i.investment_account_transaction_id', 'integer'),
    loanId: f('i.loan_id', 'integer'),
    loanName: f('l.name', 'string'),
    loanThirdPartyId: f('l.third_party_id', 'string'),
    loanStatus: f('l.status', 'string'),
    loanSubStatus: f('l.sub_status', 'string'),
    loanAmount: f('l.amount', 'money'),
    baseInterestRate: f('l.base_interest_rate', 'decimal'),
    term: f('l.term', 'integer'),
    termPeriod: f('l.term_period', 'integer'),
    termPeriodUnit: f('l.term_period_unit', 'string'),
    fundedDate: f('l.funded_date', 'datetime'),
    disbursementDate: f('l.disbursement_date', 'date'),
    industryType: f('ld.industry_type', 'string'),
    companyState: f('ld.company_state', 'string'),
    rescheduledLoanId: f('l.rescheduled_loan_id', 'integer'),
    investedAmount: f('i.invested_amount', 'money'),
    principalRepaid: f('i.principal_repaid', 'money'),
    interestRepaid: f('i.interest_repaid', 'money'),
    principalOutstanding: f(principalOutstandingSql('i'), 'money'),
    repaidProgress: f(repaidProgressSql('i'), 'decimal'),
    investmentInterestRate: f('i.investment_interest_rate', 'decimal'),
    mandateRate: f('i.mandate_rate', 'decimal'),
    investmentPercentage: f('round(i.invested_amount * 100 / l.amount, 10)', 'decimal'),
    creationDate: f('i.creation_date', 'datetime'),
    finalisedDate: f('i.finalised_date', 'datetime'),
    saleDate: f('i.sale_date', 'datetime'),
  },
  relations: { loan: investmentLoanRelation },
  defaultOrderBy: 'investmentAccountTransactionId desc',
};

/**
 * An investment's share of a repayment of its loan, in proportion to what it invested: principal
 * due x invested / loan amount, and interest due x invested / loan amount x its rate / the loan's
 * base rate (a mandate rate above base includes its top-up), each rounded half-up to the cent. A
 * sold investment shares only the repayments due up to its sale date. principalPaid, interestPaid
 * and taxWithheldAmount are what the investment actually received from that repayment.
 */
export const shareSql = {
  principalDue: 'round(rp.principal_due * i.invested_amount / l.amount, 2)',
  investorsInterestDue:
    'case when l.base_interest_rate > 0 ' +
    'then round(rp.interest_due * i.invested_amount * i.investment_interest_rate / (l.amount * l.base_interest_rate), 2) ' +
    'else 0 end',
};

/** Investments joined to the repayments they share in (aliases i, l, rp). */
export const heldRepaymentsFrom =
  'investments i join loans l on l.id = i.loan_id ' +
  'join repayments rp on rp.loan_id = i.loan_id and not rp.is_archived ' +
  "and (i.sale_date is null or rp.due_date <= (i.sale_date at time zone 'Australia/Sydney')::date)";

export const investmentRepaymentsResource: ListResource = {
  name: 'repayments',
  from:
    `${heldRepaymentsFrom} ` +
    'left join lateral (' +
    'select sum(case when t.reverses_transaction_id is null then t.principal_amount else -t.principal_amount end) as principal, ' +
    'sum(case when t.reverses_transaction_id is null then t.interest_amount else -t.interest_amount end) as interest, ' +
    'sum(case when t.reverses_transaction_id is null then t.tax_withheld_amount else -t.tax_withheld_amount end) as tax ' +
    'from account_transactions t join loan_transactions plt on plt.id = t.loan_transaction_id ' +
    "where t.investment_id = i.id and plt.repayment_id = rp.id and t.type in ('REPAYMENT', 'REPAYMENT_REVERSAL')" +
    ') received on true',
  fields: {
    /** repaymentId-investmentId: one row per investment and repayment. */
    id: f("(rp.id::text || '-' || i.id::text)", 'string'),
    repaymentId: f('rp.id', 'integer'),
    investmentId: f('i.id', 'integer'),
    investmentAccountId: f('i.investment_account_id', 'integer'),
    loanId: f('rp.loan_id', 'integer'),
    loanName: f('l.name', 'string'),
    loanStatus: f('l.status', 'string'),
    dueDate: f('rp.due_date', 'date'),
    status: f('rp.status', 'string'),
    repaymentStatus: f('rp.status', 'string'),
    principalDue: f(shareSql.principalDue, 'money'),
    interestDue: f(shareSql.investorsInterestDue, 'money'),
    investorsInterestDue: f(shareSql.investorsInterestDue, 'money'),
    /** principal plus interest due (the portfolio's derived net amount) */
    netAmount: f(`(${shareSql.principalDue} + ${shareSql.investorsInterestDue})`, 'money'),
    grossAmount: f(`(${shareSql.principalDue} + ${shareSql.investorsInterestDue})`, 'money'),
    principalPaid: f('coalesce(received.principal, 0)', 'money'),
    interestPaid: f('coalesce(received.interest, 0)', 'money'),
    taxWithheldAmount: f('coalesce(received.tax, 0)', 'money'),
  },
  defaultOrderBy: 'dueDate asc',
};
