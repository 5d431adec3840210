import { accountMessages } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { transferRequest } from './investor-accounts-api';
import { depositForm, emptyTransferForm, transferForm } from './money-forms';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('deposit form', () => {
  const schema = depositForm('2027-03-05');
  it('refuses an empty form with the specification texts', () => {
    const result = schema.safeParse({ amount: null, depositDate: null, comment: '', investorComment: '' });
    expect(messagesOf(result)).toEqual({
      amount: accountMessages.amountGreaterThanZero,
      depositDate: accountMessages.depositDateEmpty,
      comment: accountMessages.commentEmpty,
    });
  });
  it('refuses a third decimal place and takes a whole number of cents as a number', () => {
    const base = { comment: 'BPAY', investorComment: '', depositDate: '2027-03-05' };
    expect(schema.safeParse({ ...base, amount: 10.005 }).success).toBe(false);
    const parsed = schema.safeParse({ ...base, amount: 10.05 });
    expect(parsed.success && parsed.data.amount).toBe(10.05);
  });
  it('accepts today and two months back, refuses tomorrow', () => {
    const base = { amount: 10.05, comment: 'BPAY', investorComment: '' };
    expect(schema.safeParse({ ...base, depositDate: '2027-01-05' }).success).toBe(true);
    const tomorrow = schema.safeParse({ ...base, depositDate: '2027-03-06' });
    expect(messagesOf(tomorrow).depositDate).toBe(accountMessages.depositDateOutOfRange('2027-01-05', '2027-03-05'));
  });
});

describe('transfer form', () => {
  const source = { id: 7, availableBalance: 100.1, creationDate: '2027-01-01' };
  const schema = transferForm(source, '2027-03-05');
  it('refuses the source account, more than available and a date before the account existed', () => {
    const result = schema.safeParse({
      ...emptyTransferForm('2026-12-31'),
      toAccount: 7,
      amount: 100.11,
    });
    expect(messagesOf(result)).toEqual({
      toAccount: accountMessages.transferToSameAccount,
      amount: accountMessages.amountAboveAvailable,
      transferDate: accountMessages.transferDateOutOfRange('2027-01-01', '2027-03-05'),
    });
  });
  it('takes exactly the available balance and reuses the to-account comment by default', () => {
    const result = schema.safeParse({
      ...emptyTransferForm('2027-03-05'),
      toAccount: 8,
      amount: 100.1,
      toAccountComment: 'Rebalance',
      fromAccountComment: 'ignored',
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(transferRequest(result.data)).toMatchObject({
      toAccount: 8,
      amount: 100.1,
      toAccountComment: 'Rebalance',
      fromAccountComment: 'Rebalance',
    });
    expect(transferRequest({ ...result.data, sameComment: false }).fromAccountComment).toBe('ignored');
  });
  it('refuses an empty destination with the specification text', () => {
    const result = schema.safeParse({ ...emptyTransferForm('2027-03-05'), amount: 5 });
    expect(messagesOf(result).toAccount).toBe(accountMessages.accountEmpty);
  });
});
