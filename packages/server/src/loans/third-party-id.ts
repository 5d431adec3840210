import { loanMessages, refuse } from '@lm/domain';
import type { Executor, Tx } from '../platform/db/database';
import { lockThirdPartyId, selectLoanWithThirdPartyId } from './loans.repository';

/**
 * A loan's thirdPartyId names it to the lender's systems (receipts find their loan by it), so no two
 * loans share one: a schedule naming one already used is refused at processing, at creation and at
 * edit, 422 naming the loan that has it. Deleted loans do not hold theirs.
 */
export async function refuseThirdPartyIdInUse(
  db: Executor,
  thirdPartyId: string | null | undefined,
  exceptLoanId?: number,
): Promise<void> {
  if (!thirdPartyId) return;
  const holder = await selectLoanWithThirdPartyId(db, thirdPartyId, exceptLoanId);
  if (holder) throw refuse(loanMessages.thirdPartyIdInUse(thirdPartyId, holder.id, holder.name));
}

/**
 * The same check inside a transaction that will store the id: a transaction-scoped lock on the id
 * first, so two requests storing the same id at once are checked one after the other.
 */
export async function claimThirdPartyId(
  trx: Tx,
  thirdPartyId: string | null | undefined,
  exceptLoanId?: number,
): Promise<void> {
  if (!thirdPartyId) return;
  await lockThirdPartyId(trx, thirdPartyId);
  await refuseThirdPartyIdInUse(trx, thirdPartyId, exceptLoanId);
}
