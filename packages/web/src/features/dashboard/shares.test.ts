import { describe, expect, it } from 'vitest';
import { shareRows } from './shares';

describe('investment shares', () => {
  it('keeps the fixed categories in order, adds unknown ones, and gives each a share of 100', () => {
    const rows = shareRows(
      ['NSW', 'VIC', 'QLD'],
      [
        { key: 'VIC', count: 1, totalPrincipalOutstanding: 300 },
        { key: 'NSW', count: 2, totalPrincipalOutstanding: 600.3 },
        { key: 'Unknown', count: 1, totalPrincipalOutstanding: 99.7 },
      ],
      'amount',
      [
        { key: 'NSW', amountShare: 25, countShare: 50 },
        { key: 'QLD', amountShare: 75, countShare: 50 },
      ],
    );
    expect(rows.map((r) => r.key)).toEqual(['NSW', 'VIC', 'QLD', 'Unknown']);
    expect(rows.map((r) => r.share)).toEqual([60.03, 30, 0, 9.97]);
    expect(rows.map((r) => r.bookShare)).toEqual([25, 0, 75, 0]);
    expect(rows[0]?.value).toBe(600.3);
  });

  it("takes the whole book's share of the measure shown, adding two spellings of one category", () => {
    const book = [
      { key: 'NSW', amountShare: 20.1, countShare: 40 },
      { key: 'NSW', amountShare: 0.2, countShare: 10 },
      { key: 'TAS', amountShare: 79.7, countShare: 50 },
    ];
    const byCount = shareRows(['NSW', 'VIC'], [{ key: 'VIC', count: 2 }], 'count', book);
    expect(byCount.map((r) => [r.key, r.share, r.bookShare])).toEqual([
      ['NSW', 0, 50],
      ['VIC', 100, 0],
      ['TAS', 0, 50],
    ]);
    const byAmount = shareRows(['NSW'], [], 'amount', book);
    expect(byAmount.map((r) => r.bookShare)).toEqual([20.3, 79.7]);
  });

  it('counts investments when the measure is the count, and is all zero with nothing invested', () => {
    const rows = shareRows(['A', 'B'], [{ key: 'B', count: 4 }], 'count');
    expect(rows).toEqual([
      { key: 'A', value: 0, share: 0 },
      { key: 'B', value: 4, share: 100 },
    ]);
    expect(shareRows(['A'], [], 'amount').map((r) => r.share)).toEqual([0]);
  });
});
