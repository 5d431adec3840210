import { z } from 'zod';
import { idParams } from '../contract/inputs';
import { listOf, listQuery, listShape } from '../contract/list-shape';
import { defineRoute } from '../contract/route';
import {
  fractionaliseRepaymentsBody,
  handleExcessBody,
  publishReceiptsBody,
  stagedReceiptSchema,
} from './repayment-schemas';
import { excessHandlings, receiptProviders } from './repayments';

/**
 * The repayments feature's routes (investor-and-admin §2 Upload Repayments and Fractionalise
 * Excess Repayments, §7 "Transactions and repayments"; docs/api.md "Repayments and portfolio").
 */

const tag = 'repayments';

/** The loan as seen from a repayment or a loan transaction (`$expand=loan`). */
export const repaymentLoanShape = listShape({
  id: 'integer',
  name: 'string',
  thirdPartyId: 'string?',
  clientId: 'integer',
  amount: 'money',
  status: 'string',
  subStatus: 'string?',
  baseInterestRate: 'decimal',
  gracePeriodDays: 'integer',
  disbursementDate: 'date?',
});

const repaymentFields = {
  id: 'integer',
  repaymentId: 'integer',
  loanId: 'integer',
  dueDate: 'date',
  status: 'string',
  repaymentStatus: 'string',
  principalDue: 'money',
  principalPaid: 'money',
  interestDue: 'money',
  interestPaid: 'money',
  investorsInterestDue: 'money',
  investorAmount: 'money',
  grossAmount: 'money',
  /** Principal plus interest due (spec core §3 "repayment netAmount"). */
  netAmount: 'money',
  organisationCommissionDue: 'money',
  gstAmount: 'money',
  stampDutyAmount: 'money',
  isArchived: 'boolean',
} as const;

/** GET api/repayments: a loan's scheduled repayments. */
export const repaymentListShape = listShape(repaymentFields, { loan: repaymentLoanShape });

/** GET api/loanTransactions: receipts published against loans, and what became of them. */
export const loanTransactionListShape = listShape(
  {
    id: 'integer',
    loanId: 'integer',
    repaymentId: 'integer?',
    type: 'string',
    status: 'string',
    principalAmount: 'money',
    interestAmount: 'money',
    investorInterestAmount: 'money',
    excessAmount: 'money',
    netAmount: 'money',
    grossAmount: 'money',
    /** The receipt id of the provider. */
    receiptId: 'string?',
    thirdPartyId: 'string?',
    batchNumber: 'string?',
    receiptDate: 'date?',
    finalisedDate: 'datetime?',
    createdDate: 'datetime',
    fractionalisedDate: 'datetime?',
    isFractionalised: 'boolean',
    reversalTransactionId: 'integer?',
    reversesTransactionId: 'integer?',
    excessHandling: 'string?',
    excessHandledDate: 'datetime?',
    /** The excess still waiting to be applied or returned. */
    excessPending: 'money',
    excessSourceTransactionId: 'integer?',
  },
  { repayment: listShape(repaymentFields), loan: repaymentLoanShape },
);

export const repaymentsListRoute = defineRoute({
  method: 'GET',
  path: '/api/repayments',
  tag,
  summary: "Loans' scheduled repayments",
  description: 'The client filters on loanId; default sort dueDate ascending.',
  query: listQuery,
  response: listOf(repaymentListShape),
  list: true,
});

export const loanTransactionsListRoute = defineRoute({
  method: 'GET',
  path: '/api/loanTransactions',
  tag,
  summary: 'Loan transactions',
  description: 'Receipts published against loans (the excess screen reads PAID REPAYMENT rows without a reversal).',
  query: listQuery,
  response: listOf(loanTransactionListShape),
  list: true,
});

export const receiptsProcessFileRoute = defineRoute({
  method: 'POST',
  path: '/api/repayments/receipts/processFile',
  tag,
  summary: 'Stage a receipts file',
  description:
    'Reads a CSV or XLSX receipts file (DESIGN §6) and answers each receipt matched to its loan, or flagged with ' +
    'the reason it cannot be; nothing is stored. A file that cannot be read is a 400 naming the line and column.',
  query: z.object({
    provider: z
      .string()
      .max(40)
      .optional()
      .describe(`The receipts provider: ${receiptProviders.join(', ')} (the default)`),
  }),
  multipart: { fields: {}, files: 'file' },
  response: z.array(stagedReceiptSchema),
});

export const publishedReceiptSchema = z.object({
  receiptId: z.string(),
  loanId: z.number().int(),
  loanTransactionId: z.number().int(),
  repaymentId: z.number().int().nullable(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  excessAmount: z.number(),
  /** True when this receipt had been published before: it was not paid again. */
  alreadyPublished: z.boolean(),
});

export const receiptsPublishRoute = defineRoute({
  method: 'POST',
  path: '/api/repayments/receipts/batch',
  tag,
  summary: 'Publish receipts',
  description:
    'Publishes the staged receipts the user kept, whole or not at all; a receipt already published with the same ' +
    'details is reported and not paid again.',
  body: publishReceiptsBody,
  response: z.object({
    receipts: z.array(publishedReceiptSchema),
    publishedCount: z.number().int(),
    alreadyPublishedCount: z.number().int(),
  }),
  idempotent: true,
});

export const fractionalisedRepaymentSchema = z.object({
  loanTransactionId: z.number().int(),
  loanId: z.number().int(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  commissionAmount: z.number(),
  topUpAmount: z.number(),
  taxWithheldAmount: z.number(),
  /**
   * The entry that moved it; each holder's piece is its account row of this entry (GET
   * api/transactions, $filter=ledgerEntryId eq <id>). Null for a receipt that was all excess.
   */
  ledgerEntryId: z.number().int().nullable(),
  /** How many holders' accounts the repayment reached (an account row each). */
  holdersPaid: z.number().int(),
});

export const repaymentsFractionaliseRoute = defineRoute({
  method: 'POST',
  path: '/api/repayments/fractionalise',
  tag,
  summary: 'Fractionalise paid repayments',
  description: "Splits paid repayment transactions across the loans' investments, all of them or none.",
  body: fractionaliseRepaymentsBody,
  response: z.array(fractionalisedRepaymentSchema),
  idempotent: true,
});

export const excessResultSchema = z.object({
  loanTransactionId: z.number().int(),
  excessHandling: z.enum(excessHandlings),
  excessAmount: z.number(),
  /** The repayment transaction created by applying it. */
  appliedTransactionId: z.number().int().nullable(),
  repaymentId: z.number().int().nullable(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  /** What is left over after applying it (an excess of the new transaction). */
  remainingExcessAmount: z.number(),
  ledgerEntryId: z.number().int().nullable(),
});

export const excessApplyRoute = defineRoute({
  method: 'POST',
  path: '/api/loanTransactions/:id/actions/applyExcess',
  tag,
  summary: "Apply a receipt's excess",
  description: "Applies the excess of a paid repayment transaction to the loan's next repayment.",
  params: idParams,
  body: handleExcessBody,
  response: excessResultSchema,
  idempotent: true,
});

export const excessReturnRoute = defineRoute({
  method: 'POST',
  path: '/api/loanTransactions/:id/actions/returnExcess',
  tag,
  summary: "Return a receipt's excess",
  description: 'Returns the excess of a paid repayment transaction to the borrower.',
  params: idParams,
  body: handleExcessBody,
  response: excessResultSchema,
  idempotent: true,
});
