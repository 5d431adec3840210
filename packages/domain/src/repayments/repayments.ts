import { badRequest } from '../errors';
import type { PublishReceipt, PublishReceiptRow } from './repayment-schemas';

/**
 * Repayment receipts (investor-and-admin §2 "Upload Repayments", §5 "Receipt publishing", §7
 * "Transactions and repayments"; DESIGN §6 for the file): the staged row, the publish and
 * fractionalise bodies, and the specification's messages word for word.
 */
export const repaymentMessages = {
  /** Error catalogue: repayments empty or unprocessable. */
  repaymentsEmpty:
    'There was an issue with your request, either there are no repayments or the file could not be properly processed.',
  /** Receipt publishing: a selected row lacks loanId, dueDate, netAmount, grossAmount or batchNumber. */
  requiredPropertyMissing: 'The validation for these repayments has failed, a required property is missing',
  receiptValidationTitle: 'Warning',
  uploaded: 'Repayments were successfully uploaded',
  fractionalised: 'Repayments were successfully fractionalised',
  submitted: 'All repayments have been successfully submitted',
} as const;

/** The receipt providers the server reads; the client's provider is fixed to insyston. */
export const receiptProviders = ['insyston'] as const;
export type ReceiptProvider = (typeof receiptProviders)[number];

/** The insyston receipt file's columns (DESIGN §6), in the order the format lists them. */
export const receiptFileColumns = [
  'thirdPartyLoanId',
  'receiptId',
  'receiptDate',
  'netAmount',
  'grossAmount',
  'batchNumber',
] as const;
export type ReceiptFileColumn = (typeof receiptFileColumns)[number];

/** Limits: receipts in one file and in one published batch, and fractionalised in one call. */
export const receiptsPerFileMax = 10_000;
export const receiptsPerBatchMax = 5_000;
export const repaymentsPerFractionaliseMax = 1_000;
export const receiptTextLengthMax = 100;
/** A receipt date as text: YYYY-MM-DD, or an ISO date-time. */
export const receiptDateLengthMax = 40;

/** Why a staged row cannot be published as it stands (shown beside the row). */
export const stagedReceiptIssues = {
  unknownLoan: (thirdPartyLoanId: string) => `No loan has the third-party id ${thirdPartyLoanId}.`,
  ambiguousLoan: (thirdPartyLoanId: string, count: number) =>
    `${count} loans have the third-party id ${thirdPartyLoanId}; the receipt cannot be matched to one of them.`,
  loanNotActive: (loanId: number, status: string) =>
    `Loan ${loanId} is not active (status ${status}); receipts are published only against active loans.`,
  alreadyPublished: (receiptId: string, loanTransactionId: number) =>
    `Receipt ${receiptId} has already been published (loan transaction ${loanTransactionId}).`,
} as const;

/**
 * A staged receipt dated after today (Sydney): money cannot have been received on a day still to
 * come, so the date is likely mistyped (a month or a year off). An alert, not a block: the row can
 * still be published once checked. The specification has no words for it; ours.
 */
export const receiptDateAlert = (isoDate: string) =>
  `The receipt date ${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)} is in the future. Check it before publishing.`;

/** The staged receipts dated after `today` (YYYY-MM-DD, Sydney), each with its alert. */
export function futureDatedReceipts<R extends { dueDate: string }>(
  rows: readonly R[],
  today: string,
): Array<{ row: R; alert: string }> {
  return rows
    .filter((row) => row.dueDate.slice(0, 10) > today)
    .map((row) => ({ row, alert: receiptDateAlert(row.dueDate.slice(0, 10)) }));
}

/** The message of a receipt amount that is not one (the field is named beside it). */
export const receiptAmountMessage = 'must be an amount greater than 0 with at most two decimal places';

const requiredKeys = ['loanId', 'dueDate', 'netAmount', 'grossAmount', 'batchNumber', 'thirdPartyId'] as const;

/** The rows of a batch that lack a required property: [row index, property] pairs (empty when none). */
export function missingReceiptProperties(rows: readonly unknown[]): Array<{ index: number; property: string }> {
  const missing: Array<{ index: number; property: string }> = [];
  rows.forEach((row, index) => {
    const record = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
    for (const property of requiredKeys) {
      const value = record[property];
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        missing.push({ index, property });
      }
    }
  });
  return missing;
}

/**
 * The receipts of a batch with every required property, or the specification's warning (400)
 * naming each row and property that is missing.
 */
export function completeReceipts(rows: readonly PublishReceiptRow[]): PublishReceipt[] {
  const missing = missingReceiptProperties(rows);
  if (missing.length > 0) {
    throw badRequest(
      repaymentMessages.requiredPropertyMissing,
      missing.map((m) => ({ field: `${m.index}.${m.property}`, message: `${m.property} is missing` })),
    );
  }
  return rows.map((row) => ({ ...row, thirdPartyLoanId: row.thirdPartyLoanId ?? null }) as PublishReceipt);
}

/** How an excess (a receipt above what was due) is handled: applied to the next repayment, or returned. */
export const excessHandlings = ['APPLIED', 'RETURNED'] as const;
export type ExcessHandling = (typeof excessHandlings)[number];

/** The longest comment on handling an excess. */
export const excessCommentLengthMax = 500;

export const excessMessages = {
  noExcess: 'This repayment has no excess to handle.',
  alreadyHandled: 'The excess of this repayment has already been handled.',
  notPaidRepayment: 'Only a paid repayment transaction can have an excess handled.',
  reversed: 'This repayment transaction has been reversed.',
  nothingToApplyTo: 'The loan has no unpaid repayment to apply the excess to; return it instead.',
  applied: 'The excess was applied to the next repayment.',
  returned: 'The excess was returned to the borrower.',
} as const;

export const fractionaliseMessages = {
  notFound: (id: number) => `Loan transaction ${id} does not exist.`,
  notRepayment: (id: number) => `Loan transaction ${id} is not a paid repayment.`,
  reversed: (id: number) => `Loan transaction ${id} has been reversed.`,
  alreadyFractionalised: (id: number) => `Loan transaction ${id} has already been fractionalised.`,
  noHolders: (id: number, loanId: number) =>
    `Loan transaction ${id} cannot be fractionalised: loan ${loanId} has no deployed investments with principal outstanding.`,
  /** Amounts are passed formatted ($1,234.56). */
  houseCannotCover: (id: number, required: string, available: string) =>
    `Loan transaction ${id} cannot be fractionalised: the house account 555 must pay interest top-ups of ${required} and has only ${available} available.`,
  principalAboveOutstanding: (id: number, principal: string, outstanding: string) =>
    `Loan transaction ${id} cannot be fractionalised: it repays ${principal} of principal but the investments have only ${outstanding} outstanding.`,
} as const;

export const publishMessages = {
  duplicateInBatch: (receiptId: string) => `Receipt ${receiptId} appears more than once in this batch.`,
  loanNotFound: (loanId: number) => `Loan ${loanId} does not exist.`,
  loanNotActive: stagedReceiptIssues.loanNotActive,
  publishedDifferently: (receiptId: string, loanTransactionId: number) =>
    `Receipt ${receiptId} has already been published with other details (loan transaction ${loanTransactionId}).`,
  grossBelowNet: (receiptId: string) => `Receipt ${receiptId}: the gross amount cannot be less than the net amount.`,
} as const;
