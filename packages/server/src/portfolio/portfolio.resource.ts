import {
  type investmentAccountRelationShape,
  investmentListShape,
  type investmentLoanShape,
  investmentRepaymentListShape,
  portfolioInvestmentListShape,
} from '@lm/domain';
import { sql } from 'kysely';
import type { Executor } from '../platform/db/database';
import { sydneyDayText } from '../platform/db/sydney-sql';
import { bindListResource, type FieldSql, runTypedList } from '../platform/list-query';

/**
 * The list resources of investments and portfolios: staff investment lists (api/investments,
 * api/investmentAccounts/{accountId}/investments), the investor's portfolio investments
 * (api/user/investmentAccounts/{id}/investments) and an investment's share of its loan's
 * repayments (api/user/investmentAccounts/{id}/repayments, api/investments/{id}/repayments).
 * The fields are the domain's shapes; this file binds each to its SQL.
 */

type Fields<S extends { fields: object }> = { [K in keyof S['fields']]: FieldSql };

/** Principal still owed to an investment: invested minus repaid minus written off. */
export const principalOutstandingSql = (i: string) =>
  `(${i}.invested_amount - ${i}.principal_repaid - ${i}.principal_written_off)`;

/**
 * Percent of the invested amount repaid, to 2 places, capped at 99.99 while not fully repaid (spec
 * core §3 "repaidProgress"; an invested amount of zero counts as 1).
 */
const repaidProgressSql = (i: string) =>
  `(case when ${i}.principal_repaid >= ${i}.invested_amount then 100 ` +
  `else least(round(${i}.principal_repaid * 100 / greatest(${i}.invested_amount, 1), 2), 99.99) end)`;

const loanFields: Fields<typeof investmentLoanShape> = {
  id: 'loan.id',
  name: 'loan.name',
  thirdPartyId: 'loan.third_party_id',
  amount: 'loan.amount',
  fundedAmount: 'loan.funded_amount',
  status: 'loan.status',
  subStatus: 'loan.sub_status',
  baseInterestRate: 'loan.base_interest_rate',
  marketplaceRate: 'loan.marketplace_rate',
  interestCalculationMethod: 'loan.interest_calculation_method',
  disbursementDate: 'loan.disbursement_date',
  fundedDate: 'loan.funded_date',
  term: 'loan.term',
  termPeriod: 'loan.term_period',
  termPeriodUnit: 'loan.term_period_unit',
};
const investmentLoanRelation = { join: 'left join loans loan on loan.id = i.loan_id', fields: loanFields };

const accountFields: Fields<typeof investmentAccountRelationShape> = {
  id: 'iacc.id',
  name: 'iacc.name',
  type: 'iacc.type',
  isForeign: 'iacc.is_foreign',
  currentBalance: 'iacl.current_balance',
  availableBalance: 'iacl.available_balance',
  mandateRate: 'iacc.mandate_rate',
  mandateMaxExposure: 'iacc.mandate_max_exposure',
  mandateMaxTerm: 'iacc.mandate_max_term',
  mandateMaxTermUnit: 'iacc.mandate_max_term_unit',
  investmentGroupId: 'iacc.investment_group_id',
};

/** Staff investment lists. Default sort investmentAccountTransactionId descending (spec core §9). */
const investmentsResource = bindListResource(investmentListShape, {
  name: 'investments',
  from: 'investments i join loans il on il.id = i.loan_id',
  fields: {
    id: 'i.id',
    loanId: 'i.loan_id',
    investmentAccountId: 'i.investment_account_id',
    investedAmount: 'i.invested_amount',
    investmentInterestRate: 'i.investment_interest_rate',
    mandateRate: 'i.mandate_rate',
    investmentPercentage: 'round(coalesce(i.share_basis, i.invested_amount) * 100 / il.amount, 10)',
    creationDate: 'i.creation_date',
    finalisedDate: 'i.finalised_date',
    saleDate: 'i.sale_date',
    reversedDate: 'i.reversed_date',
    investmentAccountTransactionId: 'i.investment_account_transaction_id',
    investmentSaleTransactionId: 'i.investment_sale_transaction_id',
    originalInvestmentId: 'i.original_investment_id',
    principalRepaid: 'i.principal_repaid',
    interestRepaid: 'i.interest_repaid',
    principalWrittenOff: 'i.principal_written_off',
    principalOutstanding: principalOutstandingSql('i'),
  },
  relations: {
    loan: investmentLoanRelation,
    investmentAccount: {
      join:
        'left join investment_accounts iacc on iacc.id = i.investment_account_id ' +
        'left join ledger_accounts iacl on iacl.id = iacc.ledger_account_id',
      fields: accountFields,
    },
  },
  defaultOrderBy: 'investmentAccountTransactionId desc',
});

