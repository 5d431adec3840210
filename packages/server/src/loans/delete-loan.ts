import { centsFromString, deleteAvailability, refuse } from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { loanFigures, lockLoan, moveLoan, releaseInvestment } from './loan-record';
import { selectLiveInvestments, updateLoan } from './loans.repository';
import { loanView } from './loans.resource';

/**
 * POST api/loans/{id}/actions/delete: only a loan in Setup or Funding with no investments other than
 * the house account's (spec core §4). The house's pending investments are released (their entries
 * voided, nothing ever moved) and the loan is marked DELETED: its row, ledger accounts and history
 * stay, and no list shows it again.
 */
export async function deleteLoan(ctx: AppContext, id: number, audit: AuditContext): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    let loan = await lockLoan(trx, id, now);
    const availability = deleteAvailability(await loanFigures(trx, loan));
    if (!availability.enabled) throw refuse(availability.reason ?? '');
    const before = await loanView(trx, id, now);
    const house = await selectLiveInvestments(trx, id);
    for (const investment of house) {
      loan = await releaseInvestment(
        trx,
        loan,
        {
          id: investment.id,
          investedAmountCents: centsFromString(investment.investedAmount),
          accountTransactionId: investment.investmentAccountTransactionId,
        },
        now,
      );
    }
    await moveLoan(trx, loan, 'DELETED', now, 'DELETED');
    await updateLoan(trx, id, { marketplaceStatus: 'HIDDEN' });
    await audit.record(trx, { objectType: 'loan', objectId: id, before, after: { status: 'DELETED' } });
    return { id };
  });
}
