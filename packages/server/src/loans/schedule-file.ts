import {
  AppError,
  type CellValue,
  draftFromSchedule,
  loanMessages,
  type ScheduleDraft,
  type ScheduleProvider,
  type ScheduleSource,
  type SourceCell,
  scheduleBytesMax,
  splitScheduleRows,
} from '@lm/domain';
import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/**
 * Reads a repayment schedule file (DESIGN §6) into cells with their line and column, and hands
 * them to the domain's schedule rules. CSV and XLSX are told apart by content, not by name. CSV:
 * UTF-8 (with or without a BOM) or Windows-1252, any line endings, quoted values. XLSX: the sheets
 * `Loan` and `Schedule` (any case); a workbook with one sheet is read like a CSV file.
 */

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export async function readScheduleFile(content: Buffer, provider: ScheduleProvider): Promise<ScheduleDraft> {
  if (content.length === 0) throw new AppError('INVALID_FILE', loanMessages.repaymentsUnprocessable);
  if (content.length > scheduleBytesMax) {
    throw new AppError('PAYLOAD_TOO_LARGE', `A schedule file is at most ${scheduleBytesMax / 1024 / 1024} MB.`);
  }
  if (startsWith(content, oleMagic)) {
    throw new AppError(
      'INVALID_FILE',
      'The file is an old Excel workbook (.xls); please save it as .xlsx or .csv and upload it again.',
    );
  }
  const source = startsWith(content, zipMagic) ? await workbookSource(content) : splitScheduleRows(csvRows(content));
  return draftFromSchedule(source, provider);
}

function decodeText(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    // spreadsheet programs on Windows save CSV as Windows-1252
    return new TextDecoder('windows-1252').decode(content);
  }
}

function csvRows(content: Buffer): SourceCell[][] {
  try {
    const records = parse(decodeText(content), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    return records.map(({ record, info }) =>
      record.map((value, index) => ({ value, line: info.lines, column: index + 1 })),
    );
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      const column = ((error as CsvError & { index?: number }).index ?? 0) + 1;
      const location = `Line ${line}, column ${column}`;
      const message = `the file could not be read as CSV (${error.message.replace(/^[^:]*: /, '')})`;
      throw new AppError('INVALID_FILE', `${location}: ${message}.`, [{ field: location, message }]);
    }
    throw error;
  }
}

function excelValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('result' in value) return excelValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in value) return (value as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    if ('text' in value) return String((value as ExcelJS.CellHyperlinkValue).text);
    if ('error' in value) return `#${String((value as ExcelJS.CellErrorValue).error)}`;
  }
  return String(value);
}

function sheetRows(sheet: ExcelJS.Worksheet): SourceCell[][] {
  const rows: SourceCell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(
      values.map((v, index) => ({
        value: excelValue(v as ExcelJS.CellValue),
        line: rowNumber,
        column: index + 1,
        sheet: sheet.name,
      })),
    );
  });
  return rows;
}

async function workbookSource(content: Buffer): Promise<ScheduleSource> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch (error) {
    throw new AppError('INVALID_FILE', `The spreadsheet could not be read (${(error as Error).message}).`);
  }
  const named = (name: string) => workbook.worksheets.find((s) => s.name.trim().toLowerCase() === name);
  const loanSheet = named('loan');
  const scheduleSheet = named('schedule');
  if (!loanSheet && !scheduleSheet) {
    const only = workbook.worksheets.filter((s) => s.actualRowCount > 0);
    if (only.length === 1 && only[0]) return splitScheduleRows(sheetRows(only[0]));
    throw new AppError('INVALID_FILE', 'The workbook has no sheets named Loan and Schedule.');
  }
  if (!scheduleSheet) throw new AppError('INVALID_FILE', 'The workbook has no sheet named Schedule.');
  const fields = loanSheet ? splitScheduleRows(sheetRows(loanSheet)) : { fieldRows: [] };
  const table = splitScheduleRows(sheetRows(scheduleSheet));
  return {
    fieldRows: [...fields.fieldRows, ...table.fieldRows],
    header: table.header,
    rows: table.rows,
    tableSheet: scheduleSheet.name,
  };
}
