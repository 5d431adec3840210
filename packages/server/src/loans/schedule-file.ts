import {
  AppError,
  draftFromSchedule,
  loanMessages,
  repaymentsPerLoanMax,
  type ScheduleDraft,
  type ScheduleProvider,
  type ScheduleSource,
  type SourceCell,
  scheduleBytesMax,
  splitScheduleRows,
} from '@lm/domain';
import { CsvError } from 'csv-parse';
import { readCsvRecords } from '../platform/uploads/csv-rows';
import { sizeText } from '../platform/uploads/upload-limits';
import { type XlsxRow, type XlsxSheet, XlsxWorkbook } from '../platform/uploads/xlsx-rows';
import { ZipFile } from '../platform/uploads/zip-parts';

/**
 * Reads a repayment schedule file (DESIGN §6) into cells with their line and column, and hands
 * them to the domain's schedule rules. CSV and XLSX are told apart by content, not by name. CSV:
 * UTF-8 (with or without a BOM) or Windows-1252, any line endings, quoted values. XLSX: the sheets
 * `Loan` and `Schedule` (any case); a workbook with one sheet is read like a CSV file. Both are read
 * as streams within the limits of platform/uploads, refused at the first row past the cap.
 */

/** Rows of a schedule file (or of one sheet) read before refusing it: the loan fields and every repayment. */
export const scheduleFileRowsMax = repaymentsPerLoanMax + 100;

const tooManyRows = (where: string) =>
  new AppError(
    'INVALID_FILE',
    `${where}: the file has more than ${scheduleFileRowsMax} rows; a schedule has at most ${repaymentsPerLoanMax} repayments.`,
  );

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export async function readScheduleFile(content: Buffer, provider: ScheduleProvider): Promise<ScheduleDraft> {
  if (content.length === 0) throw new AppError('INVALID_FILE', loanMessages.repaymentsUnprocessable);
  if (content.length > scheduleBytesMax) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is too large (the limit is ${sizeText(scheduleBytesMax)}).`);
  }
  if (startsWith(content, oleMagic)) {
    throw new AppError(
      'INVALID_FILE',
      'The file is an old Excel workbook (.xls); please save it as .xlsx or .csv and upload it again.',
    );
  }
  const source = startsWith(content, zipMagic)
    ? await workbookSource(content)
    : splitScheduleRows(await csvRows(content));
  return draftFromSchedule(source, provider);
}

async function csvRows(content: Buffer): Promise<SourceCell[][]> {
  try {
    const records = await readCsvRecords(content, {
      rowsMax: scheduleFileRowsMax,
      tooManyRows: (line) => tooManyRows(`Line ${line}`),
    });
    return records.map(({ record, line }) => record.map((value, index) => ({ value, line, column: index + 1 })));
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

function sourceRows(sheet: XlsxSheet, rows: XlsxRow[]): SourceCell[][] {
  return rows.map((row) =>
    row.cells.map((value, index) => ({ value, line: row.line, column: index + 1, sheet: sheet.name })),
  );
}

async function workbookSource(content: Buffer): Promise<ScheduleSource> {
  const book = await XlsxWorkbook.open(ZipFile.open(content));
  const limits = {
    rowsMax: scheduleFileRowsMax,
    tooManyRows: (sheet: string, line: number) => tooManyRows(`Sheet ${sheet}, line ${line}`),
  };
  const read = async (sheet: XlsxSheet) => sourceRows(sheet, await book.rows(sheet, limits));
  const named = (name: string) => book.sheets.find((s) => s.name.trim().toLowerCase() === name);
  const loanSheet = named('loan');
  const scheduleSheet = named('schedule');
  if (!loanSheet && !scheduleSheet) {
    const filled: SourceCell[][][] = [];
    for (const sheet of book.sheets) {
      const rows = await read(sheet);
      if (rows.length > 0) filled.push(rows);
    }
    if (filled.length === 1 && filled[0]) return splitScheduleRows(filled[0]);
    throw new AppError('INVALID_FILE', 'The workbook has no sheets named Loan and Schedule.');
  }
  if (!scheduleSheet) throw new AppError('INVALID_FILE', 'The workbook has no sheet named Schedule.');
  const fields = loanSheet ? splitScheduleRows(await read(loanSheet)) : { fieldRows: [] };
  const table = splitScheduleRows(await read(scheduleSheet));
  return {
    fieldRows: [...fields.fieldRows, ...table.fieldRows],
    header: table.header,
    rows: table.rows,
    tableSheet: scheduleSheet.name,
  };
}
