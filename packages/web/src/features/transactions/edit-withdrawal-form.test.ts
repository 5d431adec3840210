import { describe, expect, it } from 'vitest';
import { editWithdrawalForm, withdrawalChanges } from './edit-withdrawal-form';

describe('Edit Withdrawal sends the changed fields only', () => {
  it('sends nothing when nothing changed', () => {
    expect(withdrawalChanges({ comment: 'Checked' }, { status: 'PENDING', comment: ' Checked ' })).toEqual({});
    expect(withdrawalChanges({ comment: null }, { status: 'PENDING', comment: '' })).toEqual({});
  });
  it('sends a decision and a changed comment', () => {
    expect(withdrawalChanges({ comment: null }, { status: 'PAID', comment: 'EFT batch 7' })).toEqual({
      status: 'PAID',
      comment: 'EFT batch 7',
    });
    expect(withdrawalChanges({ comment: 'old' }, { status: 'CANCELLED', comment: '' })).toEqual({
      status: 'CANCELLED',
      comment: null,
    });
  });
  it('offers only pending (unchanged), paid and cancelled', () => {
    expect(editWithdrawalForm.safeParse({ status: 'REVERSED', comment: '' }).success).toBe(false);
    expect(editWithdrawalForm.safeParse({ status: 'CANCELLED', comment: '' }).success).toBe(true);
  });
});
