import {
  accountMessages,
  centsFromNumber,
  depositBody,
  depositDateProblem,
  positiveAmount,
  transferBody,
  transferDateProblem,
} from '@lm/domain';
import { z } from 'zod';

/**
 * The Deposit Funds and Transfer Funds forms (investor-and-admin §5 "Deposit", "Transfer"): the
 * domain's request schemas plus the rules that need the screen's facts (today, the source
 * account), so the form refuses what the server would refuse, with the same words.
 */

/**
 * The amount as the form holds it: the number input gives a number, or null when empty, which is
 * "Please input an amount greater than 0" in the specification's words; the rest is the body's own
 * rule (at most two decimal places, above 0), so the server receives a plain JSON number.
 */
export const formAmount = z.preprocess((value) => (value === null || value === '' ? 0 : value), positiveAmount);

export interface DepositFormValues {
  amount: number | null;
  depositDate: string | null;
  comment: string;
  investorComment: string;
}

export const emptyDepositForm = (today: string): DepositFormValues => ({
  amount: null,
  depositDate: today,
  comment: '',
  investorComment: '',
});

export function depositForm(today: string) {
  return depositBody
    .omit({ investmentAccountId: true })
    .extend({ amount: formAmount })
    .superRefine((values, ctx) => {
      const problem = typeof values.depositDate === 'string' ? depositDateProblem(values.depositDate, today) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['depositDate'], message: problem });
    });
}
export type DepositFormOutput = z.output<ReturnType<typeof depositForm>>;

export interface TransferSource {
  id: number;
  availableBalance: number;
  /** The account's creation date (Sydney), the transfer date's lower bound. */
  creationDate: string;
}

export interface TransferFormValues {
  toAccount: number | null;
  amount: number | null;
  transferDate: string | null;
  organisationComment: string;
  toAccountComment: string;
  fromAccountComment: string;
  /** Use the to-account comment on the from-account side too (the default). */
  sameComment: boolean;
}

export const emptyTransferForm = (today: string): TransferFormValues => ({
  toAccount: null,
  amount: null,
  transferDate: today,
  organisationComment: '',
  toAccountComment: '',
  fromAccountComment: '',
  sameComment: true,
});

export function transferForm(source: TransferSource, today: string) {
  return transferBody.extend({ amount: formAmount, sameComment: z.boolean() }).superRefine((values, ctx) => {
    if (values.toAccount === source.id) {
      ctx.addIssue({ code: 'custom', path: ['toAccount'], message: accountMessages.transferToSameAccount });
    }
    if (Number.isFinite(values.amount) && values.amount > 0) {
      if (centsFromNumber(values.amount, true) > centsFromNumber(source.availableBalance, true)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: accountMessages.amountAboveAvailable });
      }
    }
    if (typeof values.transferDate === 'string') {
      const problem = transferDateProblem(values.transferDate, source.creationDate, today);
      if (problem) ctx.addIssue({ code: 'custom', path: ['transferDate'], message: problem });
    }
  });
}
export type TransferFormOutput = z.output<ReturnType<typeof transferForm>>;
