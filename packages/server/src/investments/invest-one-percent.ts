import { centsToNumber, houseAccountId, investOnePercentAvailability, investOnePercentCents, refuse } from '@lm/domain';
import { loanFigures, lockLoan } from '../loans';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { investInLockedLoan, investmentView, settleFundingStatus } from './invest-in-loan';
import type { LoanInvestmentRow } from './investments.resource';

/**
 * POST api/loans/{id}/actions/investOnePercent (spec core §4 and §5 "Invest 1%"): the house account
 * 555 invests 1% of the loan amount rounded up to the cent, less what it already holds unsold in the
 * loan, at the marketplace rate. Refused with the §8 reasons when the loan is fully funded or the 1%
 * investment already exists.
 */
export async function investOnePercent(
  ctx: AppContext,
  loanId: number,
  createdBy: number | null,
  audit: AuditContext,
): Promise<LoanInvestmentRow> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const loan = await settleFundingStatus(trx, await lockLoan(trx, loanId, now), now);
    const figures = await loanFigures(trx, loan);
    const availability = investOnePercentAvailability(figures);
    if (!availability.enabled) throw refuse(availability.reason ?? '');
    const amountCents = investOnePercentCents(loan.amountCents, figures.houseUnsoldCents);
    const invested = await investInLockedLoan(
      trx,
      loan,
      { investmentAccountId: houseAccountId, amountCents, mode: { kind: 'HOUSE_ONE_PERCENT' }, createdBy },
      now,
    );
    const view = await investmentView(trx, invested.investmentId);
    await audit.record(trx, {
      objectType: 'investment',
      objectId: invested.investmentId,
      after: { ...view, onePercent: true, amount: centsToNumber(amountCents) },
    });
    return view;
  });
}
