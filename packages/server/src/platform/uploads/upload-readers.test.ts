import { AppError } from '@lm/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsvRecords } from './csv-rows';
import * as hostile from './hostile-files.test-support';
import { fileColumnsMax } from './upload-limits';
import { XlsxWorkbook } from './xlsx-rows';
import { ZipFile } from './zip-parts';

const tooMany = (where: string) => new AppError('INVALID_FILE', `too many at ${where}`);
const limits = (rowsMax: number) => ({
  rowsMax,
  tooManyRows: (sheet: string, line: number) => tooMany(`${sheet}:${line}`),
});

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function firstSheetRows(content: Buffer, rowsMax = 100) {
  const book = await XlsxWorkbook.open(ZipFile.open(content));
  return book.rows(book.sheets[0]!, limits(rowsMax));
}

describe('workbook reader', () => {
  it('reads what exceljs wrote as exceljs read it: text, numbers, booleans, dates, formula results, rich text', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Notes');
    const sheet = book.addWorksheet('Receipts');
    sheet.addRow(['text', 12.5, true, new Date(Date.UTC(2027, 1, 20)), { formula: 'B1*2', result: 25 }]);
    sheet.addRow([]);
    sheet.getCell('B3').value = { richText: [{ text: 'rich ' }, { text: 'text', font: { bold: true } }] };
    sheet.getCell('D3').value = 'A & B < C';
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const workbook = await XlsxWorkbook.open(ZipFile.open(content));
    expect(workbook.sheets.map((s) => s.name)).toEqual(['Notes', 'Receipts']);
    expect(await workbook.rows(workbook.sheets[0]!, limits(10))).toEqual([]);
    expect(await workbook.rows(workbook.sheets[1]!, limits(10))).toEqual([
      { line: 1, cells: ['text', 12.5, true, new Date(Date.UTC(2027, 1, 20)), 25] },
      { line: 3, cells: [null, 'rich text', null, 'A & B < C'] },
    ]);
  });

  it('stops at the first row past the cap without reading the rest of a 4,000,000-row sheet', async () => {
    const content = hostile.workbook(hostile.declaring(hostile.manyRowsSheet(4_000_000), 19 * hostile.mb));
    const started = performance.now();
    const error = await refusal(firstSheetRows(content, 10));
    expect(error.userMessage).toBe('too many at Sheet1:11');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it(`refuses a value past column ${fileColumnsMax}, naming the row and column`, async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['a', 'b']);
    sheet.getRow(2).getCell(fileColumnsMax + 1).value = 'far';
    const error = await refusal(firstSheetRows(Buffer.from(await book.xlsx.writeBuffer())));
    expect(error.userMessage).toBe(
      `Row 2 of the sheet Sheet1 has a value in column ${fileColumnsMax + 1}; a file may have at most ${fileColumnsMax} columns.`,
    );
  });

  it('refuses before inflating a part that declares more than 20 MB, or parts that add up past 50 MB', () => {
    const big = hostile.workbook(hostile.inflatingSheet(21));
    expect(refusalSync(() => ZipFile.open(big)).userMessage).toBe(
      'The spreadsheet is too large when unpacked: the part xl/worksheets/sheet1.xml is more than 20 MB (the limit is 20 MB).',
    );
    const parts = [1, 2, 3].map((n) =>
      hostile.declaring(hostile.deflatedEntry(`xl/media/${n}.bin`, 'x'), 18 * hostile.mb),
    );
    const many = hostile.zip([...hostile.workbookParts(), ...parts]);
    expect(refusalSync(() => ZipFile.open(many))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      userMessage: 'The spreadsheet is too large when unpacked: the workbook is more than 50 MB (the limit is 50 MB).',
    });
  });

  it('stops inflating a part at the size it declares, however much more it holds', async () => {
    const lying = hostile.workbook(hostile.declaring(hostile.inflatingSheet(1100), 1000));
    const error = await refusal(firstSheetRows(lying));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.userMessage).toBe(
      'The spreadsheet is too large when unpacked: the part xl/worksheets/sheet1.xml holds more than the 1000 bytes its zip directory declares.',
    );
  });

  it('refuses an encrypted, truncated or unknown-compression archive as unreadable', () => {
    const good = hostile.workbook(hostile.manyRowsSheet(10_000));
    expect(refusalSync(() => ZipFile.open(good.subarray(0, good.length - 30))).userMessage).toMatch(
      /^The spreadsheet could not be read \(it is not a complete zip file\)/,
    );
    const encrypted = Buffer.from(good);
    const directory = encrypted.readUInt32LE(encrypted.length - 6);
    encrypted.writeUInt16LE(1, directory + 8);
    expect(refusalSync(() => ZipFile.open(encrypted)).userMessage).toMatch(/\(it is encrypted\)/);
    const unknown = Buffer.from(good);
    unknown.writeUInt16LE(12, directory + 10);
    expect(refusalSync(() => ZipFile.open(unknown)).userMessage).toMatch(/uses an unknown compression/);
  });
});

function refusalSync(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('CSV reader', () => {
  const csvLimits = { rowsMax: 3, tooManyRows: (line: number) => tooMany(`line ${line}`) };

  it('reads records with their lines, skipping blank lines, and a Windows-1252 file', async () => {
    const records = await readCsvRecords(Buffer.from('\uFEFFa,b\r\n\r\n"c, d",é\r\n'), csvLimits);
    expect(records).toEqual([
      { line: 1, record: ['a', 'b'] },
      { line: 3, record: ['c, d', 'é'] },
    ]);
    const latin = await readCsvRecords(Buffer.from('café,1\n', 'latin1'), csvLimits);
    expect(latin).toEqual([{ line: 1, record: ['café', '1'] }]);
  });

  it('stops at the first record past the cap, and at a value past the last column', async () => {
    expect((await refusal(readCsvRecords(hostile.manyRowsCsv(1_500_000), csvLimits))).userMessage).toBe(
      'too many at line 4',
    );
    const wide = `${'x,'.repeat(fileColumnsMax)}x\n`;
    expect((await refusal(readCsvRecords(Buffer.from(wide), csvLimits))).userMessage).toBe(
      `Line 1 has a value in column ${fileColumnsMax + 1}; a file may have at most ${fileColumnsMax} columns.`,
    );
    // trailing empty columns are not values
    expect(await readCsvRecords(Buffer.from(`a${','.repeat(fileColumnsMax + 5)}\n`), csvLimits)).toHaveLength(1);
  });
});
