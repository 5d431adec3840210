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
        { key: 'NSW', count: 5, totalPrincipalOutstanding: 1000 },
        { key: 'QLD', count: 5, totalPrincipalOutstanding: 3000 },
      ],
    );
    expect(rows.map((r) => r.key)).toEqual(['NSW', 'VIC', 'QLD', 'Unknown']);
    expect(rows.map((r) => r.share)).toEqual([60.03, 30, 0, 9.97]);
    expect(rows.map((r) => r.bookShare)).toEqual([25, 0, 75, 0]);
    expect(rows[0]?.value).toBe(600.3);
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
