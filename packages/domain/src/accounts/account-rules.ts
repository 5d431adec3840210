import { formatDate } from '../format';
import type { Cents } from '../money';
import type { TransferBody } from './account-schemas';

/**
 * Deposits, transfers and withdrawals (investor-and-admin §5 "Withdrawal", "Deposit",
 * "Transfer"): the specification's messages word for word, our own where it gives none, the
 * limits and the date rules, shared by the server and the screens (the request bodies' schemas
 * are account-schemas.ts).
 */

export const accountMessages = {
  // the specification's texts, word for word
  amountGreaterThanZero: 'Please input an amount greater than 0',
  depositDateEmpty: 'Deposit Date cannot be empty',
  commentEmpty: 'Comment cannot be empty',
  amountAboveAvailable: 'Amount cannot be greater than the available balance',
  transferDateEmpty: 'Transfer Date cannot be empty',
  accountEmpty: 'Account cannot be empty',
  noBankAccount: 'Unfortunately we do not have your preferred bank account details for this investment account.',
  sameAmountToConfirm: 'Please enter the same amount to confirm',
  codeInvalid: 'Code is invalid',
  depositSuccessful: 'Deposit successful',
  transferSuccessful: 'Transfer successful',
  withdrawalLodged: 'Withdrawal lodged',
  withdrawalVerified: 'Withdrawal verified',
  changesProcessed: 'Changes were processed',
  // ours: the specification gives no text for these
  amountTooLarge: 'The amount is too large.',
  depositDateOutOfRange: (from: string, to: string) =>
    `Deposit Date must be between ${formatDate(from)} and ${formatDate(to)}`,
  transferDateOutOfRange: (from: string, to: string) =>
    `Transfer Date must be between the account creation date ${formatDate(from)} and ${formatDate(to)}`,
  dateInvalid: 'Please input a valid date',
  transferToSameAccount: 'Funds cannot be transferred to the same account.',
  destinationNotFound: 'The destination account does not exist.',
  accountIdMismatch: 'The investment account in the body is not the one in the path.',
  bankAccountEmpty: 'Please select a bank account',
  bankAccountNotOfAccount: 'The bank account does not belong to this investment account.',
  withdrawThrottled: 'Please wait a few seconds before lodging another withdrawal.',
  codeIncorrect: (triesLeft: number) =>
    `The verification code is incorrect. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  codeExpired:
    'The verification code has expired, so the withdrawal request was cancelled. Please lodge the withdrawal again.',
  codeTriesExhausted:
    'Too many incorrect codes, so the withdrawal request was cancelled. Please lodge the withdrawal again.',
  notAwaitingVerification: 'This withdrawal request is not awaiting verification.',
  investmentAccountNotFound: 'Investment account not found.',
  withdrawalRequestNotFound: 'Withdrawal request not found.',
  transactionNotFound: 'Transaction not found.',
  withdrawalNotVerified: 'Only a verified withdrawal can be marked paid.',
  withdrawalNotPending: 'This withdrawal is no longer pending.',
  statusOnlyOnPendingWithdrawal: 'The status can only be changed on a pending withdrawal (to PAID or CANCELLED).',
  finalisedCommentsOnly: 'A finalised transaction can only have its comments changed.',
  fieldsNotEditable: (fields: readonly string[]) =>
    `These fields of a transaction cannot be changed: ${fields.join(', ')}. Only comment, investorComment and, on a pending withdrawal, status.`,
  alreadyReversed: 'This transaction has already been reversed.',
  reversalNotReversible: 'A reversal cannot be reversed.',
  cancelledNotReversible: 'A cancelled transaction moved no money and cannot be reversed.',
  pendingOnlyWithdrawalsCancel:
    'Only a pending withdrawal can be cancelled here; a pending investment is cancelled by reversing the investment.',
  notReversibleHere: (type: string) =>
    `A ${type} transaction is reversed through its own action (the loan, investment or repayment), not here.`,
  reversalWouldOverdraw: (accountId: number) =>
    `The reversal needs more than the available balance of account ${accountId}.`,
} as const;

/** Limits, with units: one deposit, transfer or withdrawal moves at most this much. */
export const movementAmountMaxCents: Cents = 10_000_000_000_00n; // $10 billion
export const commentLengthMax = 1000;
/** Deposit date: from 2 months before today to today (Sydney dates; the spec's "2 units back"). */
export const depositDateMonthsBack = 2;
/** Withdrawal verification (investor-and-admin §5 and the issue): 6 digits, 10 minutes, 5 tries. */
export const withdrawalCodeTtlMs = 10 * 60_000;
export const withdrawalCodeAttemptsMax = 5;
/** Withdraw action throttle per account (investor-and-admin §9: "Withdraw action throttled 5 s"). */
export const withdrawThrottleMs = 5_000;

/** Adds whole months to a YYYY-MM-DD date, clamping to the month's last day (31 March - 1 month = 28/29 Feb). */
export function addCalendarMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function depositDateBounds(today: string): { from: string; to: string } {
  return { from: addCalendarMonths(today, -depositDateMonthsBack), to: today };
}

/** The problem with a deposit date (YYYY-MM-DD), or null. `today` is the Sydney date of the clock. */
export function depositDateProblem(date: string, today: string): string | null {
  const { from, to } = depositDateBounds(today);
  return date < from || date > to ? accountMessages.depositDateOutOfRange(from, to) : null;
}

/** The problem with a transfer date: from the source account's creation date (Sydney) to today. */
export function transferDateProblem(date: string, accountCreationDate: string, today: string): string | null {
  return date < accountCreationDate || date > today
    ? accountMessages.transferDateOutOfRange(accountCreationDate, today)
    : null;
}

/** The comments a transfer writes on each side (investor-and-admin §5: the to-account comment is reused by default). */
export function transferComments(body: Pick<TransferBody, 'toAccountComment' | 'fromAccountComment'>): {
  toAccountComment: string | null;
  fromAccountComment: string | null;
} {
  return {
    toAccountComment: body.toAccountComment ?? null,
    fromAccountComment: body.fromAccountComment ?? body.toAccountComment ?? null,
  };
}
