import { describe, expect, it } from 'vitest';
import { editTransactionDefaults, isPendingWithdrawal, transactionEdits } from './edit-transaction-form';

const deposit = {
  type: 'DEPOSIT',
  status: 'PAID',
  comment: 'Bank transfer 17',
  investorComment: null,
  withdrawalRequestId: null,
} as const;
const withdrawal = {
  ...deposit,
  type: 'WITHDRAWAL',
  status: 'PENDING',
  comment: null,
  withdrawalRequestId: 4,
} as const;

describe('Edit Transaction sends the changed fields only and shows each change', () => {
  it('nothing changed: nothing to send', () => {
    expect(transactionEdits(deposit, editTransactionDefaults(deposit))).toEqual({ body: {}, edits: [] });
    expect(
      transactionEdits(deposit, { status: 'PENDING', comment: ' Bank transfer 17 ', investorComment: '  ' }).edits,
    ).toEqual([]);
  });

  it('a changed comment and a new investor comment, before -> after', () => {
    const { body, edits } = transactionEdits(deposit, {
      status: 'PENDING',
      comment: 'Bank transfer 17, reconciled',
      investorComment: 'Thank you',
    });
    expect(body).toEqual({ comment: 'Bank transfer 17, reconciled', investorComment: 'Thank you' });
    expect(edits).toEqual([
      { label: 'Comment', before: '‘Bank transfer 17’', after: '‘Bank transfer 17, reconciled’' },
      { label: 'Investor Comment', before: '(empty)', after: '‘Thank you’' },
    ]);
  });

  it('a cleared comment is sent as null', () => {
    expect(transactionEdits(deposit, { status: 'PENDING', comment: '', investorComment: '' }).body).toEqual({
      comment: null,
    });
  });

  it('status only on a pending withdrawal', () => {
    expect(isPendingWithdrawal(withdrawal)).toBe(true);
    expect(isPendingWithdrawal(deposit)).toBe(false);
    expect(transactionEdits(withdrawal, { status: 'CANCELLED', comment: '', investorComment: '' })).toEqual({
      body: { status: 'CANCELLED' },
      edits: [{ label: 'Status', before: 'Pending', after: 'Cancelled' }],
    });
    expect(
      transactionEdits(deposit, { status: 'PAID', comment: 'Bank transfer 17', investorComment: '' }).body,
    ).toEqual({});
  });
});
