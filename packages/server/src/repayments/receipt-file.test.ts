import fs from 'node:fs';
import path from 'node:path';
import { AppError, repaymentMessages } from '@lm/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readReceiptFile, receiptAmountOf, receiptDateOf } from './receipt-file';

const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/receipts-insyston.csv'));

async function failure(content: Buffer | string): Promise<AppError> {
  try {
    await readReceiptFile(Buffer.isBuffer(content) ? content : Buffer.from(content));
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

async function xlsx(rows: unknown[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('receipt file', () => {
  it('reads the fixture: three receipts with exact cents, lines counted from the header', async () => {
    const lines = await readReceiptFile(fixture);
    expect(lines).toEqual([
      {
        line: 2,
        thirdPartyLoanId: 'HSB-2027-0001',
        receiptId: 'RCPT-000101',
        receiptDate: '2027-02-20',
        netAmountCents: 1_068_994n,
        grossAmountCents: 1_068_994n,
        batchNumber: 'B-2027-02-20',
      },
      expect.objectContaining({ line: 3, receiptId: 'RCPT-000154', receiptDate: '2027-03-22' }),
      expect.objectContaining({ line: 4, receiptId: 'RCPT-000203', netAmountCents: 1_118_994n }),
    ]);
  });

  it('reads the format, not the example: BOM, CRLF, quotes, other column order and case, $ and thousands, D/M/YYYY, blank lines', async () => {
    const text =
      '\ufeffBatchNumber,receiptid,ThirdPartyLoanId,NetAmount,grossAmount,receiptDate,note\r\n' +
      '"B 7","R-1","L-9","$1,234.50","1,234.50",5/3/2027,"a, quoted note"\r\n' +
      '\r\n' +
      'B 7,R-2,L-9,0.07,0.10,2027-03-06,\r\n';
    const lines = await readReceiptFile(Buffer.from(text));
    expect(lines).toEqual([
      {
        line: 2,
        thirdPartyLoanId: 'L-9',
        receiptId: 'R-1',
        receiptDate: '2027-03-05',
        netAmountCents: 123_450n,
        grossAmountCents: 123_450n,
        batchNumber: 'B 7',
      },
      {
        line: 4,
        thirdPartyLoanId: 'L-9',
        receiptId: 'R-2',
        receiptDate: '2027-03-06',
        netAmountCents: 7n,
        grossAmountCents: 10n,
        batchNumber: 'B 7',
      },
    ]);
  });

  it('names the line and the column of a value it cannot read, and of every other problem', async () => {
    const text =
      'thirdPartyLoanId,receiptId,receiptDate,netAmount,grossAmount,batchNumber\n' +
      'L-1,R-1,2027-02-20,12.345,12.35,B\n' +
      'L-1,R-2,2027-02-31,10.00,10.00,B\n' +
      'L-1,R-1,2027-02-20,-4,10.00,\n';
    const error = await failure(text);
    expect(error.code).toBe('INVALID_FILE');
    expect(error.userMessage).toBe(
      "Line 2, column netAmount: '12.345' is not an amount with at most two decimal places. (and 4 more problems)",
    );
    expect(error.details?.map((d) => d.message)).toEqual([
      "Line 2, column netAmount: '12.345' is not an amount with at most two decimal places.",
      "Line 3, column receiptDate: '2027-02-31' is not a date (YYYY-MM-DD or DD/MM/YYYY).",
      'Line 4, column netAmount: the amount must be greater than 0.',
      'Line 4, column batchNumber: the value is missing.',
      'Line 4, column receiptId: receipt R-1 is already on line 2.',
    ]);
  });

  it('a gross amount below the net amount is refused on its line', async () => {
    const error = await failure(
      'thirdPartyLoanId,receiptId,receiptDate,netAmount,grossAmount,batchNumber\nL,R,2027-01-01,10,9.99,B\n',
    );
    expect(error.userMessage).toBe('Line 2, column grossAmount: the gross amount is less than the net amount.');
  });

  it('a missing column is named with the header line', async () => {
    const error = await failure(
      'thirdPartyLoanId,receiptId,receiptDate,grossAmount,batchNumber\nL,R,2027-01-01,9.99,B\n',
    );
    expect(error.userMessage).toMatch(/^Line 1: the column netAmount is missing/);
  });

  it('a CSV that cannot be parsed names its line', async () => {
    const error = await failure(
      'thirdPartyLoanId,receiptId,receiptDate,netAmount,grossAmount,batchNumber\nL,R,2027-01-01,1,1,B\nL,"R2,2027-01-01,1,1,B\n',
    );
    expect(error.code).toBe('INVALID_FILE');
    expect(error.userMessage).toMatch(/^Line 3: the file could not be read as CSV/);
  });

  it('an empty file, or a header without receipts, is the specification message', async () => {
    expect((await failure('')).userMessage).toBe(repaymentMessages.repaymentsEmpty);
    expect((await failure('\r\n\r\n')).userMessage).toBe(repaymentMessages.repaymentsEmpty);
    expect(
      (await failure('thirdPartyLoanId,receiptId,receiptDate,netAmount,grossAmount,batchNumber\r\n\r\n')).userMessage,
    ).toBe(repaymentMessages.repaymentsEmpty);
  });

  it('reads an XLSX with date cells, number cells, formulas and text, and names rows of bad cells', async () => {
    const content = await xlsx([
      ['Receipts exported 2027-03-01'],
      [],
      ['thirdPartyLoanId', 'receiptId', 'receiptDate', 'netAmount', 'grossAmount', 'batchNumber'],
      ['L-1', 'R-1', new Date(Date.UTC(2027, 1, 20)), 10689.94, { formula: 'D4', result: 10689.94 }, 20270220],
      ['L-1', 'R-2', '22/03/2027', 0.1 + 0.2, '0.30', 'B-2'],
    ]);
    // a title row above the header is skipped; rows keep their numbers
    expect((await readReceiptFile(content)).map((l) => [l.line, l.receiptId, l.netAmountCents])).toEqual([
      [4, 'R-1', 1_068_994n],
      [5, 'R-2', 30n],
    ]);
    const noHeader = await xlsx([['Receipts'], ['L-1', 'R-1', '2027-02-20', 1, 1, 'B']]);
    expect((await failure(noHeader)).userMessage).toMatch(/^Row 1: the columns thirdPartyLoanId, receiptId/);

    const clean = await xlsx([
      ['thirdPartyLoanId', 'receiptId', 'receiptDate', 'netAmount', 'grossAmount', 'batchNumber'],
      ['L-1', 'R-1', new Date(Date.UTC(2027, 1, 20)), 10689.94, { formula: 'D2', result: 10689.94 }, 20270220],
      ['L-1', 'R-2', '22/03/2027', 0.1 + 0.2, '0.30', 'B-2'],
    ]);
    expect(await readReceiptFile(clean)).toEqual([
      {
        line: 2,
        thirdPartyLoanId: 'L-1',
        receiptId: 'R-1',
        receiptDate: '2027-02-20',
        netAmountCents: 1_068_994n,
        grossAmountCents: 1_068_994n,
        batchNumber: '20270220',
      },
      {
        line: 3,
        thirdPartyLoanId: 'L-1',
        receiptId: 'R-2',
        receiptDate: '2027-03-22',
        netAmountCents: 30n,
        grossAmountCents: 30n,
        batchNumber: 'B-2',
      },
    ]);

    const bad = await xlsx([
      ['thirdPartyLoanId', 'receiptId', 'receiptDate', 'netAmount', 'grossAmount', 'batchNumber'],
      ['L-1', 'R-1', 'soon', 10.5, 10.5, 'B'],
    ]);
    expect((await failure(bad)).userMessage).toBe(
      "Row 2, column receiptDate: 'soon' is not a date (YYYY-MM-DD or DD/MM/YYYY).",
    );
  });

  it('an old .xls workbook or a broken spreadsheet is refused with a clear reason', async () => {
    expect((await failure(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]))).userMessage).toMatch(
      /old Excel workbook/,
    );
    expect((await failure(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).userMessage).toMatch(
      /spreadsheet could not be read/,
    );
  });

  it('amount and date cells', () => {
    expect(receiptAmountOf('1000')).toBe(100_000n);
    expect(receiptAmountOf('1000.5')).toBe(100_050n);
    expect(receiptAmountOf('1000.500')).toBe(100_050n);
    expect(receiptAmountOf('1000.501')).toBeNull();
    expect(receiptAmountOf('1,00')).toBeNull();
    expect(receiptAmountOf('1e3')).toBeNull();
    expect(receiptAmountOf(10689.939999999999)).toBe(1_068_994n);
    expect(receiptAmountOf(0.125)).toBeNull();
    expect(receiptDateOf('2027-02-20T13:00:00+11:00')).toBe('2027-02-20');
    expect(receiptDateOf('2027/2/3')).toBe('2027-02-03');
    expect(receiptDateOf(46438)).toBe('2027-02-20');
    expect(receiptDateOf('31/02/2027')).toBeNull();
  });
});
