import { AppError, accountMessages, type VerifiedWithdrawal, withdrawalCodeAttemptsMax } from '@lm/domain';
import { assertOwnAccount } from '../platform/access/account-access';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import * as rateLimit from '../platform/rate-limit';
import { codeMatches } from '../session';
import { withdrawalCodeSalt } from './lodge-withdrawal';
import { releaseExpiredRequests } from './release-expired-requests';
import { cancelRequest, lockRequest } from './withdrawal-requests';
import { markVerified, updateCodeAttempts } from './withdrawals.repository';

/**
 * Wrong codes per investor across all their requests: besides the 5 tries of each code, an
 * investor who keeps lodging and guessing is stopped after this many misses in an hour.
 */
export const withdrawalCodeFailuresPerUser: rateLimit.Limit = { max: 10, windowMs: 60 * 60_000 };

/** The request becomes VERIFIED and its code is erased (single use). The caller holds the request's row lock. */
export async function recordVerified(trx: Tx, requestId: number, audit: AuditContext, now: Date): Promise<void> {
  await markVerified(trx, requestId, now);
  await audit.record(trx, {
    objectType: 'withdrawalRequest',
    objectId: requestId,
    before: { status: 'UNVERIFIED' },
    after: { status: 'VERIFIED' },
  });
}

type Outcome =
  | { kind: 'verified'; transactionId: number | null }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'expired' }
  | { kind: 'exhausted' };

/**
 * Verifies a lodged withdrawal with its mailed code. A wrong try is counted (and committed) before
 * the refusal; the fifth wrong try, or a try after the 10 minutes, cancels the request and releases
 * its reservation. A used code is erased, so it works once.
 */
export async function verifyWithdrawal(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
  requestId: number,
  verificationCode: string,
  audit: AuditContext,
): Promise<VerifiedWithdrawal> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  const now = ctx.clock.now();
  // the account's other requests whose code expired give their reservations back first
  await releaseExpiredRequests(ctx, { investmentAccountId, exceptRequestId: requestId });
  const failuresKey = `withdrawal-code:user:${actor.userId}`;
  await rateLimit.check(ctx.db, failuresKey, withdrawalCodeFailuresPerUser, now);

  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    const request = await lockRequest(trx, requestId);
    if (!request || request.investmentAccountId !== investmentAccountId) {
      throw new AppError('NOT_FOUND', accountMessages.withdrawalRequestNotFound);
    }
    if (request.status !== 'UNVERIFIED' || !request.codeHash) {
      throw new AppError('RULE_REFUSED', accountMessages.notAwaitingVerification);
    }
    if (!request.codeExpiresAt || request.codeExpiresAt <= now) {
      await cancelRequest(trx, request, null, audit, now, 'CODE_EXPIRED');
      return { kind: 'expired' };
    }
    if (!codeMatches(verificationCode, withdrawalCodeSalt(request.id), request.codeHash)) {
      const attempts = request.codeAttempts + 1;
      await updateCodeAttempts(trx, request.id, attempts, now);
      if (attempts >= withdrawalCodeAttemptsMax) {
        await cancelRequest(trx, { ...request, codeAttempts: attempts }, null, audit, now, 'CODE_TRIES_EXHAUSTED');
        return { kind: 'exhausted' };
      }
      return { kind: 'wrong', triesLeft: withdrawalCodeAttemptsMax - attempts };
    }
    await recordVerified(trx, request.id, audit, now);
    return { kind: 'verified', transactionId: request.accountTransactionId };
  });

  switch (outcome.kind) {
    case 'verified':
      return {
        id: requestId,
        withdrawalRequestId: requestId,
        transactionId: outcome.transactionId,
        status: 'VERIFIED',
      };
    case 'wrong':
      await rateLimit.hit(ctx.db, failuresKey, withdrawalCodeFailuresPerUser, now);
      throw new AppError('RULE_REFUSED', accountMessages.codeIncorrect(outcome.triesLeft));
    case 'expired':
      throw new AppError('RULE_REFUSED', accountMessages.codeExpired);
    case 'exhausted':
      await rateLimit.hit(ctx.db, failuresKey, withdrawalCodeFailuresPerUser, now);
      throw new AppError('RULE_REFUSED', accountMessages.codeTriesExhausted);
  }
}
