import type { Writable } from 'node:stream';
import { type CsvCellValue, centsToString, csvLine, csvNumber } from '@lm/domain';
import { type ColumnKind, ColumnTotals, type ReportCell, type ReportDataset } from './report-dataset';

/**
 * A dataset as CSV with the conventions of spec core §9 (comma, CRLF, header row, double quote as
 * quote and escape, quotes off), every cell neutralised against formula injection
 * (`csvLine` -> `neutraliseCsvCell`): a text beginning with `=`, `+`, `-` or `@` opens as text.
 * Money and rates are written as plain numbers, dates as YYYY-MM-DD; a totals row closes the table.
 * Lines are written as the rows stream, honouring the stream's backpressure.
 */

function csvValue(kind: ColumnKind, value: ReportCell): CsvCellValue {
  if (value === null) return null;
  if (kind === 'money' && typeof value === 'bigint') return csvNumber(centsToString(value));
  if (kind === 'rate') return csvNumber(String(value));
  if (typeof value === 'bigint') return csvNumber(value.toString());
  return value;
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

export async function renderCsv(dataset: ReportDataset, out: Writable): Promise<void> {
  const { columns } = dataset;
  await write(out, csvLine(columns.map((c) => c.header)));
  const totals = new ColumnTotals(columns);
  for await (const row of dataset.rows) {
    totals.add(row);
    await write(out, csvLine(columns.map((c) => csvValue(c.kind, row[c.key] ?? null))));
  }
  if (totals.any) {
    const row = totals.row('Total');
    await write(out, csvLine(columns.map((c) => csvValue(c.kind, row[c.key] ?? null))));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
