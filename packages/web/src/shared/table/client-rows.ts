import { rawValue, sortFieldOf } from '../list/columns';
import { type Column, pageSizeAll, type SortState } from '../list/list-types';

const collator = new Intl.Collator('en-AU', { numeric: true, sensitivity: 'base' });

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * The order of two cell values, ascending: numbers by size, booleans false first, text in
 * en-AU order with the digits in it read as numbers (RCPT-9 before RCPT-10); ISO dates are text
 * and order as dates. An empty value is neither: the caller puts empty cells last either way.
 */
export function compareCellValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * A table's rows in the browser in the column's order (a table of rows already here: staged
 * receipts, statistics): a stable sort on the sorted column's value, empty cells last in both
 * directions. An unknown field leaves the rows as they are.
 */
export function sortRows<R>(rows: readonly R[], columns: readonly Column<R>[], sort: SortState | undefined): R[] {
  const column = sort ? columns.find((c) => sortFieldOf(c) === sort.field) : undefined;
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, value: rawValue(column, row) }));
  keyed.sort((x, y) => {
    const xEmpty = isEmpty(x.value);
    const yEmpty = isEmpty(y.value);
    if (xEmpty || yEmpty) return xEmpty === yEmpty ? x.index - y.index : xEmpty ? 1 : -1;
    return sign * compareCellValues(x.value, y.value) || x.index - y.index;
  });
  return keyed.map((k) => k.row);
}

/** The rows of one page (page from 0); the page size All is every row. */
export function pageRows<R>(rows: readonly R[], page: number, pageSize: number): readonly R[] {
  if (pageSize === pageSizeAll) return rows;
  return rows.slice(page * pageSize, (page + 1) * pageSize);
}

/** The last page that has rows (0 for none): a page left past the end after rows went moves back to it. */
export function lastPage(rowCount: number, pageSize: number): number {
  if (pageSize === pageSizeAll || rowCount <= 0) return 0;
  return Math.ceil(rowCount / pageSize) - 1;
}
