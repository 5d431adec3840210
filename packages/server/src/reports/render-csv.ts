import type { Writable } from 'node:stream';
import { type CsvCellValue, centsToString, csvLine, csvNumber } from '@lm/domain';
import { type ColumnKind, ColumnTotals, type ReportCell, type ReportDataset } from './report-dataset';
import { ChunkedText } from './report-output';

/**
 * A dataset as CSV with the conventions of spec core §9 (comma, CRLF, header row, double quote as
 * quote and escape, quotes off), every cell neutralised against formula injection
 * (`csvLine` -> `neutraliseCsvCell`): a text beginning with `=`, `+`, `-` or `@` opens as text.
 * Money and rates are written as plain numbers, dates as YYYY-MM-DD; a totals row closes the table.
 * Lines are written as the rows stream, in chunks of about 64 KB, honouring the stream's backpressure.
 */

function csvValue(kind: ColumnKind, value: ReportCell): CsvCellValue {
  if (value === null) return null;
  if (kind === 'money' && typeof value === 'bigint') return csvNumber(centsToString(value));
  if (kind === 'rate') return csvNumber(String(value));
  if (typeof value === 'bigint') return csvNumber(value.toString());
  return value;
}

export async function renderCsv(dataset: ReportDataset, out: Writable): Promise<void> {
  const { columns } = dataset;
  const text = new ChunkedText(out);
  await text.write(csvLine(columns.map((c) => c.header)));
  const totals = new ColumnTotals(columns);
  for await (const row of dataset.rows) {
    totals.add(row);
    await text.write(csvLine(columns.map((c) => csvValue(c.kind, row[c.key] ?? null))));
  }
  if (totals.any) {
    const row = totals.row('Total');
    await text.write(csvLine(columns.map((c) => csvValue(c.kind, row[c.key] ?? null))));
  }
  await text.end();
}
