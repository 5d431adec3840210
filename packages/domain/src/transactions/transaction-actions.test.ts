import { describe, expect, it } from 'vitest';
import { accountMessages } from '../accounts/account-rules';
import { transactionDeleteAction } from './transaction-actions';

const row = {
  type: 'DEPOSIT',
  status: 'PAID',
  withdrawalRequestId: null,
  reversalTransactionId: null,
  reversesTransactionId: null,
  ledgerEntryId: 7,
};

describe('transactionDeleteAction', () => {
  it('cancels a pending withdrawal and reverses a finalised deposit, transfer or paid withdrawal', () => {
    expect(transactionDeleteAction({ ...row, type: 'WITHDRAWAL', status: 'PENDING', withdrawalRequestId: 3 })).toEqual({
      kind: 'cancel',
    });
    for (const type of ['DEPOSIT', 'TRANSFER_IN', 'TRANSFER_OUT', 'WITHDRAWAL']) {
      expect(transactionDeleteAction({ ...row, type })).toEqual({ kind: 'reverse' });
    }
  });

  it('refuses the rest with the reason the server gives', () => {
    expect(transactionDeleteAction({ ...row, type: 'INVESTMENT', status: 'PENDING' })).toEqual({
      kind: 'refused',
      reason: accountMessages.pendingOnlyWithdrawalsCancel,
    });
    expect(transactionDeleteAction({ ...row, status: 'CANCELLED' })).toEqual({
      kind: 'refused',
      reason: accountMessages.cancelledNotReversible,
    });
    expect(transactionDeleteAction({ ...row, reversesTransactionId: 4 })).toEqual({
      kind: 'refused',
      reason: accountMessages.reversalNotReversible,
    });
    expect(transactionDeleteAction({ ...row, reversalTransactionId: 5 })).toEqual({
      kind: 'refused',
      reason: accountMessages.alreadyReversed,
    });
    expect(transactionDeleteAction({ ...row, type: 'REPAYMENT' })).toMatchObject({ kind: 'refused' });
    expect(transactionDeleteAction({ ...row, ledgerEntryId: null })).toMatchObject({ kind: 'refused' });
  });
});
