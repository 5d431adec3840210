import { z } from 'zod';
import { isIsoDate } from '../clock';
import { moneyInput, textInput } from '../contract/inputs';
import {
  excessCommentLengthMax,
  receiptAmountMessage,
  receiptDateLengthMax,
  receiptsPerBatchMax,
  receiptTextLengthMax,
  repaymentMessages,
  repaymentsPerFractionaliseMax,
} from './repayments';

/**
 * The receipts' and repayments' request schemas (spec core §6, §7): apart from the messages,
 * limits and rules of repayments.ts, which the screens read as they paint, because building them
 * needs zod (docs/decisions/014-route-refs.md).
 */

/**
 * A receipt staged from a file: matched to its loan, or flagged with the reason it could not be
 * (the reply of POST api/repayments/receipts/processFile; plain data, as the server encodes it).
 */
export const stagedReceiptSchema = z.object({
  /** Position in the processed file (1 for the first data row), stable while the screen edits the list. */
  id: z.number().int(),
  /** The line (CSV) or row (XLSX) of the file the receipt came from. */
  line: z.number().int(),
  thirdPartyLoanId: z.string(),
  /** The matched loan, or null when no single loan has that third-party id. */
  loanId: z.number().int().nullable(),
  /** The receipt id of the provider. */
  thirdPartyId: z.string(),
  /** The receipt date (YYYY-MM-DD). */
  dueDate: z.string(),
  netAmount: z.number(),
  grossAmount: z.number(),
  batchNumber: z.string(),
  /** Filled from the matched loan. */
  loanAmount: z.number().nullable(),
  loanName: z.string().nullable(),
  loanStatus: z.string().nullable(),
  /** True when the receipt can be published as it stands. */
  matched: z.boolean(),
  /** Why it cannot (null when matched). */
  issue: z.string().nullable(),
});
export type StagedReceipt = z.infer<typeof stagedReceiptSchema>;

/** A receipt amount: the one amount policy (moneyInput), above 0; dollars exact to the cent. */
const receiptAmount = () => moneyInput({ invalid: receiptAmountMessage, positive: receiptAmountMessage });

const receiptDateMessage = 'must be a date written YYYY-MM-DD';
/** A YYYY-MM-DD date, or an ISO date-time read for its date. */
const receiptDateText = /^\d{4}-\d{2}-\d{2}(T[0-9:.]{0,18}(Z|[+-]\d{2}:?\d{2})?)?$/;
const receiptDate = textInput(receiptDateLengthMax)
  .refine((v) => receiptDateText.test(v) && isIsoDate(v.slice(0, 10)), receiptDateMessage)
  .transform((v) => v.slice(0, 10));
/** The same, where an empty value is left for the required-property check. */
const receiptDateOrBlank = textInput(receiptDateLengthMax)
  .refine((v) => v === '' || (receiptDateText.test(v) && isIsoDate(v.slice(0, 10))), receiptDateMessage)
  .transform((v) => v.slice(0, 10));

const nonBlank = (max: number) => textInput(max).pipe(z.string().min(1, 'is required'));

/**
 * One receipt to publish. loanId, dueDate, netAmount, grossAmount and batchNumber are the
 * specification's required properties; thirdPartyId (the receipt id) is required as well, since
 * it is what guarantees that the same receipt is never paid twice. Amounts are dollars exact to
 * the cent (moneyInput), as every amount of the API.
 */
export const publishReceiptSchema = z.object({
  loanId: z.number().int().positive(),
  thirdPartyId: nonBlank(receiptTextLengthMax),
  thirdPartyLoanId: textInput(receiptTextLengthMax).nullish(),
  dueDate: receiptDate,
  netAmount: receiptAmount(),
  grossAmount: receiptAmount(),
  batchNumber: nonBlank(receiptTextLengthMax),
});
export type PublishReceipt = z.infer<typeof publishReceiptSchema>;

/**
 * One row of a publish batch as sent: each property is checked strictly when present, and a
 * missing one (absent, null or blank) is left to `completeReceipts`, which answers the
 * specification's warning naming every row and property. Other properties of a staged row
 * (line, loanAmount, matched, ...) are ignored.
 */
export const publishReceiptRowSchema = z.object({
  loanId: z.number().int().positive().nullish(),
  thirdPartyId: textInput(receiptTextLengthMax).nullish(),
  thirdPartyLoanId: textInput(receiptTextLengthMax).nullish(),
  dueDate: receiptDateOrBlank.nullish(),
  netAmount: receiptAmount().nullish(),
  grossAmount: receiptAmount().nullish(),
  batchNumber: textInput(receiptTextLengthMax).nullish(),
});
export type PublishReceiptRow = z.infer<typeof publishReceiptRowSchema>;

/** POST api/repayments/receipts/batch: the array of receipts to publish (the rows the user kept). */
export const publishReceiptsBody = z
  .array(publishReceiptRowSchema)
  .min(1, repaymentMessages.repaymentsEmpty)
  .max(receiptsPerBatchMax);

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

export const handleExcessBody = z.object({ comment: textInput(excessCommentLengthMax).optional() }).nullish();
