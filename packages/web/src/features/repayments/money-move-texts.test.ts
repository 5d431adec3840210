import { describe, expect, it } from 'vitest';
import { moneyMoveTexts, totalAmount } from './money-move-texts';

describe('confirmations before money moves', () => {
  it('name how many rows and their total as money', () => {
    const rows = [{ netAmount: 1000.1 }, { netAmount: 2000.2 }, { netAmount: 0.3 }];
    const total = totalAmount(rows, (row) => row.netAmount);
    expect(total).toBe(3000.6);
    expect(moneyMoveTexts.publishQuestion(rows.length, total)).toContain(
      'Publish 3 receipts with a total net amount of $3,000.60?',
    );
    expect(moneyMoveTexts.fractionaliseQuestion(1, 12.5)).toContain(
      'Fractionalise 1 repayment with a total net amount of $12.50?',
    );
  });
});
