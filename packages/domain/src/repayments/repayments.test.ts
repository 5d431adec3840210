import { describe, expect, it } from 'vitest';
import { intervalStart, nextIntervalStart } from '../portfolio/portfolio-statistics';
import { portfolioSummaryQuery, transactionStatisticsQuery } from '../portfolio/portfolio-statistics-schemas';
import { fractionaliseRepaymentsBody, publishReceiptSchema, publishReceiptsBody } from './repayment-schemas';
import { completeReceipts, futureDatedReceipts, missingReceiptProperties, repaymentMessages } from './repayments';

describe('receipt publishing schemas', () => {
  const row = {
    loanId: 7,
    thirdPartyId: 'RCPT-1',
    thirdPartyLoanId: 'HSB-1',
    dueDate: '2027-02-20',
    netAmount: 10689.94,
    grossAmount: '10689.94',
    batchNumber: 'B-1',
  };

  it('reads amounts as dollars exact to the cent from numbers and decimal text (the one amount policy)', () => {
    const parsed = publishReceiptSchema.parse(row);
    expect(parsed.netAmount).toBe(10689.94);
    expect(parsed.grossAmount).toBe(10689.94);
    expect(parsed.dueDate).toBe('2027-02-20');
  });

  it('refuses amounts of zero, below zero or with more than two decimal places, and impossible dates', () => {
    expect(publishReceiptSchema.safeParse({ ...row, netAmount: 0 }).success).toBe(false);
    expect(publishReceiptSchema.safeParse({ ...row, netAmount: -5 }).success).toBe(false);
    expect(publishReceiptSchema.safeParse({ ...row, netAmount: 1.005 }).success).toBe(false);
    expect(publishReceiptSchema.safeParse({ ...row, dueDate: '2027-02-30' }).success).toBe(false);
    expect(publishReceiptSchema.parse({ ...row, dueDate: '2027-02-20T00:00:00.000Z' }).dueDate).toBe('2027-02-20');
  });

  it('names each row and property that is missing', () => {
    expect(missingReceiptProperties([row, { ...row, loanId: null, batchNumber: ' ' }, 'x'])).toEqual([
      { index: 1, property: 'loanId' },
      { index: 1, property: 'batchNumber' },
      ...['loanId', 'dueDate', 'netAmount', 'grossAmount', 'batchNumber', 'thirdPartyId'].map((property) => ({
        index: 2,
        property,
      })),
    ]);
  });

  it('refuses coerced amounts and control characters, naming the row and property', () => {
    for (const netAmount of ['0x10', '1e2', true, '', 12.345]) {
      const result = publishReceiptsBody.safeParse([{ ...row, netAmount }]);
      expect(result.success, String(netAmount)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['0.netAmount']);
    }
    for (const field of ['thirdPartyId', 'batchNumber', 'thirdPartyLoanId', 'dueDate']) {
      const result = publishReceiptsBody.safeParse([row, { ...row, [field]: 'a\u0000b' }]);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([`1.${field}`]);
    }
  });

  it('leaves missing properties to the specification warning, naming each row and property', () => {
    const rows = publishReceiptsBody.parse([row, { ...row, loanId: null, batchNumber: ' ' }]);
    expect(() => completeReceipts(rows)).toThrow(repaymentMessages.requiredPropertyMissing);
    try {
      completeReceipts(rows);
    } catch (error) {
      expect((error as { details?: unknown }).details).toEqual([
        { field: '1.loanId', message: 'loanId is missing' },
        { field: '1.batchNumber', message: 'batchNumber is missing' },
      ]);
    }
    expect(completeReceipts([rows[0]!])[0]).toMatchObject({ loanId: 7, netAmount: 10689.94, batchNumber: 'B-1' });
  });

  it('takes the batch as an array, never empty', () => {
    expect(publishReceiptsBody.parse([row])).toHaveLength(1);
    expect(publishReceiptsBody.safeParse({ provider: 'insyston', repayments: [row] }).success).toBe(false);
    const empty = publishReceiptsBody.safeParse([]);
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(repaymentMessages.repaymentsEmpty);
  });

  it('takes the ids to fractionalise as an array or { ids }, without repeats', () => {
    expect(fractionaliseRepaymentsBody.parse([3, 1])).toEqual([3, 1]);
    expect(fractionaliseRepaymentsBody.parse({ ids: [2] })).toEqual([2]);
    expect(fractionaliseRepaymentsBody.safeParse([1, 1]).success).toBe(false);
    expect(fractionaliseRepaymentsBody.safeParse([]).success).toBe(false);
  });
});

