import { type CsvCellValue, csvNumber } from '@lm/domain';
import { csvDefaults, csvFileName, toCsv } from '../../shared/export/csv';

/**
 * A chart's CSV: exactly what it shows (the visible series, one row per bucket or category), with
 * amounts as the server sent them (cents-rounded), written as spec core §9's CSV (a category or
 * series name starting as a formula is made inert by the writer; amounts stay numbers).
 */
export function chartCsv(
  categoryHeader: string,
  categories: readonly string[],
  columns: readonly { header: string; values: readonly (number | string)[] }[],
): string {
  const rows = categories.map((category, index) => [
    category,
    ...columns.map((column) => valueText(column.values[index])),
  ]);
  return toCsv([categoryHeader, ...columns.map((column) => column.header)], rows, csvDefaults);
}

function valueText(value: number | string | undefined): CsvCellValue {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  // amounts arrive rounded to cents: print them without binary noise (0.1 + 0.2), as numbers
  return csvNumber(Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, ''));
}

/** Saves a CSV text as a file download. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(name);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
