import {
  AppError,
  accountMessages,
  centsFromString,
  centsToNumber,
  ownWithdrawalRequestsShownMax,
  type WithdrawalCancelReason,
  type WithdrawalRequestRow,
  withdrawalCodeResendsPerRequestMax,
  withdrawalCodeResendsPerUserPerHour,
  withdrawalCodeTtlMs,
  withdrawalRequestTexts,
} from '@lm/domain';
import { assertOwnAccount } from '../platform/access/account-access';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import * as rateLimit from '../platform/rate-limit';
import { hashCode, newNumericCode } from '../session';
import { mailWithdrawalCode, withdrawalCodeSalt } from './lodge-withdrawal';
import { releaseExpiredRequests } from './release-expired-requests';
import { cancelRequest, lockRequest } from './withdrawal-requests';
import { replaceRequestCode, selectAccountRequests } from './withdrawals.repository';

/**
 * The investor's own withdrawal requests (investor-and-admin §4): where each stands, a new code for
 * one awaiting verification, and cancelling one, which releases its reservation. The owner only.
 */

/** New codes per request: a day-long window outlives any request still awaiting its code. */
const resendsPerRequest: rateLimit.Limit = { max: withdrawalCodeResendsPerRequestMax, windowMs: 24 * 60 * 60_000 };
const resendsPerUser: rateLimit.Limit = { max: withdrawalCodeResendsPerUserPerHour, windowMs: 60 * 60_000 };

type RequestRecord = Awaited<ReturnType<typeof selectAccountRequests>>[number];

function rowOf(record: RequestRecord): WithdrawalRequestRow {
  const status = record.status as WithdrawalRequestRow['status'];
  return {
    id: record.id,
    investmentAccountId: record.investmentAccountId,
    amount: centsToNumber(centsFromString(String(record.amount))),
    status,
    cancelReason: (record.cancelReason as WithdrawalCancelReason | null) ?? null,
    createdAt: new Date(record.createdAt).toISOString(),
    codeExpiresAt:
      status === 'UNVERIFIED' && record.codeExpiresAt ? new Date(record.codeExpiresAt).toISOString() : null,
    bankAccountName: record.bankAccountName ?? null,
  };
}

/**
 * The account's newest requests. Requests whose code expired are cancelled first (a write, as the
 * periodic job would do within the minute), so the list never shows an expired code as awaiting.
 */
export async function listOwnRequests(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
): Promise<WithdrawalRequestRow[]> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  const rows = await selectAccountRequests(ctx.db, investmentAccountId, ownWithdrawalRequestsShownMax);
  const now = ctx.clock.now();
  // an expired code not yet swept reads as what it is: the request is over (the job cancels it)
  return rows.map((record) => {
    const row = rowOf(record);
    if (row.status === 'UNVERIFIED' && record.codeExpiresAt && new Date(record.codeExpiresAt) <= now) {
      return { ...row, status: 'CANCELLED', cancelReason: 'CODE_EXPIRED', codeExpiresAt: null };
    }
    return row;
  });
}

async function ownRequestRecord(ctx: AppContext, investmentAccountId: number, requestId: number) {
  const rows = await selectAccountRequests(ctx.db, investmentAccountId, ownWithdrawalRequestsShownMax);
  const record = rows.find((r) => r.id === requestId);
  if (!record) throw new AppError('NOT_FOUND', accountMessages.withdrawalRequestNotFound);
  return rowOf(record);
}

/** Mails a new code for a request awaiting verification; the earlier code stops working. */
export async function resendWithdrawalCode(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
  requestId: number,
  audit: AuditContext,
): Promise<WithdrawalRequestRow> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  await releaseExpiredRequests(ctx, { investmentAccountId });
  const now = ctx.clock.now();
  const code = newNumericCode();
  const codeExpiresAt = new Date(now.getTime() + withdrawalCodeTtlMs);
  const requestKey = `withdrawal-resend:request:${requestId}`;
  const userKey = `withdrawal-resend:user:${actor.userId}`;

  const amountCents = await ctx.db.transaction().execute(async (trx) => {
    const request = await lockRequest(trx, requestId);
    if (!request || request.investmentAccountId !== investmentAccountId) {
      throw new AppError('NOT_FOUND', accountMessages.withdrawalRequestNotFound);
    }
    if (request.status !== 'UNVERIFIED') throw new AppError('RULE_REFUSED', accountMessages.notAwaitingVerification);
    await rateLimit.check(trx, userKey, resendsPerUser, now);
    const sent = await rateLimit.hit(trx, requestKey, resendsPerRequest, now);
    if (sent > resendsPerRequest.max)
      throw new AppError('TOO_MANY_REQUESTS', withdrawalRequestTexts.resendLimitReached);
    await rateLimit.hit(trx, userKey, resendsPerUser, now);
    await replaceRequestCode(trx, request.id, hashCode(code, withdrawalCodeSalt(request.id)), codeExpiresAt, now);
    await audit.record(trx, {
      objectType: 'withdrawalRequest',
      objectId: request.id,
      before: { codeExpiresAt: request.codeExpiresAt?.toISOString() ?? null },
      after: { codeResent: true, codeExpiresAt: codeExpiresAt.toISOString() },
    });
    return centsFromString(String(request.amount));
  });
  await mailWithdrawalCode(ctx, actor, investmentAccountId, amountCents, code);
  return ownRequestRecord(ctx, investmentAccountId, requestId);
}

/** The investor cancels a request awaiting verification: the reservation is released. */
export async function cancelOwnRequest(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
  requestId: number,
  audit: AuditContext,
): Promise<void> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const request = await lockRequest(trx, requestId);
    if (!request || request.investmentAccountId !== investmentAccountId) {
      throw new AppError('NOT_FOUND', accountMessages.withdrawalRequestNotFound);
    }
    if (request.status !== 'UNVERIFIED')
      throw new AppError('RULE_REFUSED', withdrawalRequestTexts.cancelOnlyUnverified);
    await cancelRequest(trx, request, null, audit, now, 'INVESTOR');
  });
}
