import { z } from 'zod';
import { accountMessages } from '../accounts/account-rules';
import { optionalCommentInput } from '../accounts/account-schemas';
import {
  defineRoute,
  idParams,
  idParamsOf,
  type ListRow,
  listOf,
  listQuery,
  listRowSchema,
  listShape,
} from '../contract';

/**
 * Account transactions (investor-and-admin §3 "Transaction", §7 "Transactions and repayments"):
 * the list rows staff and investors see, the detail view, the edit of a row (comments, and the
 * decision on a pending withdrawal) and the reversal. Nullable fields follow the columns of
 * account_transactions.
 */

const transactionInvestorFields = {
  id: 'integer',
  investmentAccountId: 'integer',
  type: 'string',
  status: 'string',
  investorComment: 'string?',
  amount: 'money',
  grossAmount: 'money',
  principalAmount: 'money',
  interestAmount: 'money',
  feesAmount: 'money',
  taxWithheldAmount: 'money',
  runningBalance: 'money?',
  finalisedDate: 'datetime?',
  createdDate: 'datetime',
  effectiveDate: 'datetime',
  reversalTransactionId: 'integer?',
  reversesTransactionId: 'integer?',
  loanId: 'integer?',
  investmentId: 'integer?',
  withdrawalRequestId: 'integer?',
} as const;

const transactionAccountShape = listShape({
  id: 'integer',
  name: 'string',
  type: 'string',
  investmentGroupId: 'integer?',
  currentBalance: 'money',
  availableBalance: 'money',
  bpayBillerCode: 'string?',
  bpayReferenceNumber: 'string?',
  isForeign: 'boolean',
});

const withdrawalDetailsFields = {
  id: 'integer',
  status: 'string',
  amount: 'money',
  verifiedAt: 'datetime?',
  createdAt: 'datetime',
  bankAccountId: 'integer',
  accountName: 'string',
  accountNumber: 'string',
  bsbNumber: 'string',
} as const;

/** Staff rows: every field, with the organisation's comment and the links to other accounts. */
export const transactionListShape = listShape(
  {
    ...transactionInvestorFields,
    comment: 'string?',
    loanTransactionId: 'integer?',
    counterpartAccountId: 'integer?',
    ledgerEntryId: 'integer?',
    createdBy: 'integer?',
  },
  {
    investmentAccount: transactionAccountShape,
    withdrawalDetails: listShape({ ...withdrawalDetailsFields, comment: 'string?' }),
    linkedLoanTransaction: listShape(
      {
        id: 'integer',
        loanId: 'integer',
        type: 'string',
        status: 'string',
        principalAmount: 'money',
        interestAmount: 'money',
        netAmount: 'money',
        grossAmount: 'money',
        finalisedDate: 'datetime?',
      },
      { loan: listShape({ id: 'integer', name: 'string', status: 'string' }) },
    ),
    loan: listShape({ id: 'integer', name: 'string', thirdPartyId: 'string?', status: 'string' }),
    counterpartAccount: listShape({ id: 'integer', name: 'string' }),
  },
);
export type TransactionListRow = ListRow<typeof transactionListShape>;

/** Investor rows: no organisation comment, nothing that names another investor's account. */
export const accountTransactionListShape = listShape(transactionInvestorFields, {
  investmentAccount: transactionAccountShape,
  withdrawalDetails: listShape(withdrawalDetailsFields),
  loan: listShape({ id: 'integer', name: 'string', status: 'string' }),
});
export type AccountTransactionListRow = ListRow<typeof accountTransactionListShape>;

/** One transaction with every expansion of the detail view (Transaction Information). */
export const transactionDetail = listRowSchema(transactionListShape) as unknown as z.ZodType<TransactionListRow>;

/** `excludeReversals=true` hides reversal rows and the rows they reversed ("Reversals Are Hidden"). */
export const transactionListQuery = listQuery.extend({
  excludeReversals: z
    .enum(['true', 'false', ''], { message: 'excludeReversals must be true or false' })
    .optional()
    .describe('true hides reversals and the rows they reversed'),
});

/** Statuses staff may set on a pending withdrawal (Pending Withdrawals, Edit Withdrawal). */
export const withdrawalDecisionStatuses = ['PAID', 'CANCELLED'] as const;

/** PUT api/transactions/{id}: the changed fields only. */
export const transactionEditableFields = ['comment', 'investorComment', 'status'] as const;

/**
 * The edit of a row. Other keys pass through so the service can refuse them by name
 * (accountMessages.fieldsNotEditable, 422), as the screens expect.
 */
export const transactionUpdateBody = z.looseObject({
  id: z.number().int().positive().optional(),
  comment: optionalCommentInput.optional(),
  investorComment: optionalCommentInput.optional(),
  status: z.enum(withdrawalDecisionStatuses).optional(),
});
export type TransactionUpdateBody = z.infer<typeof transactionUpdateBody>;

export const transactionListRoute = defineRoute({
  method: 'GET',
  path: '/api/transactions',
  tag: 'transactions',
  summary: 'Transactions of every account',
  description: 'Server-paged; an unverified withdrawal is held until verified. Reversals shown unless excluded.',
  query: transactionListQuery,
  response: listOf(transactionListShape),
  list: true,
});

export const transactionRoute = defineRoute({
  method: 'GET',
  path: '/api/transactions/:id',
  tag: 'transactions',
  summary: 'One transaction with its expansions',
  params: idParams,
  response: transactionDetail,
});

export const updateTransactionRoute = defineRoute({
  method: 'PUT',
  path: '/api/transactions/:id',
  tag: 'transactions',
  summary: 'Change comments; pay or cancel a pending withdrawal',
  description: `Answers "${accountMessages.changesProcessed}".`,
  params: idParams,
  body: transactionUpdateBody,
  response: transactionDetail,
  idempotent: true,
});

export const deleteTransactionRoute = defineRoute({
  method: 'DELETE',
  path: '/api/transaction/:transactionId',
  tag: 'transactions',
  summary: 'Cancel a pending withdrawal or reverse a finalised transaction',
  description: 'Answers the cancelled row, or the reversal row of the account of the given row.',
  params: idParamsOf('transactionId'),
  response: transactionDetail,
  idempotent: true,
});

export const accountTransactionListRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investmentAccounts/:accountId/transactions',
  tag: 'transactions',
  summary: "Transactions of one of the caller's accounts",
  params: idParamsOf('accountId'),
  query: transactionListQuery,
  response: listOf(accountTransactionListShape),
  list: true,
});
