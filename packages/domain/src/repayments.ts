import { z } from 'zod';
import { type Cents, centsFromNumber, centsFromString } from './money';

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

/** A receipt staged from a file: matched to its loan, or flagged with the reason it could not be. */
export interface StagedReceipt {
  /** Position in the processed file (1 for the first data row), stable while the screen edits the list. */
  id: number;
  /** The line (CSV) or row (XLSX) of the file the receipt came from. */
  line: number;
  thirdPartyLoanId: string;
  /** The matched loan, or null when no single loan has that third-party id. */
  loanId: number | null;
  /** The receipt id of the provider. */
  thirdPartyId: string;
  /** The receipt date (YYYY-MM-DD). */
  dueDate: string;
  netAmount: number;
  grossAmount: number;
  batchNumber: string;
  /** Filled from the matched loan. */
  loanAmount: number | null;
  loanName: string | null;
  loanStatus: string | null;
  /** True when the receipt can be published as it stands. */
  matched: boolean;
  /** Why it cannot (null when matched). */
  issue: string | null;
}

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function twoPlaces(value: number): boolean {
  try {
    centsFromNumber(value);
    return true;
  } catch {
    return false;
  }
}

const amountMessage = 'must be an amount greater than 0 with at most two decimal places';

/** A receipt amount as JSON carries it: a number (or numeric text) above 0 with at most 2 places, as cents. */
export const receiptAmountSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, amountMessage),
  ])
  .refine((v) => (typeof v === 'number' ? Number.isFinite(v) && v > 0 && twoPlaces(v) : Number(v) > 0), amountMessage)
  .transform((v): Cents => (typeof v === 'number' ? centsFromNumber(v) : centsFromString(v)));

const isoDateSchema = z
  .string()
  .trim()
  .refine(isIsoDate, 'must be a date written YYYY-MM-DD')
  // a receipt date with a time part (an ISO date-time) is accepted for its date
  .or(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}T/, 'must be a date written YYYY-MM-DD')
      .transform((v) => v.slice(0, 10))
      .refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  );

const requiredKeys = ['loanId', 'dueDate', 'netAmount', 'grossAmount', 'batchNumber', 'thirdPartyId'] as const;

/**
 * One receipt to publish. loanId, dueDate, netAmount, grossAmount and batchNumber are the
 * specification's required properties; thirdPartyId (the receipt id) is required as well, since
 * it is what guarantees that the same receipt is never paid twice.
 */
export const publishReceiptSchema = z.object({
  loanId: z.number().int().positive(),
  thirdPartyId: z.string().trim().min(1).max(receiptTextLengthMax),
  thirdPartyLoanId: z.string().trim().max(receiptTextLengthMax).nullish(),
  dueDate: isoDateSchema,
  netAmount: receiptAmountSchema,
  grossAmount: receiptAmountSchema,
  batchNumber: z.string().trim().min(1).max(receiptTextLengthMax),
});
export type PublishReceipt = z.infer<typeof publishReceiptSchema>;

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
 * POST api/repayments/receipts/batch: the array of receipt repayments (or an object carrying it as
 * `repayments` or `receipts`, with the provider name).
 */
export const publishReceiptsBody = z
  .union([
    z.array(z.unknown()),
    z.object({ provider: z.string().optional(), repayments: z.array(z.unknown()) }).transform((v) => v.repayments),
    z.object({ provider: z.string().optional(), receipts: z.array(z.unknown()) }).transform((v) => v.receipts),
  ])
  .pipe(z.array(z.unknown()).min(1, repaymentMessages.repaymentsEmpty).max(receiptsPerBatchMax));

/** POST api/repayments/fractionalise: the array of loan transaction ids (or { ids }). */
export const fractionaliseRepaymentsBody = z
  .union([
    z.array(z.number().int().positive()),
    z.object({ ids: z.array(z.number().int().positive()) }).transform((v) => v.ids),
    z.object({ loanTransactionIds: z.array(z.number().int().positive()) }).transform((v) => v.loanTransactionIds),
  ])
  .pipe(
    z
      .array(z.number())
      .min(1, 'Please select at least one repayment to fractionalise.')
      .max(repaymentsPerFractionaliseMax)
      .refine((ids) => new Set(ids).size === ids.length, 'The same repayment is selected twice.'),
  );

/** How an excess (a receipt above what was due) is handled: applied to the next repayment, or returned. */
export const excessHandlings = ['APPLIED', 'RETURNED'] as const;
export type ExcessHandling = (typeof excessHandlings)[number];

export const handleExcessBody = z.object({ comment: z.string().trim().max(500).optional() }).nullish();

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
