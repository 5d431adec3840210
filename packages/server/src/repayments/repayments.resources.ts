import type { FieldDef, ListResource, RelationDef } from '../platform/list-query';

/**
 * The list resources of the repayments feature: the loans' scheduled repayments (GET
 * api/repayments) and the loan transactions (GET api/loanTransactions, which the excess screen
 * reads with status PAID, type REPAYMENT, no reversal, expanding repayment and loan).
 */

const f = (sql: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ sql, type, ...extra });

/** The loan as seen from a repayment or a loan transaction. */
export function loanRelation(alias: string, on: string): RelationDef {
  return {
    join: `left join loans ${alias} on ${alias}.id = ${on}`,
    fields: {
      id: f(`${alias}.id`, 'integer'),
      name: f(`${alias}.name`, 'string'),
      thirdPartyId: f(`${alias}.third_party_id`, 'string'),
      clientId: f(`${alias}.client_id`, 'integer'),
      amount: f(`${alias}.amount`, 'money'),
      status: f(`${alias}.status`, 'string'),
      subStatus: f(`${alias}.sub_status`, 'string'),
      baseInterestRate: f(`${alias}.base_interest_rate`, 'decimal'),
      gracePeriodDays: f(`${alias}.grace_period_days`, 'integer'),
      disbursementDate: f(`${alias}.disbursement_date`, 'date'),
    },
  };
}

const repaymentFields = (alias: string): Record<string, FieldDef> => ({
  id: f(`${alias}.id`, 'integer'),
  repaymentId: f(`${alias}.id`, 'integer'),
  loanId: f(`${alias}.loan_id`, 'integer'),
  dueDate: f(`${alias}.due_date`, 'date'),
  status: f(`${alias}.status`, 'string'),
  repaymentStatus: f(`${alias}.status`, 'string'),
  principalDue: f(`${alias}.principal_due`, 'money'),
  principalPaid: f(`${alias}.principal_paid`, 'money'),
  interestDue: f(`${alias}.interest_due`, 'money'),
  interestPaid: f(`${alias}.interest_paid`, 'money'),
  investorsInterestDue: f(`${alias}.investors_interest_due`, 'money'),
  investorAmount: f(`${alias}.investor_amount`, 'money'),
  grossAmount: f(`${alias}.gross_amount`, 'money'),
  /** Principal plus interest due (spec core §3 "repayment netAmount"). */
  netAmount: f(`(${alias}.principal_due + ${alias}.interest_due)`, 'money'),
  organisationCommissionDue: f(`${alias}.organisation_commission_due`, 'money'),
  gstAmount: f(`${alias}.gst_amount`, 'money'),
  stampDutyAmount: f(`${alias}.stamp_duty_amount`, 'money'),
  isArchived: f(`${alias}.is_archived`, 'boolean'),
});

/** GET api/repayments: a loan's scheduled repayments (the client filters on loanId). Default sort dueDate ascending. */
export const repaymentsResource: ListResource = {
  name: 'repayments',
  from: 'repayments r',
  fields: repaymentFields('r'),
  relations: { loan: loanRelation('loan', 'r.loan_id') },
  defaultOrderBy: 'dueDate asc',
};

/** GET api/loanTransactions: receipts published against loans, and what became of them. */
export const loanTransactionsResource: ListResource = {
  name: 'loanTransactions',
  from: 'loan_transactions lt',
  fields: {
    id: f('lt.id', 'integer'),
    loanId: f('lt.loan_id', 'integer'),
    repaymentId: f('lt.repayment_id', 'integer'),
    type: f('lt.type', 'string'),
    status: f('lt.status', 'string'),
    principalAmount: f('lt.principal_amount', 'money'),
    interestAmount: f('lt.interest_amount', 'money'),
    investorInterestAmount: f('lt.investor_interest_amount', 'money'),
    excessAmount: f('lt.excess_amount', 'money'),
    netAmount: f('lt.net_amount', 'money'),
    grossAmount: f('lt.gross_amount', 'money'),
    /** The receipt id of the provider. */
    receiptId: f('lt.receipt_id', 'string'),
    thirdPartyId: f('lt.receipt_id', 'string'),
    batchNumber: f('lt.batch_number', 'string'),
    receiptDate: f('lt.receipt_date', 'date'),
    finalisedDate: f('lt.finalised_date', 'datetime'),
    createdDate: f('lt.created_date', 'datetime'),
    fractionalisedDate: f('lt.fractionalised_date', 'datetime'),
    isFractionalised: f('(lt.fractionalised_date is not null)', 'boolean'),
    reversalTransactionId: f('lt.reversal_transaction_id', 'integer'),
    reversesTransactionId: f('lt.reverses_transaction_id', 'integer'),
    excessHandling: f('lt.excess_handling', 'string'),
    excessHandledDate: f('lt.excess_handled_date', 'datetime'),
    /** The excess still waiting to be applied or returned. */
    excessPending: f('(case when lt.excess_handling is null then lt.excess_amount else 0 end)', 'money'),
    excessSourceTransactionId: f('lt.excess_source_transaction_id', 'integer'),
  },
  relations: {
    repayment: {
      join: 'left join repayments repayment on repayment.id = lt.repayment_id',
      fields: repaymentFields('repayment'),
    },
    loan: loanRelation('loan', 'lt.loan_id'),
  },
  defaultOrderBy: 'id desc',
};
