import {
  AppError,
  type Cents,
  centsFromString,
  Decimal,
  type ErrorDetail,
  isIsoDate,
  type ReceiptFileColumn,
  receiptFileColumns,
  receiptsPerFileMax,
  receiptTextLengthMax,
  repaymentMessages,
} from '@lm/domain';
import { CsvError } from 'csv-parse';
import { readCsvRecords } from '../platform/uploads/csv-rows';
import { XlsxWorkbook } from '../platform/uploads/xlsx-rows';
import { ZipFile } from '../platform/uploads/zip-parts';

/**
 * Reads a receipts file of the insyston provider (DESIGN §6): CSV or XLSX with the columns
 * thirdPartyLoanId, receiptId, receiptDate, netAmount, grossAmount, batchNumber. Built for the
 * format, not one example: columns are found by their header (any order, any case, extra columns
 * ignored), a BOM and Windows line endings are accepted, values may be quoted, amounts may carry a
 * dollar sign and thousands separators, dates may be YYYY-MM-DD or the Australian D/M/YYYY.
 * Anything it cannot read is a 400 naming the line (row, for a spreadsheet) and the column; a file
 * with no receipt in it is the specification's repayments-empty message. Nothing is stored here.
 */
export interface ReceiptLine {
  /** Line of a CSV file or row of a spreadsheet, counted from 1 (the header is line 1). */
  line: number;
  thirdPartyLoanId: string;
  receiptId: string;
  receiptDate: string;
  netAmountCents: Cents;
  grossAmountCents: Cents;
  batchNumber: string;
}

/** Problems reported per file before giving up, so a bad file is fixed in one go. */
export const fileProblemsReportedMax = 50;

type Cell = string | number | Date | null;
interface RawRow {
  line: number;
  cells: Cell[];
}

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

function fileError(message: string, details?: ErrorDetail[]): AppError {
  return new AppError('INVALID_FILE', message, details);
}

/**
 * Rows read before refusing a file as too long: every receipt the file may hold, and the rows a
 * title or note above the header may take. Reading stops at the first row past it.
 */
export const receiptFileRowsMax = () => receiptsPerFileMax + headerSearchRowsMax;

const tooManyReceipts = (rowWord: string, line: number) =>
  fileError(
    `${rowWord} ${line}: the file has more than ${receiptsPerFileMax} receipts; at most ${receiptsPerFileMax} can be processed at once. Please split it.`,
  );

/**
 * Reads the upload (CSV or XLSX, told apart by content, not by name) into receipt lines. Both are
 * read as streams within the limits of platform/uploads: the unpacked size of a workbook, and the
 * rows and columns of either, refused at the first row past the cap.
 */
export async function readReceiptFile(content: Buffer): Promise<ReceiptLine[]> {
  if (content.length === 0) throw fileError(repaymentMessages.repaymentsEmpty);
  if (startsWith(content, oleMagic)) {
    throw fileError('The file is an old Excel workbook (.xls); please save it as .xlsx or .csv and upload it again.');
  }
  const { rows, rowWord } = startsWith(content, zipMagic)
    ? { rows: await spreadsheetRows(content), rowWord: 'Row' }
    : { rows: await csvRows(content), rowWord: 'Line' };
  return receiptLines(rows, rowWord);
}

async function csvRows(content: Buffer): Promise<RawRow[]> {
  try {
    const records = await readCsvRecords(content, {
      rowsMax: receiptFileRowsMax(),
      tooManyRows: (line) => tooManyReceipts('Line', line),
    });
    return records.map(({ record, line }) => ({ line, cells: record }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw fileError(
        `Line ${line ?? '?'}: the file could not be read as CSV (${error.message.replace(/^[^:]*: /, '')}).`,
        [{ field: `line ${line ?? '?'}`, message: error.message }],
      );
    }
    throw error;
  }
}

function hasValue(cells: Cell[]): boolean {
  return cells.some((c) => c !== null && String(c).trim() !== '');
}

/** The sheet named Receipts (any case), or else the first sheet with a value in it. */
async function spreadsheetRows(content: Buffer): Promise<RawRow[]> {
  const book = await XlsxWorkbook.open(ZipFile.open(content));
  const limits = {
    rowsMax: receiptFileRowsMax(),
    tooManyRows: (_sheet: string, line: number) => tooManyReceipts('Row', line),
  };
  const named = book.sheets.find((s) => s.name.trim().toLowerCase() === 'receipts');
  for (const sheet of named ? [named] : book.sheets) {
    const rows: RawRow[] = [];
    for (const row of await book.rows(sheet, limits)) {
      const cells = row.cells.map((c): Cell => (typeof c === 'boolean' ? String(c) : c));
      if (hasValue(cells)) rows.push({ line: row.line, cells });
    }
    if (rows.length > 0) return rows;
  }
  throw fileError(repaymentMessages.repaymentsEmpty);
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function headerIndexes(header: RawRow, rowWord: string): Record<ReceiptFileColumn, number> {
  const names = header.cells.map((c) => normalise(c === null ? '' : String(c)));
  const indexes = {} as Record<ReceiptFileColumn, number>;
  const missing: ReceiptFileColumn[] = [];
  for (const column of receiptFileColumns) {
    const index = names.indexOf(normalise(column));
    if (index < 0) missing.push(column);
    indexes[column] = index;
  }
  if (missing.length > 0) {
    throw fileError(
      `${rowWord} ${header.line}: the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${
        missing.length > 1 ? 'are' : 'is'
      } missing; a receipts file has the columns ${receiptFileColumns.join(', ')}.`,
      missing.map((column) => ({
        field: column,
        message: `${rowWord} ${header.line}: the column ${column} is missing`,
      })),
    );
  }
  return indexes;
}

function text(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

const excelEpochMs = Date.UTC(1899, 11, 30);
const dayMs = 86_400_000;

/** YYYY-MM-DD from a date cell, an ISO date (or date-time), D/M/YYYY, YYYY/M/D or a spreadsheet serial. */
export function receiptDateOf(cell: Cell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2_958_465) return null;
    return new Date(excelEpochMs + cell * dayMs).toISOString().slice(0, 10);
  }
  const value = text(cell);
  const pad = (n: string) => n.padStart(2, '0');
  let iso: string | null = null;
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (m) iso = `${m[1]}-${m[2]}-${m[3]}`;
  m = m ? null : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (m) iso = `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
  m = iso ? null : /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(value);
  if (m) iso = `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
  return iso && isIsoDate(iso) ? iso : null;
}

/**
 * Cents from an amount cell: digits with at most two decimal places (more places only when they
 * are zeros), an optional dollar sign and thousands separators. A spreadsheet number is binary
 * floating point, so one within a millionth of a whole cent is taken as that cent.
 */
export function receiptAmountOf(cell: Cell): Cents | null {
  if (cell === null || cell instanceof Date) return null;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return null;
    const hundredths = new Decimal(String(cell)).times(100);
    const whole = hundredths.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    if (hundredths.minus(whole).abs().greaterThan('0.0001')) return null;
    return BigInt(whole.toFixed(0));
  }
  let value = text(cell).replace(/^\$\s*/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) value = value.replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return null;
  const decimals = m[2] ?? '';
  if (decimals.length > 2 && !/^0+$/.test(decimals.slice(2))) return null;
  return centsFromString(`${m[1]}.${decimals.slice(0, 2) || '0'}`);
}

