import { z } from 'zod';
import { defineRoute, idParamsOf, noData } from '../contract';
import { withdrawalRequestStatuses } from '../transactions/transaction-types';

/**
 * The investor's own withdrawal requests and where each stands (investor-and-admin §4: lodged,
 * verified, paid; or cancelled). A lodged request awaits its mailed code; the investor may verify
 * it, have a new code sent (within its limit) or cancel it, which releases the reserved amount.
 * A request whose code expired unverified is cancelled by the server, and the screen says so.
 */

/** Why a request was cancelled (null while it is not). */
export const withdrawalCancelReasons = ['CODE_EXPIRED', 'CODE_TRIES_EXHAUSTED', 'INVESTOR', 'STAFF'] as const;
export type WithdrawalCancelReason = (typeof withdrawalCancelReasons)[number];

export const withdrawalRequestRowSchema = z.object({
  id: z.number().int(),
  investmentAccountId: z.number().int(),
  amount: z.number(),
  status: z.enum(withdrawalRequestStatuses),
  cancelReason: z.enum(withdrawalCancelReasons).nullable(),
  /** When it was lodged (ISO). */
  createdAt: z.string(),
  /** When the current code expires (ISO); null once verified or ended. */
  codeExpiresAt: z.string().nullable(),
  bankAccountName: z.string().nullable(),
});
export type WithdrawalRequestRow = z.infer<typeof withdrawalRequestRowSchema>;

/** How many of an account's requests the Withdraw Funds tab lists (newest first). */
export const ownWithdrawalRequestsShownMax = 10;

/** A new code: at most this many for one request, and this many an hour for one investor. */
export const withdrawalCodeResendsPerRequestMax = 3;
export const withdrawalCodeResendsPerUserPerHour = 10;

export const withdrawalRequestTexts = {
  awaitingVerification: 'Awaiting verification',
  verified: 'Verified, awaiting payment',
  paid: 'Paid',
  expiredCancelled: 'Expired, cancelled: the code was not entered in time',
  triesCancelled: 'Cancelled: too many incorrect codes',
  cancelledByInvestor: 'Cancelled by you',
  cancelled: 'Cancelled',
  codeResent: 'A new verification code has been emailed to you.',
  cancelledToast: 'Withdrawal cancelled. The amount is available again.',
  resendLimitReached: 'No more codes can be sent for this withdrawal request. Cancel it and lodge it again.',
  cancelOnlyUnverified:
    'Only a withdrawal awaiting verification can be cancelled here; a verified one is with our team, please contact support.',
  cancelConfirm: (amount: string) =>
    `Cancel the withdrawal of ${amount}? The request ends and the amount becomes available again.`,
} as const;

/** The words a request's state is shown in. */
export function withdrawalRequestStateText(row: Pick<WithdrawalRequestRow, 'status' | 'cancelReason'>): string {
  switch (row.status) {
    case 'UNVERIFIED':
      return withdrawalRequestTexts.awaitingVerification;
    case 'VERIFIED':
      return withdrawalRequestTexts.verified;
    case 'PAID':
      return withdrawalRequestTexts.paid;
    case 'CANCELLED':
      switch (row.cancelReason) {
        case 'CODE_EXPIRED':
          return withdrawalRequestTexts.expiredCancelled;
        case 'CODE_TRIES_EXHAUSTED':
          return withdrawalRequestTexts.triesCancelled;
        case 'INVESTOR':
          return withdrawalRequestTexts.cancelledByInvestor;
        default:
          return withdrawalRequestTexts.cancelled;
      }
  }
}

/** The body of an action that takes nothing but its path: an empty object. */
const noBody = z.object({});

export const ownWithdrawalRequestsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investmentAccounts/:accountId/withdrawalRequests',
  tag: 'withdrawals',
  summary: "The account's latest withdrawal requests and where each stands",
  description: `The ${ownWithdrawalRequestsShownMax} newest, newest first. Requests whose code expired unverified show as cancelled with the reason CODE_EXPIRED.`,
  params: idParamsOf('accountId'),
  response: z.array(withdrawalRequestRowSchema),
});

export const resendWithdrawalCodeRoute = defineRoute({
  method: 'POST',
  path: '/api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/resendCode',
  tag: 'withdrawals',
  summary: 'Mail a new verification code for a withdrawal awaiting verification',
  description: `The earlier code stops working; the new one has 10 minutes and 5 tries. At most ${withdrawalCodeResendsPerRequestMax} new codes per request and ${withdrawalCodeResendsPerUserPerHour} an hour per investor. Answers "${withdrawalRequestTexts.codeResent}".`,
  params: idParamsOf('accountId', 'requestId'),
  body: noBody,
  response: withdrawalRequestRowSchema,
});

export const cancelWithdrawalRequestRoute = defineRoute({
  method: 'POST',
  path: '/api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/cancel',
  tag: 'withdrawals',
  summary: 'Cancel a withdrawal awaiting verification',
  description: `Releases the reserved amount. Answers "${withdrawalRequestTexts.cancelledToast}".`,
  params: idParamsOf('accountId', 'requestId'),
  body: noBody,
  response: noData,
});
