import { type CsvCellValue, neutraliseCsvCell } from './neutralise';

/**
 * One line of a CSV file with the conventions of spec core §9: comma delimiter, CRLF newline,
 * the double quote as quote and escape, quotes off (a cell is quoted only when it must be: it
 * holds the delimiter, a quote or a line break). Every cell is neutralised first.
 */
export const csvNewline = '\r\n';

export function csvLine(cells: readonly CsvCellValue[], delimiter = ','): string {
  return (
    cells
      .map((cell) => {
        const value = neutraliseCsvCell(cell);
        const mustQuote = value.includes(delimiter) || /["\r\n]/.test(value);
        return mustQuote ? `"${value.replace(/"/g, '""')}"` : value;
      })
      .join(delimiter) + csvNewline
  );
}