/** A title or a note may stand above the header: the header is the first of these rows that names every column. */
export const headerSearchRowsMax = 10;

function hasEveryColumn(row: RawRow): boolean {
  const names = new Set(row.cells.map((c) => normalise(c === null ? '' : String(c))));
  return receiptFileColumns.every((column) => names.has(normalise(column)));
}

function receiptLines(rows: RawRow[], rowWord: string): ReceiptLine[] {
  if (rows.length === 0) throw fileError(repaymentMessages.repaymentsEmpty);
  const headerIndex = rows.slice(0, headerSearchRowsMax).findIndex(hasEveryColumn);
  const header = rows[Math.max(headerIndex, 0)]!;
  const at = headerIndexes(header, rowWord);
  const data = rows.slice(headerIndex + 1);
  if (data.length === 0) throw fileError(repaymentMessages.repaymentsEmpty);
  if (data.length > receiptsPerFileMax) {
    throw fileError(
      `The file has ${data.length} receipts; at most ${receiptsPerFileMax} can be processed at once. Please split it.`,
    );
  }
  const problems: ErrorDetail[] = [];
  const problem = (line: number, column: ReceiptFileColumn, message: string) => {
    problems.push({ field: column, message: `${rowWord} ${line}, column ${column}: ${message}` });
  };
  const firstLineOfReceipt = new Map<string, number>();
  const lines: ReceiptLine[] = [];
  for (const row of data) {
    if (problems.length >= fileProblemsReportedMax) break;
    const cell = (column: ReceiptFileColumn): Cell => row.cells[at[column]] ?? null;
    const textOf = (column: ReceiptFileColumn): string => {
      const value = text(cell(column));
      if (value === '') problem(row.line, column, 'the value is missing.');
      else if (value.length > receiptTextLengthMax) {
        problem(row.line, column, `the value is longer than ${receiptTextLengthMax} characters.`);
      }
      return value;
    };
    const amountOf = (column: 'netAmount' | 'grossAmount'): Cents => {
      const raw = text(cell(column));
      if (raw === '') {
        problem(row.line, column, 'the value is missing.');
        return 0n;
      }
      const cents = receiptAmountOf(cell(column));
      if (/^-/.test(raw)) problem(row.line, column, 'the amount must be greater than 0.');
      else if (cents === null) problem(row.line, column, `'${raw}' is not an amount with at most two decimal places.`);
      else if (cents <= 0n) problem(row.line, column, 'the amount must be greater than 0.');
      return cents ?? 0n;
    };
    const thirdPartyLoanId = textOf('thirdPartyLoanId');
    const receiptId = textOf('receiptId');
    const rawDate = text(cell('receiptDate'));
    const receiptDate = receiptDateOf(cell('receiptDate'));
    if (rawDate === '') problem(row.line, 'receiptDate', 'the value is missing.');
    else if (receiptDate === null) {
      problem(row.line, 'receiptDate', `'${rawDate}' is not a date (YYYY-MM-DD or DD/MM/YYYY).`);
    }
    const netAmountCents = amountOf('netAmount');
    const grossAmountCents = amountOf('grossAmount');
    if (netAmountCents > 0n && grossAmountCents > 0n && grossAmountCents < netAmountCents) {
      problem(row.line, 'grossAmount', 'the gross amount is less than the net amount.');
    }
    const batchNumber = textOf('batchNumber');
    if (receiptId !== '') {
      const first = firstLineOfReceipt.get(receiptId);
      if (first !== undefined)
        problem(row.line, 'receiptId', `receipt ${receiptId} is already on ${rowWord.toLowerCase()} ${first}.`);
      else firstLineOfReceipt.set(receiptId, row.line);
    }
    lines.push({
      line: row.line,
      thirdPartyLoanId,
      receiptId,
      receiptDate: receiptDate ?? '',
      netAmountCents,
      grossAmountCents,
      batchNumber,
    });
  }
  if (problems.length > 0) {
    const first = problems[0]!;
    const more =
      problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    throw fileError(`${first.message}${more}`, problems);
  }
  return lines;
}