describe('statistics intervals', () => {
  it('starts each interval where the dashboard expects', () => {
    const d = '2027-03-05'; // a Friday
    expect(intervalStart(d, 'day')).toBe('2027-03-05');
    expect(intervalStart(d, 'week')).toBe('2027-03-01');
    expect(intervalStart('2027-03-01', 'week')).toBe('2027-03-01');
    expect(intervalStart(d, 'month')).toBe('2027-03-01');
    expect(intervalStart(d, 'quarter')).toBe('2027-01-01');
    expect(intervalStart('2027-08-31', 'quarter')).toBe('2027-07-01');
    expect(intervalStart(d, 'half')).toBe('2027-01-01');
    expect(intervalStart('2027-07-01', 'half')).toBe('2027-07-01');
    expect(intervalStart(d, 'year')).toBe('2027-01-01');
    expect(intervalStart(d, 'financialYear')).toBe('2026-07-01');
    expect(intervalStart('2027-07-01', 'financialYear')).toBe('2027-07-01');
  });

  it('fortnights are whole Monday-based fortnights, and before the anchor too', () => {
    expect(intervalStart('2000-01-03', 'fortnight')).toBe('2000-01-03');
    expect(intervalStart('2000-01-16', 'fortnight')).toBe('2000-01-03');
    expect(intervalStart('2000-01-17', 'fortnight')).toBe('2000-01-17');
    expect(intervalStart('1999-12-31', 'fortnight')).toBe('1999-12-20');
    const start = intervalStart('2027-03-05', 'fortnight');
    expect(nextIntervalStart(start, 'fortnight')).toBe(
      intervalStart(nextIntervalStart(start, 'fortnight'), 'fortnight'),
    );
  });

  it('the next interval starts where the last one ends', () => {
    expect(nextIntervalStart('2027-01-01', 'quarter')).toBe('2027-04-01');
    expect(nextIntervalStart('2026-07-01', 'financialYear')).toBe('2027-07-01');
    expect(nextIntervalStart('2027-01-31', 'day')).toBe('2027-02-01');
  });

  it('reads the query with its aliases and refuses reversed ranges and unknown fields', () => {
    expect(transactionStatisticsQuery.parse({ groupBy: 'month', accountId: '12', type: 'repayment' })).toMatchObject({
      groupBy: 'month',
      investmentAccountId: 12,
      type: 'REPAYMENT',
    });
    expect(transactionStatisticsQuery.safeParse({ startDate: '2027-02-01', endDate: '2027-01-01' }).success).toBe(
      false,
    );
    expect(portfolioSummaryQuery.parse({ select: 'principalOutstanding, interestRepaid' }).select).toEqual([
      'principalOutstanding',
      'interestRepaid',
    ]);
    expect(portfolioSummaryQuery.safeParse({ select: 'password' }).success).toBe(false);
  });
});

describe('future-dated receipts', () => {
  it('a receipt dated after today (Sydney) gets an alert; today and earlier none', () => {
    const rows = [
      { id: 1, dueDate: '2026-11-25' },
      { id: 2, dueDate: '2026-11-26' },
      { id: 3, dueDate: '2027-03-26' },
      { id: 4, dueDate: '2026-11-27T00:00:00.000Z' },
    ];
    const alerts = futureDatedReceipts(rows, '2026-11-26');
    expect(alerts.map((a) => a.row.id)).toEqual([3, 4]);
    expect(alerts[0]?.alert).toBe('The receipt date 26/03/2027 is in the future. Check it before publishing.');
  });
});
