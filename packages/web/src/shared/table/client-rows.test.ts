import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Column } from '../list/list-types';
import { compareCellValues, lastPage, pageRows, sortRows } from './client-rows';

interface R {
  id: number;
  ref: string | null;
  amount: number | null;
}
const columns: Column<R>[] = [
  { field: 'id', header: 'ID', kind: 'integer' },
  { field: 'ref', header: 'Reference' },
  { field: 'amount', header: 'Amount', kind: 'money' },
  { field: 'double', header: 'Double', value: (row) => (row.amount ?? 0) * 2, sortField: 'amount' },
];

describe('sorting the rows of a table in the browser', () => {
  const rows: R[] = [
    { id: 1, ref: 'RCPT-10', amount: 5 },
    { id: 2, ref: 'RCPT-9', amount: null },
    { id: 3, ref: null, amount: -20.5 },
    { id: 4, ref: 'rcpt-9', amount: 1234.56 },
  ];

  it('numbers by size, text with its digits as numbers, empty cells last in both directions', () => {
    expect(sortRows(rows, columns, { field: 'amount', direction: 'asc' }).map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(sortRows(rows, columns, { field: 'amount', direction: 'desc' }).map((r) => r.id)).toEqual([4, 1, 3, 2]);
    // RCPT-9 and rcpt-9 are equal to the collator: they keep their order
    expect(sortRows(rows, columns, { field: 'ref', direction: 'asc' }).map((r) => r.id)).toEqual([2, 4, 1, 3]);
    expect(sortRows(rows, columns, { field: 'ref', direction: 'desc' }).map((r) => r.id)).toEqual([1, 2, 4, 3]);
  });

  it('no sort or an unknown field keeps the order, in a new array', () => {
    expect(sortRows(rows, columns, undefined)).toEqual(rows);
    expect(sortRows(rows, columns, { field: 'nope', direction: 'asc' })).not.toBe(rows);
    expect(sortRows(rows, columns, { field: 'nope', direction: 'asc' })).toEqual(rows);
  });

  it('is a stable permutation ordered by the column, whatever the values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), ref: fc.option(fc.string()), amount: fc.option(fc.integer()) })),
        fc.constantFrom('asc' as const, 'desc' as const),
        (values, direction) => {
          const input = values.map((v, i) => ({ ...v, id: i }));
          const sorted = sortRows(input, columns, { field: 'amount', direction });
          expect([...sorted.map((r) => r.id)].sort((a, b) => a - b)).toEqual(input.map((r) => r.id));
          const sign = direction === 'asc' ? 1 : -1;
          for (let i = 1; i < sorted.length; i++) {
            const [a, b] = [sorted[i - 1] as R, sorted[i] as R];
            if (b.amount === null) continue;
            expect(a.amount).not.toBeNull();
            const order = sign * compareCellValues(a.amount, b.amount);
            expect(order).toBeLessThanOrEqual(0);
            if (order === 0) expect(a.id).toBeLessThan(b.id);
          }
        },
      ),
    );
  });
});

describe('pages of rows in the browser', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);
  it('a page is its slice; All is every row', () => {
    expect(pageRows(rows, 0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageRows(rows, 2, 10)).toEqual([20, 21, 22]);
    expect(pageRows(rows, 0, -1)).toBe(rows);
  });
  it('the last page with rows', () => {
    expect(lastPage(23, 10)).toBe(2);
    expect(lastPage(20, 10)).toBe(1);
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(23, -1)).toBe(0);
  });
});
