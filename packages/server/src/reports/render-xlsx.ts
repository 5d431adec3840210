import type { Writable } from 'node:stream';
import { formatDate, formatDateTime } from '@lm/domain';
import ExcelJS from 'exceljs';
import { type ColumnKind, ColumnTotals, type ReportCell, type ReportDataset, type ReportRow } from './report-dataset';
import { chunkedStream, rowsBetweenBackpressureChecks, whenDrained } from './report-output';

/**
 * A dataset as an Excel workbook, written with exceljs's streaming WorkbookWriter: each row is
 * committed (and leaves memory) as it is written. Money and rates are real numbers with number
 * formats, dates real dates formatted DD/MM/YYYY; the header row is frozen; a bold totals row
 * closes the table.
 */

export const xlsxMoneyFormat = '#,##0.00;[Red]-#,##0.00';
export const xlsxDateFormat = 'dd/mm/yyyy';
const rateFormat = '0.00##';
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function cellValue(kind: ColumnKind, value: ReportCell): ExcelJS.CellValue {
  if (value === null) return null;
  switch (kind) {
    case 'money':
      // cents to dollars: exact for every amount below 2^53 cents, and the cell's number format shows two places
      return typeof value === 'bigint' ? Number(value) / 100 : Number(value);
    case 'date':
      // a business date; the totals row's label stands in the first column as text
      return typeof value === 'string' && isoDate.test(value) ? new Date(`${value}T00:00:00Z`) : String(value);
    case 'rate':
    case 'integer':
      // the totals row's label may stand in a number column as text
      return typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(value) ? value : Number(value);
    default:
      return String(value);
  }
}

const formats: Partial<Record<ColumnKind, string>> = { money: xlsxMoneyFormat, date: xlsxDateFormat, rate: rateFormat };

/**
 * One style object per column kind, shared by every data cell of that kind: exceljs looks a
 * cell's style up by the object's identity first, so a shared object costs one lookup, where a
 * style of its own per cell would be serialised and matched for each of 100,000 rows. Never
 * changed after this (a cell whose style changes, as the totals row's, gets its own).
 */
const sharedStyles: Record<ColumnKind, Partial<ExcelJS.Style>> = {
  text: {},
  integer: {},
  money: { numFmt: xlsxMoneyFormat },
  date: { numFmt: xlsxDateFormat },
  rate: { numFmt: rateFormat },
};

export async function renderXlsx(dataset: ReportDataset, out: Writable): Promise<void> {
  const sink = chunkedStream(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = dataset.subject.lenderName;
  workbook.created = dataset.subject.generatedAt;
  const { columns, subject } = dataset;

  const intro: ExcelJS.CellValue[][] = [[dataset.title], [subject.lenderName]];
  if (subject.account) intro.push([`Account ${subject.account.id}: ${subject.account.name}`]);
  for (const investor of subject.investors ?? []) intro.push([[investor.name, ...investor.address].join(', ')]);
  intro.push([subject.period]);
  intro.push([`Generated ${formatDateTime(subject.generatedAt)}`]);
  const summaryBefore = dataset.summaryBefore.map((line) => [line.label, summaryValue(line.kind, line.value)]);
  const headerRowNumber = intro.length + summaryBefore.length + 2;

  const sheet = workbook.addWorksheet(dataset.title.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: headerRowNumber }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width }));

  intro.forEach((cells, index) => {
    const row = sheet.addRow(cells);
    if (index === 0) row.font = { bold: true, size: 14 };
    row.commit();
  });
  for (const cells of summaryBefore) addSummaryRow(sheet, cells);
  sheet.addRow([]).commit();

  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  columns.forEach((c, i) => {
    if (c.kind !== 'text') header.getCell(i + 1).alignment = { horizontal: 'right' };
  });
  header.commit();

  const totals = new ColumnTotals(columns);
  let count = 0;
  for await (const row of dataset.rows) {
    totals.add(row);
    addDataRow(sheet, dataset, row);
    count++;
    if (count % rowsBetweenBackpressureChecks === 0) await whenDrained(sink);
  }
  if (count === 0) sheet.addRow(['No data to display']).commit();
  if (totals.any) addTotalsRow(sheet, dataset, totals.row('Total'));
  for (const line of dataset.summaryAfter) addSummaryRow(sheet, [line.label, summaryValue(line.kind, line.value)]);
  sheet.commit();
  await workbook.commit();
}

/** A data row, committed; its cells share their kind's style. */
function addDataRow(sheet: ExcelJS.Worksheet, dataset: ReportDataset, data: ReportRow): void {
  const { columns } = dataset;
  const row = sheet.addRow(columns.map((c) => cellValue(c.kind, data[c.key] ?? null)));
  for (let i = 0; i < columns.length; i++) row.getCell(i + 1).style = sharedStyles[columns[i]!.kind];
  row.commit();
}

/** The totals row: its cells get styles of their own, made bold with a rule above. */
function addTotalsRow(sheet: ExcelJS.Worksheet, dataset: ReportDataset, data: ReportRow): void {
  const row = sheet.addRow(dataset.columns.map((c) => cellValue(c.kind, data[c.key] ?? null)));
  dataset.columns.forEach((c, i) => {
    const format = formats[c.kind];
    if (format) row.getCell(i + 1).numFmt = format;
  });
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.border = { top: { style: 'thin' } };
  });
  row.commit();
}

function summaryValue(kind: 'money' | 'text' | 'date', value: ReportCell): ExcelJS.CellValue {
  if (kind === 'money') return cellValue('money', value);
  if (kind === 'date') return typeof value === 'string' ? formatDate(value) : null;
  return value === null ? null : String(value);
}

function addSummaryRow(sheet: ExcelJS.Worksheet, cells: ExcelJS.CellValue[]): void {
  const row = sheet.addRow(cells);
  row.getCell(1).font = { bold: true };
  if (typeof cells[1] === 'number') row.getCell(2).numFmt = xlsxMoneyFormat;
  row.commit();
}
