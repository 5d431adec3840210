import type { StatisticsRow } from '@lm/domain';
import type { Measure } from './interval-graph';

/** One category of the radar or the map: the investor's value and share, and the whole book's share. */
export interface ShareRow {
  key: string;
  value: number;
  /** Percent of the investor's total (0-100). */
  share: number;
  /** Percent of the whole book's total, when known. */
  bookShare?: number;
}

function measureOf(row: StatisticsRow, measure: Measure): number {
  return measure === 'count' ? row.count : (row.totalPrincipalOutstanding ?? row.totalInvestedAmount ?? 0);
}

function percents(values: readonly number[]): number[] {
  // shares of a total in integer cents (or counts), so the sum is exact before the division
  const units = values.map((v) => Math.round(v * 100));
  const total = units.reduce((a, b) => a + b, 0);
  return units.map((u) => (total === 0 ? 0 : Math.round((u * 10_000) / total) / 100));
}

/**
 * The categories in their fixed order (the ten industries, the eight states) with the investor's
 * value and share and, when given, the whole book's share. A category the server calls otherwise
 * (or 'Unknown') is added at the end.
 */
export function shareRows(
  categories: readonly string[],
  rows: readonly StatisticsRow[],
  measure: Measure,
  book?: readonly StatisticsRow[],
): ShareRow[] {
  const keys = [...categories];
  for (const row of [...rows, ...(book ?? [])])
    if (!keys.includes(row.key) && measureOf(row, measure) > 0) keys.push(row.key);
  const totalIn = (list: readonly StatisticsRow[], key: string) =>
    list.filter((r) => r.key === key).reduce((sum, r) => sum + measureOf(r, measure), 0);
  const values = keys.map((key) => totalIn(rows, key));
  const shares = percents(values);
  const bookShares = book ? percents(keys.map((key) => totalIn(book, key))) : undefined;
  return keys.map((key, i) => ({
    key,
    value: values[i] ?? 0,
    share: shares[i] ?? 0,
    ...(bookShares ? { bookShare: bookShares[i] ?? 0 } : {}),
  }));
}
