import { type Cents, centsFromString, sydneyDate } from '@lm/domain';
import { systemAudit } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { fractionaliseRepayments, publishReceipts } from '../repayments';
import * as seedRepo from './seed.repository';

/**
 * The demo book's repayments beyond the loans' own history (loans.seed.ts publishes and
 * fractionalises every repayment the seeded loans paid on their due dates, and leaves the loans
 * whose borrowers stopped paying in arrears): today's receipts that the back office still has to
 * handle, through the same services the API uses:
 * - one receipt larger than the repayment it pays, fractionalised, so its excess waits on the
 *   excess screen (to be applied to the next repayment or returned);
 * - one receipt published but not yet fractionalised, so the Fractionalise Repayments action has work.
 */

const audit = systemAudit('seed');
export const demoExcessCents = 25_000n;

export interface SeededRepayments {
  excessLoanTransactionId: number | null;
  unfractionalisedLoanTransactionId: number | null;
}

export async function seedDemoRepayments(ctx: AppContext): Promise<SeededRepayments> {
  const today = sydneyDate(ctx.clock.now());
  const loans = await seedRepo.activeLoans(ctx.db);
  const seeded: SeededRepayments = { excessLoanTransactionId: null, unfractionalisedLoanTransactionId: null };
  for (const loan of loans) {
    const repayment = await seedRepo.nextOpenRepayment(ctx.db, loan.id);
    if (!repayment) continue;
    const dueCents: Cents =
      centsFromString(repayment.principalDue) -
      centsFromString(repayment.principalPaid) +
      centsFromString(repayment.interestDue) -
      centsFromString(repayment.interestPaid);
    if (dueCents <= 0n) continue;
    const withExcess = seeded.excessLoanTransactionId === null;
    // the first pays its next repayment in full and $250 more; the second pays its next one exactly
    const netCents = dueCents + (withExcess ? demoExcessCents : 0n);
    const kind = withExcess ? 'EXCESS' : 'EARLY';
    const published = await publishReceipts(
      ctx,
      [
        {
          loanId: loan.id,
          thirdPartyId: `DEMO-${kind}-${loan.thirdPartyId ?? loan.id}-${today}`,
          thirdPartyLoanId: loan.thirdPartyId,
          dueDate: today,
          netAmount: netCents,
          grossAmount: netCents,
          batchNumber: `DEMO-${today}`,
        },
      ],
      null,
      audit,
    );
    const id = published.receipts[0]!.loanTransactionId;
    if (withExcess) {
      await fractionaliseRepayments(ctx, [id], null, audit);
      seeded.excessLoanTransactionId = id;
    } else {
      seeded.unfractionalisedLoanTransactionId = id;
      break;
    }
  }
  return seeded;
}
