import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSchedule, investorWithAccount, uploadSchedule } from '../investments/investing.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(demo.management);
});
afterAll(() => t.close());

const fixtureText = () => fixtureSchedule().toString('utf8');
const cents = (n: number) => Math.round(n * 100);

/** A schedule in the standard CSV format with `rows` repayments of `principal` each. */
function csvSchedule(fields: [string, string][], rows: [string, string, string][], eol = '\n'): string {
  const lines = ['field,value', ...fields.map(([f, v]) => `${f},${v}`), '', 'dueDate,principalDue,interestDue'];
  for (const [d, p, i] of rows) lines.push(`${d},${p},${i}`);
  return lines.join(eol) + eol;
}

async function workbook(loan: [string, unknown][], schedule: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const loanSheet = book.addWorksheet('Loan');
  loanSheet.addRow(['field', 'value']);
  for (const row of loan) loanSheet.addRow(row);
  const scheduleSheet = book.addWorksheet('Schedule');
  for (const row of schedule) scheduleSheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function loanCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('loans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST api/loans/processFile?provider=standard', () => {
  it('processes the fixture schedule to exactly its loan and 12 repayments whose principal sums to the amount', async () => {
    const res = await uploadSchedule(t, admin, fixtureSchedule());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(1);
    const draft = res.body.data[0];
    expect(draft.loan).toMatchObject({
      name: 'Harbour Street Bakery equipment loan',
      thirdPartyId: 'HSB-2027-0001',
      amount: 120_000,
      baseInterestRate: 12.5,
      marketplaceRate: 10.5,
      interestType: 'IN_ARREARS',
      interestCalculationMethod: 'LEVEL_PAYMENT',
      term: 12,
      termPeriod: 1,
      termPeriodUnit: 'MONTHS',
      gracePeriodDays: 10,
      marketplaceStartDate: '2026-12-01',
      marketplaceExpiryDate: '2027-01-15',
      disbursementDate: '2027-01-20',
      notes: 'Sample schedule that documents the file format',
    });
    expect(draft.loan.loanDetails).toMatchObject({
      industryType: 'Services',
      companyState: 'NSW',
      loanPurpose: 'Commercial ovens and fit-out',
      securityType: 'GENERAL',
    });
    expect(draft.clientDetails).toEqual({ name: 'Harbour Street Bakery Pty Ltd' });
    expect(draft.repayments).toHaveLength(12);
    expect(draft.repayments[0]).toEqual({
      dueDate: '2027-02-20',
      grossAmount: 10_689.94,
      principalDue: 9_439.94,
      interestDue: 1_250,
      gstAmount: 0,
      stampDutyAmount: 0,
    });
    expect(draft.repayments[11].dueDate).toBe('2028-01-20');
    const principal = draft.repayments.reduce(
      (sum: number, r: { principalDue: number }) => sum + cents(r.principalDue),
      0,
    );
    expect(principal).toBe(cents(120_000));
  });

  it('offers as mandate options only the accounts whose mandate rate exceeds the base rate', async () => {
    const above = await investorWithAccount(t.ctx, { balanceCents: 0n, mandateRate: '13.25' });
    const equal = await investorWithAccount(t.ctx, { balanceCents: 0n, mandateRate: '12.5' });
    const below = await investorWithAccount(t.ctx, { balanceCents: 0n, mandateRate: '11' });
    const res = await uploadSchedule(t, admin, fixtureSchedule());
    const ids = res.body.data[0].investmentTopups.map((o: { investmentAccountId: number }) => o.investmentAccountId);
    expect(ids).toContain(above.accountId);
    expect(ids).not.toContain(equal.accountId);
    expect(ids).not.toContain(below.accountId);
    const option = res.body.data[0].investmentTopups.find(
      (o: { investmentAccountId: number }) => o.investmentAccountId === above.accountId,
    );
    expect(option).toMatchObject({ mandateRate: 13.25, isActive: true });
  });

  it('reads a BOM, Windows line endings and quoted values', async () => {
    const text = fixtureText()
      .replace('name,Harbour Street Bakery equipment loan', 'name,"Harbour Street, Bakery ""equipment"" loan"')
      .replace(/\n/g, '\r\n');
    const res = await uploadSchedule(t, admin, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0].loan.name).toBe('Harbour Street, Bakery "equipment" loan');
    expect(res.body.data[0].repayments).toHaveLength(12);
  });

  it('reads other amounts, dates and row counts, and takes the defaults for missing optional fields', async () => {
    const rows: [string, string, string][] = [];
    for (let m = 0; m < 24; m++) {
      const date = new Date(Date.UTC(2027, 3 + m, 5)).toISOString().slice(0, 10);
      rows.push([date, m === 23 ? '2083.47' : '2083.33', (100 - m).toFixed(2)]);
    }
    const res = await uploadSchedule(
      t,
      admin,
      csvSchedule(
        [
          ['name', 'Two year loan'],
          ['baseInterestRate', '8'],
        ],
        rows,
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const draft = res.body.data[0];
    expect(draft.repayments).toHaveLength(24);
    expect(draft.loan).toMatchObject({
      amount: 50_000.06,
      gracePeriodDays: 10,
      term: 1,
      termPeriod: 1,
      baseInterestRate: 8,
      marketplaceRate: 8, // the default 9 capped to the base rate
      interestCalculationMethod: null,
    });
    expect(draft.repayments[0]).toMatchObject({ grossAmount: 2183.33, gstAmount: 0, stampDutyAmount: 0 });
  });

  it('reads an XLSX workbook with the sheets Loan and Schedule', async () => {
    const content = await workbook(
      [
        ['name', 'Workbook loan'],
        ['amount', 3000],
        ['baseInterestRate', 12],
        ['marketplaceRate', 10],
        ['interestCalculationMethod', 'Structured Payment'],
        ['marketplaceStartDate', new Date(Date.UTC(2027, 0, 4))],
      ],
      [
        ['dueDate', 'grossAmount', 'principalDue', 'interestDue', 'gstAmount', 'stampDutyAmount'],
        [new Date(Date.UTC(2027, 1, 1)), 1030, 1000, 30, 0, 0],
        ['2027-03-01', 1020, 1000, 20, 0, 0],
        [new Date(Date.UTC(2027, 3, 1)), { formula: 'C4+D4', result: 1010 }, 1000, 10, null, null],
      ],
    );
    const res = await uploadSchedule(t, admin, content, {
      filename: 'schedule.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const draft = res.body.data[0];
    expect(draft.loan).toMatchObject({
      name: 'Workbook loan',
      amount: 3000,
      interestCalculationMethod: 'STRUCTURED_PAYMENT',
      marketplaceStartDate: '2027-01-04',
    });
    expect(draft.repayments.map((r: { dueDate: string }) => r.dueDate)).toEqual([
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
    ]);
  });

  it('reads a workbook of one sheet like a CSV file, and a CSV saved as Windows-1252', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    for (const row of [
      ['field', 'value'],
      ['name', 'One sheet loan'],
      ['amount', 1000],
      [],
      ['dueDate', 'principalDue', 'interestDue'],
      ['2027-05-01', 400, 12.5],
      ['2027-06-01', 600, 7.5],
    ]) {
      sheet.addRow(row);
    }
    const res = await uploadSchedule(t, admin, Buffer.from(await book.xlsx.writeBuffer()), { filename: 'one.xlsx' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0].loan).toMatchObject({ name: 'One sheet loan', amount: 1000 });
    expect(res.body.data[0].repayments.map((r: { grossAmount: number }) => r.grossAmount)).toEqual([412.5, 607.5]);

    const latin = Buffer.from(csvSchedule([['name', 'Café équipement']], [['2027-05-01', '100.00', '1.00']]), 'latin1');
    const cp1252 = await uploadSchedule(t, admin, latin);
    expect(cp1252.status, JSON.stringify(cp1252.body)).toBe(200);
    expect(cp1252.body.data[0].loan.name).toBe('Café équipement');
  });

  it('refuses a bad file with a 400 naming the line and column, and stores nothing', async () => {
    const before = await loanCount();
    const bad = fixtureText().replace('2027-05-20,10689.94,9738.02', '2027-05-20,10689.94,9738.O2');
    const res = await uploadSchedule(t, admin, bad);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_FILE' });
    expect(res.body.userMessage).toBe("Line 28, column C (principalDue): '9738.O2' is not an amount.");

    const badDate = fixtureText().replace('2027-03-20,10689.94', '20/13/2027,10689.94');
    const dateRes = await uploadSchedule(t, admin, badDate);
    expect(dateRes.status).toBe(400);
    expect(dateRes.body.userMessage).toBe(
      "Line 26, column A (dueDate): '20/13/2027' is not a date (YYYY-MM-DD or D/M/YYYY).",
    );

    const badAmount = fixtureText().replace('amount,120000.00', 'amount,119999.00');
    const amountRes = await uploadSchedule(t, admin, badAmount);
    expect(amountRes.status).toBe(400);
    expect(amountRes.body.userMessage).toMatch(
      /^Line 6, column B \(amount\): The principal of the repayments adds up to/,
    );
    expect(await loanCount()).toBe(before);
  });

  it('names the sheet, line and column of a bad workbook cell', async () => {
    const content = await workbook(
      [['amount', 2000]],
      [
        ['dueDate', 'principalDue', 'interestDue'],
        ['2027-02-01', 1000, 30],
        ['2027-03-01', 'a thousand', 20],
      ],
    );
    const res = await uploadSchedule(t, admin, content, { filename: 'x.xlsx' });
    expect(res.status).toBe(400);
    expect(res.body.userMessage).toBe(
      "Sheet Schedule, line 3, column B (principalDue): 'a thousand' is not an amount.",
    );
  });

  it('refuses a file without repayments, an empty file and an unknown provider', async () => {
    const empty = await uploadSchedule(t, admin, 'field,value\nname,x\n\ndueDate,principalDue,interestDue\n');
    expect(empty.status).toBe(400);
    expect(empty.body.userMessage).toBe(
      'There was an issue with your request, either there are no repayments or the file could not be properly processed.',
    );
    const nothing = await uploadSchedule(t, admin, '');
    expect(nothing.status).toBe(400);
    const provider = await uploadSchedule(t, admin, fixtureSchedule(), { provider: 'insyston' });
    expect(provider.status).toBe(400);
    expect(provider.body.userMessage).toMatch(/Unknown schedule provider 'insyston'/);
    const notMultipart = await t.call('POST', '/api/loans/processFile?provider=standard', { token: admin, body: {} });
    expect(notMultipart.status).toBe(400);
  });

  it('is for management only', async () => {
    const support = await t.login(demo.support);
    const res = await uploadSchedule(t, support, fixtureSchedule());
    expect(res.status).toBe(403);
  });
});
