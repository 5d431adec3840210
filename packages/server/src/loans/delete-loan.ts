import { centsFromString, deleteAvailability, refuse } from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { loanFigures, lockLoan, moveLoan, releaseInvestment } from './loan-record';
import { loanView } from './loan-views';

/**
 * POST api/loans/{id}/actions/delete: only a loan in Setup or Funding with no investments other than
 * the house account's (spec core §4). The house's pending investments are released (their entries
 * voided, nothing ever moved) and the loan is marked DELETED: its row, ledger accounts and history
 * stay, and no list shows it again.
 */
export async function deleteLoan(ctx: AppContext, id: number, audit: AuditContext): Promise<{ id: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    let loan = await lockLoan(trx, id);
    const availability = deleteAvailability(await loanFigures(trx, loan));
    if (!availability.enabled) throw refuse(availability.reason ?? '');
    const before = await loanView(trx, id);
    const house = await trx
      .selectFrom('investments')
      .select(['id', 'investedAmount', 'investmentAccountTransactionId', 'finalisedDate'])
      .where('loanId', '=', id)
      .where('reversedDate', 'is', null)
      .orderBy('id')
      .execute();
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
    await trx.updateTable('loans').set({ marketplaceStatus: 'HIDDEN' }).where('id', '=', id).execute();
    await audit.record(trx, { objectType: 'loan', objectId: id, before, after: { status: 'DELETED' } });
    return { id };
  });
}
