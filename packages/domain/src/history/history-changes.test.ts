import { describe, expect, it } from 'vitest';
import {
  auditChanges,
  formatHistoryValue,
  historyActionLabel,
  historyDisplayedChanges,
  historyFieldLabel,
} from './history-changes';

describe('auditChanges', () => {
  it('lists only the fields that differ, after-fields first, absent as null', () => {
    expect(
      auditChanges(
        { comment: 'a', investorComment: 'same', status: 'PAID' },
        { comment: 'b', investorComment: 'same', notes: 'n' },
      ),
    ).toEqual([
      { field: 'comment', before: 'a', after: 'b' },
      { field: 'notes', before: null, after: 'n' },
      { field: 'status', before: 'PAID', after: null },
    ]);
  });

  it('a creation lists every field it set and leaves out the empty ones', () => {
    expect(auditChanges(null, { name: 'Acme', middleName: null, tags: [] })).toEqual([
      { field: 'name', before: null, after: 'Acme' },
      { field: 'tags', before: null, after: [] },
    ]);
  });

  it('shows an amount held in dollars and in cents once', () => {
    const changes = auditChanges(null, { amount: 800, amountCents: '80000', comment: 'c' });
    expect(historyDisplayedChanges(changes).map((c) => c.field)).toEqual(['amount', 'comment']);
    expect(historyDisplayedChanges(auditChanges(null, { amountCents: '80000' })).map((c) => c.field)).toEqual([
      'amountCents',
    ]);
  });

  it('compares nested values by content, and a non-object record is one change', () => {
    expect(auditChanges({ a: { x: 1, y: [1, 2] } }, { a: { y: [1, 2], x: 1 } })).toEqual([]);
    expect(auditChanges([1], [2])).toEqual([{ field: '', before: [1], after: [2] }]);
  });
});

describe('how a change reads', () => {
  it('labels fields for people', () => {
    expect(historyFieldLabel('investorComment')).toBe('Investor Comment');
    expect(historyFieldLabel('loanId')).toBe('Loan ID');
    expect(historyFieldLabel('reversalTransactionId')).toBe('Reversed By Transaction');
    expect(historyFieldLabel('mobileNumber1')).toBe('Mobile Number 1');
  });

  it('money as money (cents exactly), rates as percent, instants in Sydney time, statuses by label', () => {
    expect(formatHistoryValue('accountTransaction', 'amount', 800)).toBe('$800.00');
    expect(formatHistoryValue('accountTransaction', 'amountCents', '80000')).toBe('$800.00');
    expect(formatHistoryValue('withdrawalRequest', 'amount', '12345')).toBe('$123.45');
    expect(formatHistoryValue('loan', 'principalRemaining', 1234.5)).toBe('$1,234.50');
    expect(formatHistoryValue('loan', 'marketplaceRate', 10.5)).toBe('10.50%');
    expect(formatHistoryValue('loan', 'disbursementDate', '2027-01-20')).toBe('20/01/2027');
    expect(formatHistoryValue('client', 'updatedAt', '2027-03-04T23:00:00.000Z')).toBe('05/03/2027 10:00 am');
    expect(formatHistoryValue('withdrawalRequest', 'status', 'CANCELLED')).toBe('Cancelled');
    expect(formatHistoryValue('loan', 'notes', null)).toBe('—');
    expect(formatHistoryValue('loan', 'repayments', [{ a: 1 }, { a: 2 }])).toBe('2 items');
    expect(formatHistoryValue('user', 'passwordChanged', true)).toBe('Yes');
    expect(formatHistoryValue('loan', 'principalOutstanding', 1200)).toBe('$1,200.00');
    expect(formatHistoryValue('loan', 'interestType', 'IN_ARREARS')).toBe('In Arrears');
    expect(formatHistoryValue('loan', 'interestCalculationMethod', 'LEVEL_PAYMENT')).toBe('Level Payment');
    expect(formatHistoryValue('investor', 'state', 'NSW')).toBe('NSW');
  });

  it('names the action', () => {
    const reversal = [{ field: 'reversalTransactionId', before: null, after: 9 }];
    expect(historyActionLabel({ method: 'DELETE', route: '/api/transaction/:transactionId', changes: reversal })).toBe(
      'Reversed',
    );
    expect(
      historyActionLabel({
        method: 'POST',
        route: '/api/clients',
        changes: [{ field: 'name', before: null, after: 'A' }],
      }),
    ).toBe('Created');
    expect(historyActionLabel({ method: 'PUT', route: '/api/clients/:id', changes: [] })).toBe('Changed');
  });
});
