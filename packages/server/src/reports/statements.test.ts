import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { centsFromNumber, centsFromString, jobMessages, reportMessages } from '@lm/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker } from '../platform/job-queue';
import { storedFileBytes } from '../platform/stored-files';
import {
  createWorkedExampleLoan,
  deposit,
  openFundedAccount,
  payFixtureRepayment,
  type TestLoan,
} from '../repayments/repayments.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { counted, reportJob } from './report-job';

/**
 * Issue "Reports and statements", Must show: for an account with a foreign flag (10% withholding),
 * a secondary sale and a write-off in the period, the Account Interest Statement's and the Account
 * Tax Statement's totals equal the ledger's postings on that account for the period. The book is
 * DOMAIN.md's worked example loan (C is the foreign account), repaid twice, 40% of C's holding sold
 * to X between the repayments, then partly written off; the financial year 2026-27 then closes.
 */

let t: TestApp;
let management: string;
let loan: TestLoan & { accounts: { a: number; b: number; c: number } };
let x: number;
const startDate = '2026-07-01';
const endDate = '2027-06-30';

let investor: string;

async function at(instant: string) {
  t.ctx.clock.set(instant);
  management = await t.login(demo.management);
  investor = await t.login(demo.investor);
}

const repay = (index: number) => payFixtureRepayment(t.ctx, loan.loanId, index, `STMT-${process.pid}-${index}`, 'M');

