import { AppError, accountMessages } from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { Tx } from '../platform/db/database';
import { finaliseMoney, voidMoney } from '../transactions/account-postings';

/**
 * A withdrawal request's moves after it was lodged (investor-and-admin §4): UNVERIFIED until the
 * mailed code is entered, then VERIFIED; staff then mark it PAID (the pending entry is finalised
 * and the money leaves to the trust bank account) or CANCELLED (the reservation is released).
 * Every move locks the request row first, then the ledger accounts, always in that order.
 */

export type WithdrawalRequestRow = Awaited<ReturnType<typeof lockRequest>>;

export async function lockRequest(trx: Tx, requestId: number) {
  return trx
    .selectFrom('withdrawalRequests as w')
    .leftJoin('accountTransactions as t', 't.id', 'w.accountTransactionId')
    .select([
      'w.id',
      'w.investmentAccountId',
      'w.status',
      'w.amount',
      'w.codeHash',
      'w.codeExpiresAt',
      'w.codeAttempts',
      'w.comment',
      'w.accountTransactionId',
      't.ledgerEntryId',
    ])
    .where('w.id', '=', requestId)
    .forUpdate('w')
    .executeTakeFirst();
}

function entryOf(request: NonNullable<WithdrawalRequestRow>): number {
  if (request.ledgerEntryId === null) throw new Error(`withdrawal request ${request.id} has no ledger entry`);
  return request.ledgerEntryId;
}

/** Cancels an open request: the pending entry is voided and its row becomes CANCELLED. */
export async function cancelRequest(
  trx: Tx,
  request: NonNullable<WithdrawalRequestRow>,
  comment: string | null,
  audit: AuditContext,
  now: Date,
): Promise<void> {
  if (request.status !== 'UNVERIFIED' && request.status !== 'VERIFIED') {
    throw new AppError('RULE_REFUSED', accountMessages.withdrawalNotPending);
  }
  await voidMoney(trx, entryOf(request), now);
  await trx
    .updateTable('withdrawalRequests')
    .set({ status: 'CANCELLED', codeHash: null, updatedAt: now, ...(comment === null ? {} : { comment }) })
    .where('id', '=', request.id)
    .execute();
  await audit.record(trx, {
    objectType: 'withdrawalRequest',
    objectId: request.id,
    before: { status: request.status, comment: request.comment },
    after: { status: 'CANCELLED', comment: comment ?? request.comment },
  });
}

/** Marks a verified request paid: its pending entry is finalised (investor cash -> trust bank). */
export async function payRequest(
  trx: Tx,
  request: NonNullable<WithdrawalRequestRow>,
  comment: string | null,
  audit: AuditContext,
  now: Date,
): Promise<void> {
  if (request.status === 'UNVERIFIED') throw new AppError('RULE_REFUSED', accountMessages.withdrawalNotVerified);
  if (request.status !== 'VERIFIED') throw new AppError('RULE_REFUSED', accountMessages.withdrawalNotPending);
  await finaliseMoney(trx, entryOf(request), now);
  await trx
    .updateTable('withdrawalRequests')
    .set({ status: 'PAID', updatedAt: now, ...(comment === null ? {} : { comment }) })
    .where('id', '=', request.id)
    .execute();
  await audit.record(trx, {
    objectType: 'withdrawalRequest',
    objectId: request.id,
    before: { status: request.status, comment: request.comment },
    after: { status: 'PAID', comment: comment ?? request.comment },
  });
}
