import { accountMessages, centsFromNumber, positiveAmount, withdrawBody } from '@lm/domain';
import { z } from 'zod';

/**
 * The Withdraw Funds form (investor-and-admin §5 "Withdrawal"): the domain's withdraw body plus
 * the chosen account, and the amount at most that account's available balance (compared in
 * cents, never as floating point).
 */
export function withdrawForm(availableBalance: number | null) {
  return withdrawBody
    .extend({
      // empty (null) reads "Please input an amount greater than 0"; the server receives a JSON number
      amount: z.preprocess((value) => (value === null || value === '' ? 0 : value), positiveAmount),
      investmentAccountId: z
        .number({ message: accountMessages.accountEmpty })
        .refine((v) => Number.isSafeInteger(v) && v > 0, accountMessages.accountEmpty),
    })
    .superRefine((values, ctx) => {
      if (availableBalance === null || !Number.isFinite(values.amount)) return;
      if (centsFromNumber(values.amount, true) > centsFromNumber(availableBalance, true)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: accountMessages.amountAboveAvailable });
      }
    });
}

/** What the form holds while it is being filled. */
export interface WithdrawFormValues {
  investmentAccountId: number | null;
  amount: number | null;
  bankAccountId: number | null;
}

export type WithdrawFormOutput = z.output<ReturnType<typeof withdrawForm>>;

export const emptyWithdrawForm: WithdrawFormValues = { investmentAccountId: null, amount: null, bankAccountId: null };
