import { systemAudit } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { DailyJob } from '../platform/jobs';
import { cancelRequest, lockRequest } from './withdrawal-requests';

export const expiredRequestsPerSweepMax = 500;

/**
 * A lodged request whose code expired unverified is cancelled, so its reservation of available
 * balance does not outlive the code. Runs before each lodge (for that account), when an investor
 * lists their accounts, before the staff transactions list, and as a daily job; each request is
 * cancelled in its own transaction under its row lock, so concurrent sweeps never clash.
 */
export async function releaseExpiredRequests(
  ctx: AppContext,
  scope: { investmentAccountId?: number; investmentAccountIds?: readonly number[] } = {},
): Promise<number> {
  const now = ctx.clock.now();
  let query = ctx.db
    .selectFrom('withdrawalRequests')
    .select('id')
    .where('status', '=', 'UNVERIFIED')
    .where('codeExpiresAt', '<=', now)
    .orderBy('id')
    .limit(expiredRequestsPerSweepMax);
  if (scope.investmentAccountId !== undefined)
    query = query.where('investmentAccountId', '=', scope.investmentAccountId);
  if (scope.investmentAccountIds !== undefined) {
    if (scope.investmentAccountIds.length === 0) return 0;
    query = query.where('investmentAccountId', 'in', [...scope.investmentAccountIds]);
  }
  const expired = await query.execute();
  const audit = systemAudit('withdrawal-code-expiry');
  let released = 0;
  for (const { id } of expired) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const request = await lockRequest(trx, id);
      if (request?.status !== 'UNVERIFIED' || !request.codeExpiresAt || request.codeExpiresAt > now) {
        return false;
      }
      await cancelRequest(trx, request, null, audit, now);
      return true;
    });
    if (done) released++;
  }
  return released;
}

export const releaseExpiredWithdrawalsJob: DailyJob = {
  name: 'release-expired-withdrawal-requests',
  run: async (ctx) => ({ released: await releaseExpiredRequests(ctx) }),
};
