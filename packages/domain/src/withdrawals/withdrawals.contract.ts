import { z } from 'zod';
import { accountMessages } from '../accounts/account-rules';
import { positiveAmount, positiveIdInput } from '../accounts/account-schemas';
import { defineRoute, idParamsOf } from '../contract';
import { verificationCodeLength } from '../session/password';

/**
 * Withdrawals on the investor side (investor-and-admin §2 Profile "Withdraw Funds", §5, §7): a
 * lodged request reserves the amount and mails a code; the code verifies it. Staff decide verified
 * requests through PUT api/transactions/{id}.
 */

/** POST api/user/investmentAccounts/{accountId}/withdraw */
export const withdrawBody = z.object({
  amount: positiveAmount,
  bankAccountId: positiveIdInput(accountMessages.bankAccountEmpty),
});
export type WithdrawBody = z.infer<typeof withdrawBody>;

const verificationCodePattern = new RegExp(`^\\d{${verificationCodeLength}}$`);

/** POST api/user/investmentAccounts/{accountId}/withdrawalRequests/{requestId}/verify: 6 digits, as text. */
export const verifyWithdrawalBody = z.object({
  verificationCode: z
    .string({ message: accountMessages.codeInvalid })
    .trim()
    .regex(verificationCodePattern, accountMessages.codeInvalid),
});
export type VerifyWithdrawalBody = z.infer<typeof verifyWithdrawalBody>;

export const lodgedWithdrawalSchema = z.object({
  /** The withdrawal request id, which the client holds until it is verified. */
  id: z.number().int(),
  withdrawalRequestId: z.number().int(),
  transactionId: z.number().int(),
  investmentAccountId: z.number().int(),
  amount: z.number(),
  status: z.literal('UNVERIFIED'),
  codeExpiresAt: z.string(),
});
export type LodgedWithdrawal = z.infer<typeof lodgedWithdrawalSchema>;

export const verifiedWithdrawalSchema = z.object({
  id: z.number().int(),
  withdrawalRequestId: z.number().int(),
  transactionId: z.number().int().nullable(),
  status: z.literal('VERIFIED'),
});
export type VerifiedWithdrawal = z.infer<typeof verifiedWithdrawalSchema>;

export const withdrawFundsRoute = defineRoute({
  method: 'POST',
  path: '/api/user/investmentAccounts/:accountId/withdraw',
  tag: 'withdrawals',
  summary: 'Lodge a withdrawal',
  description: `Reserves the amount and mails a verification code; answers "${accountMessages.withdrawalLodged}".`,
  params: idParamsOf('accountId'),
  body: withdrawBody,
  response: lodgedWithdrawalSchema,
  idempotent: true,
});

export const verifyWithdrawalRoute = defineRoute({
  method: 'POST',
  path: '/api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/verify',
  tag: 'withdrawals',
  summary: 'Verify a lodged withdrawal with its mailed code',
  description: `Answers "${accountMessages.withdrawalVerified}".`,
  params: idParamsOf('accountId', 'requestId'),
  body: verifyWithdrawalBody,
  response: verifiedWithdrawalSchema,
});