beforeAll(async () => {
  t = await createTestApp({
    clockNow: '2027-02-21T10:00:00+11:00',
    env: { INVESTOR_REPORT_END_DATE_MAX: '2100-12-31' },
  });
  // the demo investor holds A
  loan = await createWorkedExampleLoan(t.ctx, { thirdPartyId: `STMT-${process.pid}`, investorEmail: demo.investor });
  x = await openFundedAccount(t.ctx, { name: 'Buyer X', depositCents: 5_000_000n });
  await repay(0);
  // 40% of C's investment sold to X; C keeps 60%
  await at('2027-03-05T10:00:00+11:00');
  const investmentC = await t.ctx.db
    .selectFrom('investments')
    .select('id')
    .where('loanId', '=', loan.loanId)
    .where('investmentAccountId', '=', loan.accounts.c)
    .executeTakeFirstOrThrow();
  const request = {
    investmentId: investmentC.id,
    saleDate: '2027-03-05',
    purchaserDetailsRequests: [
      { investmentAccountId: x, interestRate: 10.5, purchasedFraction: 40 },
      { investmentAccountId: loan.accounts.c, interestRate: 10.5, purchasedFraction: 60 },
    ],
  };
  const quote = await t.call('POST', '/api/investments/actions/sell/quote', { token: management, body: request });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const sold = await t.call('POST', '/api/investments/actions/sell', {
    token: management,
    body: { ...request, quoteId: quote.body.data.quoteId },
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(200);
  await at('2027-03-21T10:00:00+11:00');
  await repay(1);
  await at('2027-04-25T10:00:00+11:00');
  const writeOff = await t.call('POST', '/api/loans/actions/writeOff', {
    token: management,
    body: { loanId: loan.loanId, principalAmount: 20_000, interestAmount: 300 },
  });
  expect(writeOff.status, JSON.stringify(writeOff.body)).toBe(200);
  // the financial year closes
  await at('2027-07-05T10:00:00+10:00');
}, 120_000);
afterAll(() => t.close());

async function generate(path: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${management}` },
    payload: body,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const cents = (value: unknown): bigint => centsFromNumber(Number(value ?? 0), true);

/** The sheet's table under the header row starting `firstHeader`: its rows and its totals row. */
function tableOf(sheet: ExcelJS.Worksheet, firstHeader: string) {
  let headerRow = 0;
  sheet.eachRow((row, n) => {
    if (headerRow === 0 && row.getCell(1).value === firstHeader) headerRow = n;
  });
  const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  let totals: Record<string, unknown> = {};
  for (let n = headerRow + 1; n <= sheet.rowCount; n++) {
    const values = (sheet.getRow(n).values as unknown[]).slice(1);
    if (values.length === 0) break;
    const record = Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null]));
    if (values[0] === 'Total') {
      totals = record;
      break;
    }
    rows.push(record);
  }
  return { rows, totals };
}

/** The ledger's postings on an account's cash in the period, by entry kind (finalised, not voided). */
async function cashPostings(accountId: number): Promise<Map<string, bigint>> {
  const result = await sql<{ kind: string; amount: string }>`
    select e.kind, sum(p.amount)::numeric(20,2)::text as amount
    from ledger_postings p join ledger_entries e on e.id = p.entry_id
      join investment_accounts a on a.ledger_account_id = p.ledger_account_id
    where a.id = ${accountId} and e.finalised_at is not null and e.voided_at is null
      and e.finalised_at >= (cast(${startDate} as date)::timestamp at time zone 'Australia/Sydney')
      and e.finalised_at < (cast('2027-07-01' as date)::timestamp at time zone 'Australia/Sydney')
    group by e.kind`.execute(t.ctx.db);
  return new Map(result.rows.map((r) => [r.kind, centsFromString(r.amount)]));
}

/** The ledger's postings on the tax withheld payable account in the period. */
async function taxWithheldPostings(): Promise<bigint> {
  const result = await sql<{ amount: string }>`
    select coalesce(sum(p.amount), 0)::numeric(20,2)::text as amount
    from ledger_postings p join ledger_entries e on e.id = p.entry_id
      join ledger_accounts l on l.id = p.ledger_account_id
    where l.kind = 'TAX_WITHHELD_PAYABLE' and e.finalised_at is not null and e.voided_at is null
      and e.finalised_at >= (cast(${startDate} as date)::timestamp at time zone 'Australia/Sydney')
      and e.finalised_at < (cast('2027-07-01' as date)::timestamp at time zone 'Australia/Sydney')`.execute(t.ctx.db);
  return centsFromString(result.rows[0]?.amount ?? '0');
}

describe('statements of a foreign account with a sale and a write-off in the year', () => {
  it('the interest and tax statements total what the ledger posted on the account', async () => {
    const c = loan.accounts.c;
    const postings = await cashPostings(c);
    const change = [...postings.values()].reduce((sum, v) => sum + v, 0n);
    const withheld = await taxWithheldPostings();
    // only C is foreign in this book: every cent withheld is C's, and there is some
    expect(withheld).not.toBe(0n);

    const interest = tableOf(
      await generate('/api/reports/account-interest-statement', { accountId: c, startDate, endDate, format: 'xlsx' }),
      'Date',
    );
    const types = interest.rows.map((r) => r.Type);
    expect(types).toContain('Investment Sale');
    expect(types.filter((type) => type === 'Repayment')).toHaveLength(2);
    expect(types.some((type) => String(type).startsWith('Write'))).toBe(false);
    // Cash: every posting of the year on C's cash but the deposit and the investment it funded
    const depositAndInvestment = change - interestBearing(postings);
    expect(cents(interest.totals.Cash)).toBe(change - depositAndInvestment);
    expect(cents(interest.totals['Tax Withheld'])).toBe(abs(withheld));
    // 10% of the interest, row by row, rounded to the cent
    for (const row of interest.rows) {
      expect(cents(row['Tax Withheld'])).toBe(tenPercent(cents(row.Interest)));
    }
    // each row's parts add up to its cash
    for (const row of interest.rows) {
      expect(cents(row.Interest) + cents(row.Principal) - cents(row.Fees) - cents(row['Tax Withheld'])).toBe(
        cents(row.Cash),
      );
    }

    const taxSheet = await generate('/api/reports/account-tax-statement', {
      accountId: c,
      financialYear: 2027,
      format: 'xlsx',
    });
    const lines = new Map<string, bigint>();
    taxSheet.eachRow((row) => {
      const value = row.getCell(2).value;
      if (typeof value === 'number') lines.set(String(row.getCell(1).value), cents(value));
    });
    const line = (label: string) => {
      const value = lines.get(label);
      if (value === undefined) throw new Error(`no line ${label}: ${[...lines.keys()].join(', ')}`);
      return value;
    };
    expect(line('Opening balance 01/07/2026')).toBe(0n);
    expect(line('Closing balance 30/06/2027') - line('Opening balance 01/07/2026')).toBe(change);
    expect(line('Withholding tax (10%, foreign account)')).toBe(-abs(withheld));
    expect(line('Total interest')).toBe(cents(interest.totals.Interest));
    expect(line('Accrued interest received on sales')).toBeGreaterThan(0n);
    // what came in on repayments and the sale, less the tax withheld, is the cash the interest statement lists
    expect(
      line('Total interest') +
        line('Fees') +
        line('Withholding tax (10%, foreign account)') +
        line('Principal returned on repayments') +
        line('Principal returned on sales'),
    ).toBe(cents(interest.totals.Cash));
    // the write-off moved no cash: its principal is what the investment records as written off
    const writtenOff = await sql<{ amount: string }>`
      select coalesce(sum(principal_written_off), 0)::numeric(20,2)::text as amount from investments
      where investment_account_id = ${c} and loan_id = ${loan.loanId}`.execute(t.ctx.db);
    expect(line('Principal written off')).toBe(centsFromString(writtenOff.rows[0]?.amount ?? '0'));
    expect(line('Principal written off')).toBeGreaterThan(0n);

    // the holding C kept after the sale: what it invested less every principal line above
    const portfolio = tableOf(
      await generate('/api/reports/account-portfolio-report', { accountId: c, date: endDate, format: 'xlsx' }),
      'Investment',
    );
    expect(portfolio.rows).toHaveLength(1);
    expect(cents(portfolio.totals.Outstanding)).toBe(
      1_880_000n -
        line('Principal returned on repayments') -
        line('Principal returned on sales') -
        line('Principal written off'),
    );
  });
});

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** 10% of cents, rounded half up. */
function tenPercent(value: bigint): bigint {
  return (value + 5n) / 10n;
}

/** The postings of the entries that are not the deposit and the investment. */
function interestBearing(postings: Map<string, bigint>): bigint {
  let sum = 0n;
  for (const [kind, amount] of postings) if (kind !== 'DEPOSIT' && kind !== 'INVESTMENT') sum += amount;
  return sum;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

async function post(token: string, path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload: body,
  });
  const json = (response.headers['content-type'] ?? '').toString().startsWith('application/json')
    ? response.json()
    : null;
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json };
}

async function download(token: string, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

const listOf = async (token: string, path: string) => {
  const res = await t.call('GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    statementId: number;
    financialYear: number;
    version: number;
    contentHash: string;
    downloadUrl: string;
    fileName: string;
    generatedAt: string;
  }[];
};

describe('stored tax statements (Available Statements)', () => {
  it('stores each closed year\u2019s statement once per content, a correction as a new version, and serves it to its owner only', async () => {
    const a = loan.accounts.a;
    const b = loan.accounts.b;
    const ownList = `/api/user/reports/${a}/file-types/account-tax-statement`;
    expect(await listOf(investor, ownList)).toEqual([]);

    const first = await post(investor, '/api/user/reports/account-tax-statement', {
      accountId: a,
      financialYear: 2027,
    });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const [v1, ...none] = await listOf(investor, ownList);
    expect(none).toEqual([]);
    expect(v1).toMatchObject({
      financialYear: 2027,
      version: 1,
      fileName: `Account-Tax-Statement-${a}-FY2027-v1.pdf`,
      downloadUrl: `/api/user/reports/${a}/statements/${v1?.statementId}`,
    });
    expect(v1?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // the entries it summarises: every ledger entry behind A's rows of the year
    const entries = await sql<{ n: number }>`
      select count(*)::int as n from report_statement_entries where report_statement_id = ${v1?.statementId}`.execute(
      t.ctx.db,
    );
    const rows = await sql<{ n: number }>`
      select count(distinct ledger_entry_id)::int as n from account_transactions
      where investment_account_id = ${a} and finalised_date is not null`.execute(t.ctx.db);
    expect(entries.rows[0]?.n).toBe(rows.rows[0]?.n);
    expect(entries.rows[0]?.n).toBeGreaterThan(2);

    // generated again, in another format, with nothing changed: no new version
    expect(
      (
        await post(investor, '/api/user/reports/account-tax-statement', {
          accountId: a,
          financialYear: 2027,
          format: 'xlsx',
        })
      ).status,
    ).toBe(200);
    expect(await listOf(investor, ownList)).toEqual([v1]);

    // the stored file downloads as issued
    const file = await download(investor, v1?.downloadUrl ?? '');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${v1?.fileName}"`);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const stored = await t.ctx.db
      .selectFrom('reportStatements')
      .select('fileId')
      .where('id', '=', v1?.statementId ?? 0)
      .executeTakeFirstOrThrow();
    expect(sha256(file.bytes)).toBe(sha256(await storedFileBytes(t.ctx.db, stored.fileId as number)));

    // management sees and downloads it through its own calls
    const staffList = await listOf(management, `/api/reports/${a}/file-types/account-tax-statement`);
    expect(staffList.map((s) => [s.statementId, s.downloadUrl])).toEqual([
      [v1?.statementId, `/api/reports/${a}/statements/${v1?.statementId}`],
    ]);
    expect((await download(management, staffList[0]?.downloadUrl ?? '')).status).toBe(200);

    // another investor's account: 404 for the list and for its statement, by either path
    expect(
      (await post(management, '/api/reports/account-tax-statement', { accountId: b, financialYear: 2027 })).status,
    ).toBe(200);
    const [ofB] = await listOf(management, `/api/reports/${b}/file-types/account-tax-statement`);
    expect(
      (await t.call('GET', `/api/user/reports/${b}/file-types/account-tax-statement`, { token: investor })).status,
    ).toBe(404);
    expect((await download(investor, `/api/user/reports/${b}/statements/${ofB?.statementId}`)).status).toBe(404);
    const crossed = await download(investor, `/api/user/reports/${a}/statements/${ofB?.statementId}`);
    expect(crossed.status).toBe(404);
    expect(JSON.parse(crossed.bytes.toString()).userMessage).toBe(reportMessages.statementNotFound);
    expect((await download(management, `/api/reports/${a}/statements/${ofB?.statementId}`)).status).toBe(404);

    // a correction: money reaches A inside the closed year; generating again stores version 2
    await at('2027-06-20T10:00:00+10:00');
    await deposit(t.ctx, a, 12_345n);
    await at('2027-07-05T10:00:00+10:00');
    expect(
      (await post(investor, '/api/user/reports/account-tax-statement', { accountId: a, financialYear: 2027 })).status,
    ).toBe(200);
    const [v2, old] = await listOf(investor, ownList);
    expect(v2).toMatchObject({ financialYear: 2027, version: 2, fileName: `Account-Tax-Statement-${a}-FY2027-v2.pdf` });
    expect(v2?.contentHash).not.toBe(v1?.contentHash);
    // version 1 is kept as it was
    expect(old).toEqual(v1);
    const v2Entries = await sql<{ n: number }>`
      select count(*)::int as n from report_statement_entries where report_statement_id = ${v2?.statementId}`.execute(
      t.ctx.db,
    );
    expect(v2Entries.rows[0]?.n).toBe((entries.rows[0]?.n ?? 0) + 1);
  });
});

