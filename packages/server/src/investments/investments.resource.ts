import { type ListRow, loanInvestmentListShape, loanTopUpListShape } from '@lm/domain';
import { sql } from 'kysely';
import type { Executor } from '../platform/db/database';
import { bindListResource, runTypedList, type TypedListResult } from '../platform/list-query';

/**
 * Investments of a loan (GET api/loans/{id}/investments, spec core §3 "Investment") and a loan's
 * mandate options (GET api/loans/{id}/topUps). Default sort investmentAccountTransactionId
 * descending (spec core §9). Reversed investments are left out.
 */

/** The investment account relation of both lists (the available balance is the generated column). */
const investmentAccount = {
  join: 'left join investment_accounts ia on ia.id = i.investment_account_id left join ledger_accounts ial on ial.id = ia.ledger_account_id',
  fields: {
    id: 'ia.id',
    name: 'ia.name',
    type: 'ia.type',
    availableBalance: 'ial.available_balance',
    currentBalance: 'ial.current_balance',
    mandateRate: 'ia.mandate_rate',
    mandateMaxExposure: 'ia.mandate_max_exposure',
    mandateMaxTerm: 'ia.mandate_max_term',
    mandateMaxTermUnit: 'ia.mandate_max_term_unit',
    isForeign: 'ia.is_foreign',
  },
};

export const loanInvestmentsResource = bindListResource(loanInvestmentListShape, {
  name: 'investments',
  from: 'investments i',
  fields: {
    id: 'i.id',
    loanId: 'i.loan_id',
    investmentAccountId: 'i.investment_account_id',
    investedAmount: 'i.invested_amount',
    investmentInterestRate: 'i.investment_interest_rate',
    mandateRate: 'i.mandate_rate',
    investmentPercentage:
      '(select round(coalesce(i.share_basis, i.invested_amount) * 100 / l2.amount, 10) from loans l2 where l2.id = i.loan_id)',
    creationDate: 'i.creation_date',
    finalisedDate: 'i.finalised_date',
    saleDate: 'i.sale_date',
    investmentAccountTransactionId: 'i.investment_account_transaction_id',
    investmentSaleTransactionId: 'i.investment_sale_transaction_id',
    principalRepaid: 'i.principal_repaid',
    interestRepaid: 'i.interest_repaid',
    principalWrittenOff: 'i.principal_written_off',
    principalOutstanding: '(i.invested_amount - i.principal_repaid - i.principal_written_off)',
    originalInvestmentId: 'i.original_investment_id',
  },
  relations: {
    investmentAccount,
    loan: {
      join: 'left join loans il on il.id = i.loan_id',
      fields: {
        id: 'il.id',
        name: 'il.name',
        thirdPartyId: 'il.third_party_id',
        amount: 'il.amount',
        status: 'il.status',
        subStatus: 'il.sub_status',
        baseInterestRate: 'il.base_interest_rate',
        interestCalculationMethod: 'il.interest_calculation_method',
        disbursementDate: 'il.disbursement_date',
        fundedDate: 'il.funded_date',
      },
    },
  },
  defaultOrderBy: 'investmentAccountTransactionId desc',
});

export const loanTopUpsResource = bindListResource(loanTopUpListShape, {
  name: 'top-ups',
  from: 'mandate_topups i',
  fields: {
    id: 'i.id',
    loanId: 'i.loan_id',
    investmentAccountId: 'i.investment_account_id',
    mandateRate: 'i.mandate_rate',
    isActive: 'i.is_active',
  },
  relations: { investmentAccount },
  defaultOrderBy: 'investmentAccountId asc',
});

export type LoanInvestmentRow = ListRow<typeof loanInvestmentListShape>;
export type LoanTopUpRow = ListRow<typeof loanTopUpListShape>;

/** The loan's investments that are not reversed, as the list request asks. */
export function listInvestmentsOfLoan(
  db: Executor,
  loanId: number,
  query: unknown,
): Promise<TypedListResult<LoanInvestmentRow>> {
  return runTypedList(db, loanInvestmentsResource, query, {
    where: sql`i.loan_id = ${loanId} and i.reversed_date is null`,
  });
}

/** The loan's mandate options, as the list request asks. */
export function listTopUpsOfLoan(db: Executor, loanId: number, query: unknown): Promise<TypedListResult<LoanTopUpRow>> {
  return runTypedList(db, loanTopUpsResource, query, { where: sql`i.loan_id = ${loanId}` });
}

/** One investment with its loan and account, or undefined. */
export async function selectInvestmentRow(db: Executor, investmentId: number): Promise<LoanInvestmentRow | undefined> {
  const result = await runTypedList(
    db,
    loanInvestmentsResource,
    { $expand: 'loan,investmentAccount' },
    { where: sql`i.id = ${investmentId}` },
  );
  return result.rows[0];
}
