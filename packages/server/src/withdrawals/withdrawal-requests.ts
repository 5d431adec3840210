import { AppError, accountMessages, type WithdrawalCancelReason } from '@lm/domain';
import { finaliseMoney, voidMoney } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { Tx } from '../platform/db/database';
import { lockRequestRow, updateRequestStatus } from './withdrawals.repository';

/**
 * A withdrawal request's moves after it was lodged (investor-and-admin §4): UNVERIFIED until the
 * mailed code is entered, then VERIFIED; staff then mark it PAID (the pending entry is finalised
 * and the money leaves to the trust bank account) or CANCELLED (the reservation is released).
 * Every move locks the request row first, then the ledger accounts, always in that order.
 */

export type WithdrawalRequestRow = Awaited<ReturnType<typeof lockRequest>>;

export async function lockRequest(trx: Tx, requestId: number) {
  return lockRequestRow(trx, requestId);
}

function entryOf(request: NonNullable<WithdrawalRequestRow>): number {
  if (request.ledgerEntryId === null) throw new Error(`withdrawal request ${request.id} has no ledger entry`);
  return request.ledgerEntryId;
}

/**
 * Cancels an open request: the pending entry is voided and its row becomes CANCELLED, with the
 * reason the investor's screen shows (staff, unless said otherwise).
 */
export async function cancelRequest(
  trx: Tx,
  request: NonNullable<WithdrawalRequestRow>,
  comment: string | null,
  audit: AuditContext,
  now: Date,
  reason: WithdrawalCancelReason = 'STAFF',
): Promise<void> {
  if (request.status !== 'UNVERIFIED' && request.status !== 'VERIFIED') {
    throw new AppError('RULE_REFUSED', accountMessages.withdrawalNotPending);
  }
  await voidMoney(trx, entryOf(request), now);
  await updateRequestStatus(
    trx,
    request.id,
    { status: 'CANCELLED', comment, eraseCode: true, cancelReason: reason },
    now,
  );
  await audit.record(trx, {
    objectType: 'withdrawalRequest',
    objectId: request.id,
    before: { status: request.status, comment: request.comment },
    after: { status: 'CANCELLED', comment: comment ?? request.comment, cancelReason: reason },
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
  await updateRequestStatus(trx, request.id, { status: 'PAID', comment, eraseCode: false }, now);
  await audit.record(trx, {
    objectType: 'withdrawalRequest',
    objectId: request.id,
    before: { status: request.status, comment: request.comment },
    after: { status: 'PAID', comment: comment ?? request.comment },
  });
}
