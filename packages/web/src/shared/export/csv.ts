import { type CsvCellValue, neutraliseCsvCell } from '@lm/domain';

/**
 * CSV of spec core §9: comma delimiter, CRLF newline, a header row, the double quote as quote and
 * escape, quotes off by default. With quotes off a cell is still quoted when it must be (it holds
 * the delimiter, a quote or a line break), or the file would not read back. Every cell goes
 * through `neutraliseCsvCell` first: a text starting as a formula (`=`, `+`, `-`, `@`, tab, carriage
 * return) is written with a leading single quote, so it opens as text; numbers stay numbers.
 */
export interface CsvOptions {
  delimiter: ',' | ';' | '\t';
  newline: '\r\n' | '\n';
  header: boolean;
  /** Quote every cell. */
  quoteAll: boolean;
}

export const csvDefaults: CsvOptions = { delimiter: ',', newline: '\r\n', header: true, quoteAll: false };

export function csvCell(cell: CsvCellValue, options: Pick<CsvOptions, 'delimiter' | 'quoteAll'>): string {
  const value = neutraliseCsvCell(cell);
  const mustQuote = value.includes(options.delimiter) || /["\r\n]/.test(value);
  if (!options.quoteAll && !mustQuote) return value;
  return `"${value.replace(/"/g, '""')}"`;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCellValue[])[],
  options: CsvOptions,
): string {
  const lines = options.header ? [header, ...rows] : rows;
  return lines
    .map((cells) => cells.map((cell) => csvCell(cell, options)).join(options.delimiter))
    .join(options.newline);
}

/** A file name without characters that file systems refuse. */
export function csvFileName(name: string): string {
  const base = name.trim().replace(/[\\/:*?"<>|]+/g, '-') || 'export';
  return base.toLowerCase().endsWith('.csv') ? base : `${base}.csv`;
}
