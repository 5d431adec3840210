import { loanTransactionListShape, repaymentListShape, type repaymentLoanShape } from '@lm/domain';
import type { Executor } from '../platform/db/database';
import { bindListResource, type FieldSql, runTypedList } from '../platform/list-query';

/**
 * The list resources of the repayments feature: the loans' scheduled repayments (GET
 * api/repayments) and the loan transactions (GET api/loanTransactions, which the excess screen
 * reads with status PAID, type REPAYMENT, no reversal, expanding repayment and loan). The fields
 * are the domain's shapes; this file binds each to its SQL.
 */

type Fields<S extends { fields: object }> = { [K in keyof S['fields']]: FieldSql };

/** The loan as seen from a repayment or a loan transaction. */
function loanRelation(alias: string, on: string) {
  const fields: Fields<typeof repaymentLoanShape> = {
    id: `${alias}.id`,
    name: `${alias}.name`,
    thirdPartyId: `${alias}.third_party_id`,
    clientId: `${alias}.client_id`,
    amount: `${alias}.amount`,
    status: `${alias}.status`,
    subStatus: `${alias}.sub_status`,
    baseInterestRate: `${alias}.base_interest_rate`,
    gracePeriodDays: `${alias}.grace_period_days`,
    disbursementDate: `${alias}.disbursement_date`,
  };
  return { join: `left join loans ${alias} on ${alias}.id = ${on}`, fields };
}

function repaymentFields(alias: string): Fields<typeof repaymentListShape> {
  return {
    id: `${alias}.id`,
    repaymentId: `${alias}.id`,
    loanId: `${alias}.loan_id`,
    dueDate: `${alias}.due_date`,
    status: `${alias}.status`,
    repaymentStatus: `${alias}.status`,
    principalDue: `${alias}.principal_due`,
    principalPaid: `${alias}.principal_paid`,
    interestDue: `${alias}.interest_due`,
    interestPaid: `${alias}.interest_paid`,
    investorsInterestDue: `${alias}.investors_interest_due`,
    investorAmount: `${alias}.investor_amount`,
    grossAmount: `${alias}.gross_amount`,
    /** Principal plus interest due (spec core §3 "repayment netAmount"). */
    netAmount: `(${alias}.principal_due + ${alias}.interest_due)`,
    organisationCommissionDue: `${alias}.organisation_commission_due`,
    gstAmount: `${alias}.gst_amount`,
    stampDutyAmount: `${alias}.stamp_duty_amount`,
    isArchived: `${alias}.is_archived`,
  };
}

/** GET api/repayments: a loan's scheduled repayments (the client filters on loanId). Default sort dueDate ascending. */
export const repaymentsResource = bindListResource(repaymentListShape, {
  name: 'repayments',
  from: 'repayments r',
  fields: repaymentFields('r'),
  relations: { loan: loanRelation('loan', 'r.loan_id') },
  defaultOrderBy: 'dueDate asc',
});

/** GET api/loanTransactions: receipts published against loans, and what became of them. */
export const loanTransactionsResource = bindListResource(loanTransactionListShape, {
  name: 'loanTransactions',
  from: 'loan_transactions lt',
  fields: {
    id: 'lt.id',
    loanId: 'lt.loan_id',
    repaymentId: 'lt.repayment_id',
    type: 'lt.type',
    status: 'lt.status',
    principalAmount: 'lt.principal_amount',
    interestAmount: 'lt.interest_amount',
    investorInterestAmount: 'lt.investor_interest_amount',
    excessAmount: 'lt.excess_amount',
    netAmount: 'lt.net_amount',
    grossAmount: 'lt.gross_amount',
    receiptId: 'lt.receipt_id',
    thirdPartyId: 'lt.receipt_id',
    batchNumber: 'lt.batch_number',
    receiptDate: 'lt.receipt_date',
    finalisedDate: 'lt.finalised_date',
    createdDate: 'lt.created_date',
    fractionalisedDate: 'lt.fractionalised_date',
    isFractionalised: '(lt.fractionalised_date is not null)',
    reversalTransactionId: 'lt.reversal_transaction_id',
    reversesTransactionId: 'lt.reverses_transaction_id',
    excessHandling: 'lt.excess_handling',
    excessHandledDate: 'lt.excess_handled_date',
    excessPending: '(case when lt.excess_handling is null then lt.excess_amount else 0 end)',
    excessSourceTransactionId: 'lt.excess_source_transaction_id',
  },
  relations: {
    repayment: {
      join: 'left join repayments repayment on repayment.id = lt.repayment_id',
      fields: repaymentFields('repayment'),
    },
    loan: loanRelation('loan', 'lt.loan_id'),
  },
  defaultOrderBy: 'id desc',
});

/** GET api/repayments: one page of repayments. */
export function listRepayments(db: Executor, query: unknown) {
  return runTypedList(db, repaymentsResource, query);
}

/** GET api/loanTransactions: one page of loan transactions. */
export function listLoanTransactions(db: Executor, query: unknown) {
  return runTypedList(db, loanTransactionsResource, query);
}
