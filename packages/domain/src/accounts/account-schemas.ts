import { z } from 'zod';
import { isIsoDate, sydneyDate } from '../clock';
import { moneyFields, moneyInput, textInput } from '../contract';
import { centsFromNumber } from '../money';
import { accountMessages, commentLengthMax, movementAmountMaxCents } from './account-rules';

/**
 * The request bodies of a deposit and a transfer and their fields (investor-and-admin §5): apart
 * from the rules of account-rules.ts, which a screen reads as it paints, because building them needs
 * zod (docs/decisions/014-route-refs.md).
 */

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A date field: YYYY-MM-DD as is, or an ISO instant taken as its Sydney date. Empty gives `emptyMessage`. */
export function businessDateInput(emptyMessage: string) {
  return z
    .string({ message: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .transform((value, ctx) => {
      if (isIsoDate(value)) return value;
      if (!isoDatePattern.test(value) && value.length <= 40) {
        const instant = new Date(value);
        if (!Number.isNaN(instant.getTime())) return sydneyDate(instant);
      }
      ctx.addIssue({ code: 'custom', message: accountMessages.dateInvalid });
      return z.NEVER;
    });
}

/**
 * An amount in dollars: a JSON number or a decimal string with at most two places (never
 * coerced), above 0, at most the movement limit.
 */
export const positiveAmount = moneyInput({ positive: accountMessages.amountGreaterThanZero }).pipe(
  z.number().refine((v) => centsFromNumber(v, true) <= movementAmountMaxCents, accountMessages.amountTooLarge),
);
moneyFields.add(positiveAmount, { money: true });

/** An optional free-text comment: trimmed, no control characters, empty means none. */
export const optionalCommentInput = textInput(commentLengthMax)
  .nullish()
  .transform((v) => (v ? v : null));

/** A required free-text comment (the deposit's organisation comment). */
export const requiredCommentInput = (emptyMessage: string) =>
  textInput(commentLengthMax, { required: emptyMessage }).refine((v) => v.length > 0, emptyMessage);

/** An id in a body: a JSON positive whole number (never a string), `message` when missing or wrong. */
export const positiveIdInput = (message: string) =>
  z.number({ message }).int(message).positive(message).refine(Number.isSafeInteger, message);

/** POST api/investmentAccounts/{id}/deposit */
export const depositBody = z.object({
  investmentAccountId: z.number().int().positive().optional(),
  amount: positiveAmount,
  comment: requiredCommentInput(accountMessages.commentEmpty),
  investorComment: optionalCommentInput,
  depositDate: businessDateInput(accountMessages.depositDateEmpty),
});
export type DepositBody = z.infer<typeof depositBody>;

/** POST api/investmentAccounts/{id}/transfer (the from-account comment defaults to the to-account comment). */
export const transferBody = z.object({
  toAccount: positiveIdInput(accountMessages.accountEmpty),
  amount: positiveAmount,
  transferDate: businessDateInput(accountMessages.transferDateEmpty),
  organisationComment: optionalCommentInput,
  toAccountComment: optionalCommentInput,
  fromAccountComment: optionalCommentInput,
});
export type TransferBody = z.infer<typeof transferBody>;
