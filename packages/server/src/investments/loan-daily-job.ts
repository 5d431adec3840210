import { applyScheduledLoanMoves, runArrearsCheck } from '../loans';
import { systemAudit } from '../platform/audit/audit';
import type { DailyJob } from '../platform/jobs';
import { deployDueLoans } from './deploy-loan';

/**
 * The loans' daily job (docs/domain.md): the moves time makes (marketplace windows), deploying fully
 * funded loans whose planned disbursement date has come, then the arrears check. Reads apply the time moves themselves, so lists are right between runs too.
 */
export const loanDailyJob: DailyJob = {
  name: 'loans-daily',
  async run(ctx) {
    const audit = systemAudit('job loans-daily');
    const moved = await applyScheduledLoanMoves(ctx.db, ctx.clock.now());
    const deployed = await deployDueLoans(ctx, audit);
    const arrears = await runArrearsCheck(ctx.db, ctx.clock.now(), audit);
    return { moved, deployed, arrears };
  },
};
