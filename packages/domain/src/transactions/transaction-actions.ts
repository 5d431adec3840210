import { accountMessages } from '../accounts/account-rules';
import { type TransactionType, transactionTypeLabels } from './transaction-types';

/**
 * What DELETE api/transaction/{id} does to a row (investor-and-admin §7, DESIGN §3), decided once
 * for the server that does it and the screen that offers it: a pending withdrawal is cancelled;
 * a finalised deposit, transfer or paid withdrawal is reversed by a new entry (never deleted);
 * anything else is refused with its reason.
 */

/** Types whose entries hold cash only, with no business rows (investments, loans, repayments) that would also change. */
export const reversibleTransactionTypes: ReadonlySet<string> = new Set([
  'DEPOSIT',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'WITHDRAWAL',
]);

export interface TransactionForDelete {
  type: string;
  status: string;
  withdrawalRequestId: number | null;
  reversalTransactionId: number | null;
  reversesTransactionId: number | null;
  ledgerEntryId?: number | null;
}

export type TransactionDeleteAction = { kind: 'cancel' } | { kind: 'reverse' } | { kind: 'refused'; reason: string };

export function transactionDeleteAction(row: TransactionForDelete): TransactionDeleteAction {
  if (row.status === 'PENDING') {
    if (row.type !== 'WITHDRAWAL' || row.withdrawalRequestId === null) {
      return { kind: 'refused', reason: accountMessages.pendingOnlyWithdrawalsCancel };
    }
    return { kind: 'cancel' };
  }
  if (row.status === 'CANCELLED') return { kind: 'refused', reason: accountMessages.cancelledNotReversible };
  if (row.reversesTransactionId !== null) return { kind: 'refused', reason: accountMessages.reversalNotReversible };
  if (row.reversalTransactionId !== null) return { kind: 'refused', reason: accountMessages.alreadyReversed };
  if (!reversibleTransactionTypes.has(row.type) || row.ledgerEntryId === null) {
    const label = transactionTypeLabels[row.type as TransactionType] ?? row.type;
    return { kind: 'refused', reason: accountMessages.notReversibleHere(label) };
  }
  return { kind: 'reverse' };
}
