import type { FieldDef, ListResource, RelationDef } from '../platform/list-query';

/**
 * The account transactions list (investor-and-admin §3 "Transaction", §7): what staff and
 * investors may filter, sort, select and expand. The investor view leaves out the organisation's
 * own comment and anything that names another investor's account.
 */

const money = (column: string): FieldDef => ({ sql: column, type: 'money' });
const integer = (column: string): FieldDef => ({ sql: column, type: 'integer' });
const text = (column: string): FieldDef => ({ sql: column, type: 'string' });
const datetime = (column: string): FieldDef => ({ sql: column, type: 'datetime' });

const investorVisibleFields: Record<string, FieldDef> = {
  id: integer('t.id'),
  investmentAccountId: integer('t.investment_account_id'),
  type: text('t.type'),
  status: text('t.status'),
  investorComment: text('t.investor_comment'),
  amount: money('t.amount'),
  grossAmount: money('t.gross_amount'),
  principalAmount: money('t.principal_amount'),
  interestAmount: money('t.interest_amount'),
  feesAmount: money('t.fees_amount'),
  taxWithheldAmount: money('t.tax_withheld_amount'),
  runningBalance: money('t.running_balance'),
  finalisedDate: datetime('t.finalised_date'),
  createdDate: datetime('t.created_date'),
  effectiveDate: datetime('t.effective_date'),
  reversalTransactionId: integer('t.reversal_transaction_id'),
  reversesTransactionId: integer('t.reverses_transaction_id'),
  loanId: integer('t.loan_id'),
  investmentId: integer('t.investment_id'),
  withdrawalRequestId: integer('t.withdrawal_request_id'),
};

const staffFields: Record<string, FieldDef> = {
  ...investorVisibleFields,
  comment: text('t.comment'),
  loanTransactionId: integer('t.loan_transaction_id'),
  counterpartAccountId: integer('t.counterpart_account_id'),
  ledgerEntryId: integer('t.ledger_entry_id'),
  createdBy: integer('t.created_by'),
};

const investmentAccount: RelationDef = {
  join: 'left join investment_accounts ia on ia.id = t.investment_account_id left join ledger_accounts ial on ial.id = ia.ledger_account_id',
  fields: {
    id: integer('ia.id'),
    name: text('ia.name'),
    type: text('ia.type'),
    investmentGroupId: integer('ia.investment_group_id'),
    currentBalance: money('ial.current_balance'),
    availableBalance: money('ial.available_balance'),
    bpayBillerCode: text('ia.bpay_biller_code'),
    bpayReferenceNumber: text('ia.bpay_reference_number'),
    isForeign: { sql: 'ia.is_foreign', type: 'boolean' },
  },
};

const withdrawalDetails: RelationDef = {
  join: 'left join withdrawal_requests wr on wr.id = t.withdrawal_request_id left join bank_accounts wba on wba.id = wr.bank_account_id',
  fields: {
    id: integer('wr.id'),
    status: text('wr.status'),
    amount: money('wr.amount'),
    comment: text('wr.comment'),
    verifiedAt: datetime('wr.verified_at'),
    createdAt: datetime('wr.created_at'),
    bankAccountId: integer('wr.bank_account_id'),
    accountName: text('wba.name'),
    accountNumber: text('wba.account_number'),
    bsbNumber: text('wba.bsb_number'),
  },
};

const loan: RelationDef = {
  join: 'left join loans tl on tl.id = t.loan_id',
  fields: {
    id: integer('tl.id'),
    name: text('tl.name'),
    thirdPartyId: text('tl.third_party_id'),
    status: text('tl.status'),
  },
};

const linkedLoanTransaction: RelationDef = {
  join: 'left join loan_transactions llt on llt.id = t.loan_transaction_id',
  fields: {
    id: integer('llt.id'),
    loanId: integer('llt.loan_id'),
    type: text('llt.type'),
    status: text('llt.status'),
    principalAmount: money('llt.principal_amount'),
    interestAmount: money('llt.interest_amount'),
    netAmount: money('llt.net_amount'),
    grossAmount: money('llt.gross_amount'),
    finalisedDate: datetime('llt.finalised_date'),
  },
  relations: {
    loan: {
      join: 'left join loans lltl on lltl.id = llt.loan_id',
      fields: { id: integer('lltl.id'), name: text('lltl.name'), status: text('lltl.status') },
    },
  },
};

const counterpartAccount: RelationDef = {
  join: 'left join investment_accounts cpa on cpa.id = t.counterpart_account_id',
  fields: { id: integer('cpa.id'), name: text('cpa.name') },
};

/** Default sort of the specification: finalisedDate descending (pending rows, with none, first). */
const defaultOrderBy = 'finalisedDate desc';

export const staffTransactionsResource: ListResource = {
  name: 'transactions',
  from: 'account_transactions t',
  fields: staffFields,
  relations: { investmentAccount, withdrawalDetails, linkedLoanTransaction, loan, counterpartAccount },
  defaultOrderBy,
};

export const investorTransactionsResource: ListResource = {
  name: 'transactions',
  from: 'account_transactions t',
  fields: investorVisibleFields,
  relations: {
    investmentAccount,
    withdrawalDetails: {
      ...withdrawalDetails,
      fields: Object.fromEntries(Object.entries(withdrawalDetails.fields).filter(([name]) => name !== 'comment')),
    },
    loan: { ...loan, fields: { id: loan.fields.id!, name: loan.fields.name!, status: loan.fields.status! } },
  },
  defaultOrderBy,
};

/** Every expansion of the detail view (Transaction Information). */
export const staffDetailExpand = 'investmentAccount,withdrawalDetails,linkedLoanTransaction,loan,counterpartAccount';
