import { type BookShareRow, centsFromNumber, centsToNumber, type StatisticsRow, sumCents } from '@lm/domain';
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
  const units = values.map((v) => centsFromNumber(v, true));
  const total = sumCents(units);
  return units.map((u) => (total === 0n ? 0 : Number((u * 10_000n + total / 2n) / total) / 100));
}

/** The whole book's share (percent, as the server gives it) of the measure shown. */
function bookShareOf(row: BookShareRow, measure: Measure): number {
  return measure === 'count' ? row.countShare : row.amountShare;
}

/**
 * The categories in their fixed order (the ten industries, the eight states) with the investor's
 * value and share and, when given, the whole book's share (GET api/user/investments/bookShares:
 * shares only). A category the server calls otherwise (or 'Unknown') is added at the end.
 */
export function shareRows(
  categories: readonly string[],
  rows: readonly StatisticsRow[],
  measure: Measure,
  book?: readonly BookShareRow[],
): ShareRow[] {
  const keys = [...categories];
  for (const row of rows) if (!keys.includes(row.key) && measureOf(row, measure) > 0) keys.push(row.key);
  for (const row of book ?? []) if (!keys.includes(row.key) && bookShareOf(row, measure) > 0) keys.push(row.key);
  // money adds up in exact cents, never in floating point
  const totalIn = (list: readonly StatisticsRow[], key: string) =>
    centsToNumber(sumCents(list.filter((r) => r.key === key).map((r) => centsFromNumber(measureOf(r, measure), true))));
  const values = keys.map((key) => totalIn(rows, key));
  const shares = percents(values);
  // two spellings of one state (NSW, New South Wales) add up: in hundredths, exactly
  const bookShares = book
    ? keys.map(
        (key) =>
          Number(
            sumCents(book.filter((r) => r.key === key).map((r) => centsFromNumber(bookShareOf(r, measure), true))),
          ) / 100,
      )
    : undefined;
  return keys.map((key, i) => ({
    key,
    value: values[i] ?? 0,
    share: shares[i] ?? 0,
    ...(bookShares ? { bookShare: bookShares[i] ?? 0 } : {}),
  }));
}
