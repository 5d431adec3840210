import { AppError, accountMessages, type TransactionListRow, transactionDeleteAction } from '@lm/domain';
import { balancesOf, lockForMovement, postingsOfEntry, reverseMoney } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import { cancelRequest, lockRequest } from '../withdrawals';
import type { TransactionRecord } from './transactions.repository';
import { transactionView } from './transactions.service';
import { readTransaction } from './update-transaction';

/**
 * DELETE api/transaction/{id}: a pending withdrawal is cancelled (its reservation released); a
 * finalised row is never deleted but reversed: a new entry with the opposite postings that names
 * the original, and a *_REVERSAL row on every account of the entry (both sides of a transfer).
 * Answers the cancelled row, or the reversal row of the account of the given row.
 */
export async function deleteTransaction(
  ctx: AppContext,
  actor: Actor,
  id: number,
  audit: AuditContext,
): Promise<TransactionListRow> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    // no row lock yet: the request's or the ledger's locks come first (see readTransaction)
    const row = await readTransaction(trx, id);
    const action = transactionDeleteAction(row);
    if (action.kind === 'refused') throw new AppError('RULE_REFUSED', action.reason);
    if (action.kind === 'cancel' && row.withdrawalRequestId !== null) {
      const request = await lockRequest(trx, row.withdrawalRequestId);
      if (!request) throw new AppError('NOT_FOUND', accountMessages.withdrawalRequestNotFound);
      await cancelRequest(trx, request, null, audit, now);
      return transactionView(trx, id);
    }
    const reversalId = await reverseTransaction(trx, row, actor, audit, now);
    return transactionView(trx, reversalId);
  });
}

async function reverseTransaction(
  trx: Tx,
  row: TransactionRecord,
  actor: Actor,
  audit: AuditContext,
  now: Date,
): Promise<number> {
  // transactionDeleteAction said 'reverse': a finalised row of a cash-only entry, not reversed yet
  const entryId = row.ledgerEntryId;
  if (entryId === null) throw new Error(`transaction ${row.id} is reversible but has no ledger entry`);
  const postings = await postingsOfEntry(trx, entryId);
  await lockForMovement(
    trx,
    [],
    postings.map((p) => p.ledgerAccountId),
  );
  // under the locks: this row or the other side of its transfer may have been reversed meanwhile
  const fresh = await readTransaction(trx, row.id, { lock: true });
  if (fresh.reversalTransactionId !== null) throw new AppError('RULE_REFUSED', accountMessages.alreadyReversed);
  // money the original put into an investor's account comes back out: it must still be available
  const takenBack = new Map<number, bigint>();
  for (const posting of postings) {
    const cents = posting.amountCents;
    if (posting.investmentAccountId === null || cents <= 0n) continue;
    takenBack.set(posting.investmentAccountId, (takenBack.get(posting.investmentAccountId) ?? 0n) + cents);
  }
  for (const [investmentAccountId, cents] of takenBack) {
    const { availableCents } = await balancesOf(trx, investmentAccountId);
    if (cents > availableCents) {
      throw new AppError('RULE_REFUSED', accountMessages.reversalWouldOverdraw(investmentAccountId));
    }
  }
  const { transactionIds } = await reverseMoney(trx, entryId, { createdBy: actor.userId }, now);
  const original = await readTransaction(trx, row.id);
  await audit.record(trx, {
    objectType: 'accountTransaction',
    objectId: row.id,
    before: { reversalTransactionId: null },
    after: { reversalTransactionId: original.reversalTransactionId, reversalTransactionIds: transactionIds },
  });
  return original.reversalTransactionId!;
}
