import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampCell, moveCell } from './grid-keys';

const bounds = { rows: 11, cols: 5, pageRows: 10 };

describe('moving the focus in a table by key', () => {
  it('arrows move one cell and stop at the edges', () => {
    expect(moveCell({ row: 1, col: 0 }, 'ArrowDown', bounds)).toEqual({ row: 2, col: 0 });
    expect(moveCell({ row: 1, col: 0 }, 'ArrowUp', bounds)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowUp', bounds)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 10, col: 4 }, 'ArrowDown', bounds)).toEqual({ row: 10, col: 4 });
    expect(moveCell({ row: 3, col: 4 }, 'ArrowRight', bounds)).toEqual({ row: 3, col: 4 });
    expect(moveCell({ row: 3, col: 0 }, 'ArrowLeft', bounds)).toEqual({ row: 3, col: 0 });
    expect(moveCell({ row: 3, col: 2 }, 'ArrowLeft', bounds)).toEqual({ row: 3, col: 1 });
  });

  it('Home and End go to the ends of the row, with Ctrl to the corners of the table', () => {
    expect(moveCell({ row: 3, col: 2 }, 'Home', bounds)).toEqual({ row: 3, col: 0 });
    expect(moveCell({ row: 3, col: 2 }, 'End', bounds)).toEqual({ row: 3, col: 4 });
    expect(moveCell({ row: 3, col: 2 }, 'Home', bounds, { ctrlKey: true })).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 3, col: 2 }, 'End', bounds, { metaKey: true })).toEqual({ row: 10, col: 4 });
  });

  it('Page Down and Page Up move by a page', () => {
    expect(moveCell({ row: 1, col: 1 }, 'PageDown', { ...bounds, pageRows: 4 })).toEqual({ row: 5, col: 1 });
    expect(moveCell({ row: 5, col: 1 }, 'PageUp', { ...bounds, pageRows: 10 })).toEqual({ row: 0, col: 1 });
  });

  it('other keys do not move', () => {
    for (const key of ['Enter', ' ', 'a', 'Tab', 'Escape'])
      expect(moveCell({ row: 1, col: 1 }, key, bounds)).toBeNull();
  });

  it('every move lands on a cell of the table', () => {
    const keys = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 100 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...keys),
        fc.boolean(),
        (rows, cols, pageRows, row, col, key, ctrlKey) => {
          const b = { rows, cols, pageRows };
          const from = clampCell({ row, col }, b);
          const to = moveCell(from, key, b, { ctrlKey });
          expect(to).not.toBeNull();
          expect(to?.row).toBeGreaterThanOrEqual(0);
          expect(to?.row).toBeLessThan(rows);
          expect(to?.col).toBeGreaterThanOrEqual(0);
          expect(to?.col).toBeLessThan(cols);
          // one arrow moves at most one cell
          if (key.startsWith('Arrow') && to)
            expect(Math.abs(to.row - from.row) + Math.abs(to.col - from.col)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('a focus left behind by fewer rows moves to the nearest cell left', () => {
    expect(clampCell({ row: 9, col: 3 }, { rows: 4, cols: 2, pageRows: 3 })).toEqual({ row: 3, col: 1 });
    expect(clampCell({ row: 2, col: 1 }, { rows: 1, cols: 2, pageRows: 0 })).toEqual({ row: 0, col: 1 });
  });
});
