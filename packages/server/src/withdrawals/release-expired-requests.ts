import { systemAudit } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { PeriodicJob } from '../platform/jobs';
import { cancelRequest, lockRequest } from './withdrawal-requests';
import { selectExpiredRequestIds } from './withdrawals.repository';

export const expiredRequestsPerSweepMax = 500;

/** How often the periodic job sweeps every account. */
export const expiredRequestsSweepIntervalMs = 60_000;

/**
 * A lodged request whose code expired unverified is cancelled, so its reservation of available
 * balance does not outlive the code. Runs every minute as a periodic job, and inside the writes
 * that need it (before lodging and before verifying, for that account); never from a GET. Each
 * request is cancelled in its own transaction under its row lock, re-checked there, so
 * concurrent sweeps in several processes never cancel one twice.
 */
export async function releaseExpiredRequests(
  ctx: AppContext,
  scope: { investmentAccountId?: number; investmentAccountIds?: readonly number[]; exceptRequestId?: number } = {},
): Promise<number> {
  if (scope.investmentAccountIds !== undefined && scope.investmentAccountIds.length === 0) return 0;
  const now = ctx.clock.now();
  const expired = await selectExpiredRequestIds(ctx.db, now, scope, expiredRequestsPerSweepMax);
  const audit = systemAudit('withdrawal-code-expiry');
  let released = 0;
  for (const id of expired) {
    if (id === scope.exceptRequestId) continue;
    const done = await ctx.db.transaction().execute(async (trx) => {
      const request = await lockRequest(trx, id);
      if (request?.status !== 'UNVERIFIED' || !request.codeExpiresAt || request.codeExpiresAt > now) {
        return false;
      }
      await cancelRequest(trx, request, null, audit, now, 'CODE_EXPIRED');
      return true;
    });
    if (done) released++;
  }
  return released;
}

export const releaseExpiredWithdrawalsJob: PeriodicJob = {
  name: 'release-expired-withdrawal-requests',
  intervalMs: expiredRequestsSweepIntervalMs,
  run: async (ctx) => ({ released: await releaseExpiredRequests(ctx) }),
};