/** The investor's portfolio: one row per investment with its loan's figures flattened (spec core §3 "Portfolio investment"). */
const portfolioInvestmentsResource = bindListResource(portfolioInvestmentListShape, {
  name: 'investments',
  from: 'investments i join loans l on l.id = i.loan_id left join loan_details ld on ld.loan_id = l.id',
  fields: {
    id: 'i.id',
    investmentId: 'i.id',
    investmentAccountId: 'i.investment_account_id',
    investmentAccountTransactionId: 'i.investment_account_transaction_id',
    loanId: 'i.loan_id',
    loanName: 'l.name',
    loanThirdPartyId: 'l.third_party_id',
    loanStatus: 'l.status',
    loanSubStatus: 'l.sub_status',
    loanAmount: 'l.amount',
    baseInterestRate: 'l.base_interest_rate',
    term: 'l.term',
    termPeriod: 'l.term_period',
    termPeriodUnit: 'l.term_period_unit',
    fundedDate: 'l.funded_date',
    disbursementDate: 'l.disbursement_date',
    industryType: 'ld.industry_type',
    companyState: 'ld.company_state',
    rescheduledLoanId: 'l.rescheduled_loan_id',
    investedAmount: 'i.invested_amount',
    principalRepaid: 'i.principal_repaid',
    interestRepaid: 'i.interest_repaid',
    principalOutstanding: principalOutstandingSql('i'),
    repaidProgress: repaidProgressSql('i'),
    investmentInterestRate: 'i.investment_interest_rate',
    mandateRate: 'i.mandate_rate',
    investmentPercentage: 'round(coalesce(i.share_basis, i.invested_amount) * 100 / l.amount, 10)',
    creationDate: 'i.creation_date',
    finalisedDate: 'i.finalised_date',
    saleDate: 'i.sale_date',
  },
  relations: { loan: investmentLoanRelation },
  defaultOrderBy: 'investmentAccountTransactionId desc',
});

/**
 * An investment's share of a repayment of its loan, in proportion to what it invested (a holding
 * opened by a sale: its share_basis): principal due x invested / loan amount, and interest due x
 * invested / loan amount x its rate / the loan's base rate (a mandate rate above base includes its
 * top-up), each rounded half-up to the cent. A sold investment shares only the repayments due
 * before its sale's Sydney date, a holding opened by a sale those due from it on.
 * principalPaid, interestPaid and taxWithheldAmount are what the investment actually received
 * from that repayment.
 */
export const shareSql = {
  principalDue: 'round(rp.principal_due * coalesce(i.share_basis, i.invested_amount) / l.amount, 2)',
  investorsInterestDue:
    'case when l.base_interest_rate > 0 ' +
    'then round(rp.interest_due * coalesce(i.share_basis, i.invested_amount) * i.investment_interest_rate / (l.amount * l.base_interest_rate), 2) ' +
    'else 0 end',
};

/** Investments joined to the repayments they share in (aliases i, l, rp). */
export const heldRepaymentsFrom =
  'investments i join loans l on l.id = i.loan_id ' +
  'join repayments rp on rp.loan_id = i.loan_id and not rp.is_archived ' +
  // a repayment falls due at the end of its day: a sale on that day before it (the default) leaves
  // it to the buyers, whose holdings are created at the sale instant (docs/decisions/010-sale-instant-and-quote.md)
  `and (i.sale_date is null or rp.due_date < ${sydneyDayText('i.sale_date')}) ` +
  `and (i.original_investment_id is null or rp.due_date >= ${sydneyDayText('i.creation_date')})`;

const investmentRepaymentsResource = bindListResource(investmentRepaymentListShape, {
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
    id: "(rp.id::text || '-' || i.id::text)",
    repaymentId: 'rp.id',
    investmentId: 'i.id',
    investmentAccountId: 'i.investment_account_id',
    loanId: 'rp.loan_id',
    loanName: 'l.name',
    loanStatus: 'l.status',
    dueDate: 'rp.due_date',
    status: 'rp.status',
    repaymentStatus: 'rp.status',
    principalDue: shareSql.principalDue,
    interestDue: shareSql.investorsInterestDue,
    investorsInterestDue: shareSql.investorsInterestDue,
    netAmount: `(${shareSql.principalDue} + ${shareSql.investorsInterestDue})`,
    grossAmount: `(${shareSql.principalDue} + ${shareSql.investorsInterestDue})`,
    principalPaid: 'coalesce(received.principal, 0)',
    interestPaid: 'coalesce(received.interest, 0)',
    taxWithheldAmount: 'coalesce(received.tax, 0)',
  },
  defaultOrderBy: 'dueDate asc',
});

/** GET api/investments: one page of every investment. */
export function listInvestments(db: Executor, query: unknown) {
  return runTypedList(db, investmentsResource, query);
}

/** GET api/investmentAccounts/{accountId}/investments: one page of an account's investments. */
export function listAccountInvestments(db: Executor, accountId: number, query: unknown) {
  return runTypedList(db, investmentsResource, query, { where: sql`i.investment_account_id = ${accountId}` });
}

/** One investment with its loan and account (at most two rows, so that a duplicate is seen). */
export function findInvestmentRows(db: Executor, investmentId: number) {
  return runTypedList(
    db,
    investmentsResource,
    { $expand: 'loan,investmentAccount', $top: '2' },
    { where: sql`i.id = ${investmentId}` },
  );
}

/** GET api/investments/{id}/repayments: the investment's share of its loan's repayments. */
export function listInvestmentRepayments(db: Executor, investmentId: number, query: unknown) {
  return runTypedList(db, investmentRepaymentsResource, query, { where: sql`i.id = ${investmentId}` });
}

/** The investor's portfolio investments of one account (a reversed investment never happened for them). */
export function listAccountPortfolio(db: Executor, accountId: number, query: unknown) {
  return runTypedList(db, portfolioInvestmentsResource, query, {
    where: sql`i.investment_account_id = ${accountId} and i.reversed_date is null`,
  });
}

/** The investor's share of the repayments of one account's (unreversed) investments. */
export function listAccountRepaymentShares(db: Executor, accountId: number, query: unknown) {
  return runTypedList(db, investmentRepaymentsResource, query, {
    where: sql`i.investment_account_id = ${accountId} and i.reversed_date is null`,
  });
}