describe('reports as jobs (Prefer: respond-async)', () => {
  const async = { prefer: 'respond-async' };
  let worker: ReturnType<typeof startJobWorker>;
  beforeAll(() => {
    worker = startJobWorker(t.ctx, [reportJob], { poll: false });
  });
  afterAll(() => worker.stop());

  it('answers 202 {jobId}; the job, read by its owner only, makes the same file as the direct call', async () => {
    const body = { accountId: loan.accounts.a, startDate, endDate, format: 'csv' };
    const accepted = await post(investor, '/api/user/reports/account-transactions-statement', body, async);
    expect(accepted.status).toBe(202);
    const jobId = accepted.json.data.jobId as number;
    expect(accepted.headers.location).toBe(`/api/jobs/${jobId}`);
    expect(accepted.headers['preference-applied']).toBe('respond-async');

    const queued = await t.call('GET', `/api/jobs/${jobId}`, { token: investor });
    expect(queued.body.data).toMatchObject({ jobId, status: 'QUEUED', progress: 0, message: jobMessages.queued });
    expect(queued.body.data.resultUrl).toBeUndefined();
    expect((await download(investor, `/api/jobs/${jobId}/result`)).status).toBe(409);
    // someone else's job does not exist for them
    const foreign = await t.call('GET', `/api/jobs/${jobId}`, { token: management });
    expect([foreign.status, foreign.body.userMessage]).toEqual([404, jobMessages.notFound]);
    expect((await download(management, `/api/jobs/${jobId}/result`)).status).toBe(404);

    expect(await worker.runNext()).toBe(true);
    const done = await t.call('GET', `/api/jobs/${jobId}`, { token: investor });
    expect(done.body.data).toMatchObject({
      jobId,
      status: 'SUCCEEDED',
      progress: 1,
      message: reportMessages.generated,
      resultUrl: `/api/jobs/${jobId}/result`,
      fileName: `Account-Transactions-Statement-${loan.accounts.a}-${startDate}-${endDate}.csv`,
    });
    const file = await download(investor, done.body.data.resultUrl);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.body.data.fileName}"`);
    const direct = await post(investor, '/api/user/reports/account-transactions-statement', body);
    expect(file.bytes.toString('utf8')).toBe(direct.bytes.toString('utf8'));
    expect(file.bytes.length).toBeGreaterThan(100);
  });

  it('refuses before the 202 whatever the direct call refuses, and queues nothing', async () => {
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from jobs where kind = 'QUEUED'`.execute(t.ctx.db)).rows[0]
          ?.n,
      );
    const before = await count();
    const cases: [string, string, Record<string, unknown>, number][] = [
      [
        investor,
        '/api/user/reports/account-interest-statement',
        { accountId: loan.accounts.b, startDate, endDate },
        404,
      ],
      [investor, '/api/user/reports/loans-in-arrears', {}, 403],
      [management, '/api/reports/account-transactions-statement', { startDate }, 400],
      [management, '/api/reports/no-such-report', {}, 404],
      [management, '/api/reports/account-tax-statement', { accountId: loan.accounts.a, financialYear: 2028 }, 422],
    ];
    for (const [token, path, body, status] of cases) {
      const res = await post(token, path, body, async);
      expect([path, res.status]).toEqual([path, status]);
    }
    expect(await count()).toBe(before);
  });

  it('a tax statement made by a job is stored as the direct call stores it', async () => {
    const c = loan.accounts.c;
    const listed = () => listOf(management, `/api/reports/${c}/file-types/account-tax-statement`);
    const before = await listed();
    const accepted = await post(
      management,
      '/api/reports/account-tax-statement',
      { accountId: c, financialYear: 2027 },
      async,
    );
    expect(accepted.status).toBe(202);
    // checking before the 202 stores nothing: the job does
    expect(await listed()).toEqual(before);
    expect(await worker.runNext()).toBe(true);
    const job = await t.call('GET', `/api/jobs/${accepted.json.data.jobId}`, { token: management });
    expect(job.body.data.status).toBe('SUCCEEDED');
    const after = await listed();
    expect(after.length).toBe(before.length === 0 ? 1 : before.length);
    expect(after[0]?.financialYear).toBe(2027);
  });
});

describe('a report job\u2019s progress', () => {
  it('goes from reading the figures through the rows written to finishing the file', async () => {
    const reports: [number, string][] = [];
    const progress = {
      report: async (fraction: number, message: string) => {
        reports.push([fraction, message]);
      },
    };
    const outcome = await reportJob.run(
      t.ctx,
      {
        id: 1,
        ownerUserId: null,
        attempts: 1,
        payload: {
          reportId: 'account-transactions-statement',
          caller: 'management',
          actor: { userId: 1, role: 'MANAGEMENT', email: demo.management },
          body: { accountId: loan.accounts.a, startDate, endDate, format: 'csv' },
        },
      },
      progress,
    );
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await outcome.file?.write(out);
    expect(Buffer.concat(chunks).toString('utf8')).toContain('Deposit');
    // with or without the dataset's row count, the stages come in this order
    expect(reports[0]).toEqual([0.01, reportMessages.preparing]);
    expect(reports[1]?.[0]).toBe(0.05);
    expect(reports[1]?.[1]).toMatch(/^0 (of \d+ )?rows written$/);
    expect(reports.at(-1)).toEqual([0.95, reportMessages.finishing]);
    expect(reports.map(([fraction]) => fraction)).toEqual(
      [...reports.map(([fraction]) => fraction)].sort((x, y) => x - y),
    );
  });

  it('is rows written / row count when the dataset counts its rows', async () => {
    const reports: [number, string][] = [];
    const progress = { report: async (fraction: number, message: string) => void reports.push([fraction, message]) };
    async function* rows() {
      for (let i = 0; i < 200; i++) yield { n: i };
    }
    let seen = 0;
    for await (const _row of counted(rows(), 200, progress)) seen += 1;
    expect(seen).toBe(200);
    const expected = [0.275, 0.5, 0.725, 0.95, 0.95];
    expect(reports).toHaveLength(expected.length);
    for (const [i, [fraction]] of reports.entries()) expect(fraction).toBeCloseTo(expected[i] ?? -1, 9);
    expect(reports[0]?.[1]).toBe('50 of 200 rows written');
    expect(reports.at(-1)?.[1]).toBe(reportMessages.finishing);
  });
});
