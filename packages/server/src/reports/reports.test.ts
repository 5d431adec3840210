import {
  addDays,
  centsFromNumber,
  centsFromString,
  reportDefinitions,
  reportIds,
  reportMessages,
  sydneyDate,
} from '@lm/domain';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/**
 * Reports through the real HTTP layer on the demo book: each report this release generates, in
 * each format, its figures checked against the ledger and the investments; who may run what.
 */

let t: TestApp;
let management: string;
let investor: string;
let today: string;
const houseAccount = 555;
const accountIdOf: Record<string, number> = {};

beforeAll(async () => {
  // the demo book is dated around today: let investors report up to it
  t = await createTestApp({ seed: 'demo', env: { INVESTOR_REPORT_END_DATE_MAX: '2100-12-31' } });
  management = await t.login(demo.management);
  investor = await t.login(demo.investor);
  today = sydneyDate(t.ctx.clock.now());
  const rows = await sql<{ id: number; name: string }>`select id, name from investment_accounts`.execute(t.ctx.db);
  for (const row of rows.rows) accountIdOf[row.name] = row.id;
}, 120_000);
afterAll(() => t.close());

async function generate(token: string, path: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  let json: any = null;
  if ((response.headers['content-type'] ?? '').toString().startsWith('application/json')) json = response.json();
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json };
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

/** The table of a report sheet: its header row number, the header texts and the data rows up to the totals row. */
function tableOf(sheet: ExcelJS.Worksheet, firstHeader: string) {
  let headerRow = 0;
  sheet.eachRow((row, n) => {
    if (headerRow === 0 && row.getCell(1).value === firstHeader) headerRow = n;
  });
  const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  let totals: Record<string, unknown> | null = null;
  for (let n = headerRow + 1; n <= sheet.rowCount; n++) {
    const values = (sheet.getRow(n).values as unknown[]).slice(1);
    if (values.length === 0 || values[0] === 'No data to display') break;
    const record = Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null]));
    if (values[0] === 'Total') {
      totals = record;
      break;
    }
    rows.push(record);
  }
  return { headerRow, headers, rows, totals };
}

const cents = (value: unknown): bigint => centsFromNumber(Number(value ?? 0), true);

async function ledgerBalanceOf(accountId: number, beforeDate: string): Promise<bigint> {
  const result = await sql<{ balance: string }>`
    select coalesce(sum(p.amount), 0)::numeric(20,2)::text as balance
    from ledger_postings p join ledger_entries e on e.id = p.entry_id
    join investment_accounts a on a.ledger_account_id = p.ledger_account_id
    where a.id = ${accountId} and e.finalised_at is not null and e.voided_at is null
      and e.finalised_at < (cast(${beforeDate} as date)::timestamp at time zone 'Australia/Sydney')`.execute(t.ctx.db);
  return centsFromString(result.rows[0]?.balance ?? '0');
}

describe('GET api/reports', () => {
  it('offers management all 17 reports and the investor the six investor reports, with the end-date limit', async () => {
    const all = await t.call('GET', '/api/reports', { token: management });
    expect(all.status).toBe(200);
    expect(all.body.data.reports.map((r: { id: string }) => r.id)).toEqual(reportDefinitions.map((d) => d.id));
    const own = await t.call('GET', '/api/reports', { token: investor });
    expect(own.body.data.reports).toHaveLength(6);
    expect(own.body.data.investorEndDateMax).toBe('2100-12-31');
    const readOnly = await t.call('GET', '/api/reports', { token: await t.login(demo.readOnly) });
    expect(readOnly.status).toBe(403);
  });
});

describe('who may run what', () => {
  it("answers 'Report is not valid' for an unknown report", async () => {
    for (const [token, path] of [
      [management, '/api/reports/no-such-report'],
      [investor, '/api/user/reports/no-such-report'],
    ] as const) {
      const res = await generate(token, path, {});
      expect(res.status).toBe(404);
      expect(res.json.userMessage).toBe(reportMessages.notValid);
    }
  });

  it('refuses an investor a management report (403) and another investor\u2019s account (404)', async () => {
    const arrears = await generate(investor, '/api/user/reports/loans-in-arrears', {});
    expect(arrears.status).toBe(403);
    expect(arrears.json.code).toBe('FORBIDDEN');
    const other = await generate(investor, '/api/user/reports/account-interest-statement', {
      accountId: accountIdOf['Chen Family Trust'],
      startDate: addDays(today, -30),
      endDate: today,
    });
    expect(other.status).toBe(404);
    // management may: the same request through api/reports
    const staff = await generate(management, '/api/reports/account-interest-statement', {
      accountId: accountIdOf['Chen Family Trust'],
      startDate: addDays(today, -30),
      endDate: today,
    });
    expect(staff.status).toBe(200);
  });

  it('names a missing or out-of-range parameter', async () => {
    const missing = await generate(management, '/api/reports/account-transactions-statement', { startDate: today });
    expect(missing.status).toBe(400);
    expect(missing.json.userMessage).toBe('Account is required');
    const reversed = await generate(management, '/api/reports/account-transactions-statement', {
      accountId: accountIdOf['Olivia Chen'],
      startDate: today,
      endDate: addDays(today, -1),
    });
    expect(reversed.json.userMessage).toBe(reportMessages.startAfterEnd);
    const late = await generate(management, '/api/reports/investment-account-balance', { date: '2101-01-01' });
    expect(late.json.userMessage).toBe('As At Date cannot be after 31/12/2100');
  });

  it('refuses a tax statement for a financial year that has not closed', async () => {
    const year = Number(today.slice(0, 4)) + (Number(today.slice(5, 7)) >= 7 ? 1 : 0);
    const res = await generate(management, '/api/reports/account-tax-statement', {
      accountId: accountIdOf['Olivia Chen'],
      financialYear: year,
    });
    expect(res.status).toBe(422);
    expect(res.json.userMessage).toBe(reportMessages.financialYearOpen);
  });
});

describe('Account Transactions Statement', () => {
  it('lists the period\u2019s rows whose amounts move the ledger balance from opening to closing', async () => {
    const accountId = accountIdOf['Chen Family Trust'] as number;
    // the seed's transfer into the trust is 90 days of 24 hours back: across the change from
    // Sydney's standard time to daylight time that is the 91st calendar day in the hour after
    // midnight, so the period reaches a little further back than the transfer
    const startDate = addDays(today, -100);
    const res = await generate(management, '/api/reports/account-transactions-statement', {
      accountId,
      startDate,
      endDate: today,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Account-Transactions-Statement-${accountId}-${startDate}-${today}.xlsx"`,
    );
    const sheet = await workbookOf(res.bytes);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen' });
    const table = tableOf(sheet, 'Date');
    expect(table.headers).toContain('Amount');
    expect(table.rows.length).toBeGreaterThan(0);
    expect(table.rows[0]?.Date).toBeInstanceOf(Date);

    const opening = await ledgerBalanceOf(accountId, startDate);
    const closing = await ledgerBalanceOf(accountId, addDays(today, 1));
    const sum = table.rows.reduce((s, r) => s + cents(r.Amount), 0n);
    expect(sum).toBe(closing - opening);
    expect(cents(table.totals?.Amount)).toBe(closing - opening);
    // the statement's own opening and closing lines say the same
    let openingCell: unknown;
    let closingCell: unknown;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'Opening balance') openingCell = row.getCell(2).value;
      if (row.getCell(1).value === 'Closing balance') closingCell = row.getCell(2).value;
    });
    expect(cents(openingCell)).toBe(opening);
    expect(cents(closingCell)).toBe(closing);
    // the last row's running balance is the closing balance
    expect(cents(table.rows.at(-1)?.Balance)).toBe(closing);
  });
});

describe('Account Interest Statement', () => {
  it('totals the interest, tax and cash of the period as the ledger posted them', async () => {
    // the investor account with the most repayments
    const busiest = await sql<{ id: number }>`
      select investment_account_id as id from account_transactions where type = 'REPAYMENT' and investment_account_id <> 555
      group by 1 order by count(*) desc, 1 limit 1`.execute(t.ctx.db);
    const accountId = busiest.rows[0]?.id as number;
    const startDate = addDays(today, -365);
    const res = await generate(management, '/api/reports/account-interest-statement', {
      accountId,
      startDate,
      endDate: today,
      format: 'xlsx',
    });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Date');
    expect(table.rows.length).toBeGreaterThan(0);
    const ledger = await sql<{ cash: string; interest: string; tax: string }>`
      select
        (select coalesce(sum(p.amount), 0) from ledger_postings p
          join investment_accounts a on a.ledger_account_id = p.ledger_account_id and a.id = ${accountId}
          where p.entry_id in (select t.ledger_entry_id from account_transactions t
            where t.investment_account_id = ${accountId} and t.status = 'PAID' and t.type not like 'WRITE_OFF%'
              and (t.interest_amount <> 0 or t.tax_withheld_amount <> 0 or t.fees_amount <> 0)))::numeric(20,2)::text as cash,
        (select coalesce(sum(case when t.amount < 0 then -t.interest_amount else t.interest_amount end), 0)
          from account_transactions t where t.investment_account_id = ${accountId} and t.status = 'PAID'
            and t.type not like 'WRITE_OFF%')::numeric(20,2)::text as interest,
        (select coalesce(sum(t.tax_withheld_amount), 0) from account_transactions t
          where t.investment_account_id = ${accountId} and t.status = 'PAID')::numeric(20,2)::text as tax`.execute(
      t.ctx.db,
    );
    const expected = ledger.rows[0];
    expect(cents(table.totals?.Cash)).toBe(centsFromString(expected?.cash ?? '0'));
    expect(cents(table.totals?.Interest)).toBe(centsFromString(expected?.interest ?? '0'));
    expect(cents(table.totals?.['Tax Withheld'])).toBe(centsFromString(expected?.tax ?? '0'));
  });

  it('is a PDF statement for the investor\u2019s own account', async () => {
    const res = await generate(investor, '/api/user/reports/account-interest-statement', {
      accountId: accountIdOf['Ivy Investor'],
      startDate: addDays(today, -365),
      endDate: today,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = res.bytes.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(1);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});

describe('Account Portfolio Report', () => {
  it('holds what the investments table holds for the account today', async () => {
    // the account holding the most investments
    const busiest = await sql<{ id: number }>`
      select investment_account_id as id from investments where reversed_date is null and finalised_date is not null
        and sale_date is null group by 1 order by count(*) desc, 1 limit 1`.execute(t.ctx.db);
    const accountId = busiest.rows[0]?.id as number;
    const res = await generate(management, '/api/reports/account-portfolio-report', { accountId, date: today });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Investment');
    const held = await sql<{ count: number; invested: string; outstanding: string; interest: string }>`
      select count(*)::int as count, coalesce(sum(invested_amount), 0)::text as invested,
        coalesce(sum(invested_amount - principal_repaid - principal_written_off), 0)::text as outstanding,
        coalesce(sum(interest_repaid), 0)::text as interest
      from investments where investment_account_id = ${accountId} and reversed_date is null
        and finalised_date is not null and sale_date is null`.execute(t.ctx.db);
    const h = held.rows[0];
    expect(h?.count).toBeGreaterThan(0);
    expect(table.rows).toHaveLength(h?.count ?? -1);
    expect(cents(table.totals?.Invested)).toBe(centsFromString(h?.invested ?? '0'));
    expect(cents(table.totals?.Outstanding)).toBe(centsFromString(h?.outstanding ?? '0'));
  });
});

describe('Investment Account Balance', () => {
  it('gives every account its ledger balance', async () => {
    const res = await generate(management, '/api/reports/investment-account-balance', { date: today });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Account');
    const ledger = await sql<{ id: number; currentBalance: string }>`
      select a.id, l.current_balance from investment_accounts a join ledger_accounts l on l.id = a.ledger_account_id
      order by a.id`.execute(t.ctx.db);
    expect(table.rows.map((r) => Number(r.Account))).toEqual(ledger.rows.map((r) => r.id));
    for (const [i, row] of table.rows.entries()) {
      expect(cents(row.Balance), `account ${row.Account}`).toBe(centsFromString(ledger.rows[i]?.currentBalance ?? ''));
    }
  });
});

describe('Loans In Arrears', () => {
  it('lists each repayment in arrears, and its CSV neutralises a loan name that reads as a formula', async () => {
    await sql`update loans set name = '=HYPERLINK("http://x.example","pay")' where id = (
      select min(loan_id) from repayments where status = 'IN_ARREARS')`.execute(t.ctx.db);
    const expected = await sql<{ count: number }>`
      select count(*)::int as count from repayments where status = 'IN_ARREARS' and not is_archived`.execute(t.ctx.db);
    const xlsx = await generate(management, '/api/reports/loans-in-arrears', {});
    expect(xlsx.status).toBe(200);
    const table = tableOf(await workbookOf(xlsx.bytes), 'Loan');
    expect(table.rows).toHaveLength(expected.rows[0]?.count ?? -1);
    expect(table.rows.length).toBeGreaterThan(0);

    const csv = await generate(management, '/api/reports/loans-in-arrears', { format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = csv.bytes.toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Loan,Loan Name,Third Party Id,Client,Repayment Status,Due Date,Days Overdue,Principal Due,Interest Due,Paid,In Arrears',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://x.example"",""pay"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(lines.filter((l) => l.startsWith('Total,'))).toHaveLength(1);
  });
});

describe('Account Interest Statement by Investment', () => {
  it('sums each investment\u2019s repayments of the period as the account\u2019s rows hold them', async () => {
    const busiest = await sql<{ id: number }>`
      select investment_account_id as id from account_transactions where type = 'REPAYMENT' and investment_account_id <> 555
      group by 1 order by count(*) desc, 1 limit 1`.execute(t.ctx.db);
    const accountId = busiest.rows[0]?.id as number;
    const res = await generate(management, '/api/reports/account-interest-by-investment', {
      accountId,
      startDate: addDays(today, -365),
      endDate: today,
    });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Investment');
    const sums = await sql<{ investments: number; interest: string; cash: string }>`
      select count(distinct investment_id)::int as investments, coalesce(sum(interest_amount), 0)::text as interest,
        coalesce(sum(amount), 0)::text as cash
      from account_transactions where investment_account_id = ${accountId} and type = 'REPAYMENT'`.execute(t.ctx.db);
    const s = sums.rows[0];
    expect(table.rows).toHaveLength(s?.investments ?? -1);
    expect(cents(table.totals?.Interest)).toBe(centsFromString(s?.interest ?? ''));
    expect(cents(table.totals?.Cash)).toBe(centsFromString(s?.cash ?? ''));
  });
});

describe('Investment Account Transactions', () => {
  it('lists every account\u2019s rows of the period, whose amounts are the ledger\u2019s change on the accounts', async () => {
    const startDate = addDays(today, -60);
    const res = await generate(management, '/api/reports/investment-account-transactions', {
      startDate,
      endDate: today,
    });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Date');
    const accounts = await sql<{ id: number }>`select id from investment_accounts`.execute(t.ctx.db);
    let change = 0n;
    for (const { id } of accounts.rows) {
      change += (await ledgerBalanceOf(id, addDays(today, 1))) - (await ledgerBalanceOf(id, startDate));
    }
    expect(table.rows.length).toBeGreaterThan(0);
    expect(cents(table.totals?.Amount)).toBe(change);
  });
});

describe('Loan Investment Summary', () => {
  it('holds every investment not reversed, with the investments table\u2019s figures', async () => {
    const res = await generate(management, '/api/reports/loan-investment-summary', {});
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Loan');
    const held = await sql<{ count: number; invested: string; repaid: string }>`
      select count(*)::int as count, sum(invested_amount)::text as invested, sum(principal_repaid)::text as repaid
      from investments where reversed_date is null`.execute(t.ctx.db);
    expect(table.rows).toHaveLength(held.rows[0]?.count ?? -1);
    expect(cents(table.totals?.Invested)).toBe(centsFromString(held.rows[0]?.invested ?? ''));
    expect(cents(table.totals?.['Principal Repaid'])).toBe(centsFromString(held.rows[0]?.repaid ?? ''));
  });
});

describe('Investor Distribution, Loan Funding and Loans Receipt Overflow', () => {
  const startDate = () => addDays(today, -365);
  const inPeriod = (column: string) =>
    sql.raw(`${column} >= (date '${startDate()}')::timestamp at time zone 'Australia/Sydney'
      and ${column} < (date '${addDays(today, 1)}')::timestamp at time zone 'Australia/Sydney'`);

  it('Investor Distribution pays out what the period\u2019s repayment rows hold, account by account', async () => {
    const res = await generate(management, '/api/reports/investor-distribution', {
      startDate: startDate(),
      endDate: today,
    });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Account');
    const sums = await sql<{ accounts: number; cash: string; interest: string }>`
      select count(distinct investment_account_id)::int as accounts, coalesce(sum(amount), 0)::text as cash,
        coalesce(sum(case when type = 'REPAYMENT' then interest_amount else -interest_amount end), 0)::text as interest
      from account_transactions t where type in ('REPAYMENT', 'REPAYMENT_REVERSAL') and status = 'PAID'
        and ${inPeriod('t.finalised_date')}`.execute(t.ctx.db);
    expect(table.rows).toHaveLength(sums.rows[0]?.accounts ?? -1);
    expect(table.rows.length).toBeGreaterThan(0);
    expect(cents(table.totals?.Cash)).toBe(centsFromString(sums.rows[0]?.cash ?? ''));
    expect(cents(table.totals?.Interest)).toBe(centsFromString(sums.rows[0]?.interest ?? ''));
  });

  it('Loan Funding lists the investments made in the period, reversed ones out of the total', async () => {
    const res = await generate(management, '/api/reports/loan-funding', { startDate: startDate(), endDate: today });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Loan');
    const made = await sql<{ count: number; invested: string }>`
      select count(*)::int as count, coalesce(sum(invested_amount) filter (where reversed_date is null), 0)::text as invested
      from investments i where original_investment_id is null and ${inPeriod('i.creation_date')}`.execute(t.ctx.db);
    expect(table.rows).toHaveLength(made.rows[0]?.count ?? -1);
    expect(cents(table.totals?.Invested)).toBe(centsFromString(made.rows[0]?.invested ?? ''));
  });

  it('Loans Receipt Overflow lists each receipt with an excess', async () => {
    const res = await generate(management, '/api/reports/loans-receipt-overflow', {
      startDate: startDate(),
      endDate: today,
    });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Loan');
    const excess = await sql<{ count: number; excess: string }>`
      select count(*)::int as count, coalesce(sum(excess_amount), 0)::text as excess from loan_transactions lt
      where excess_amount > 0 and reversal_transaction_id is null and ${inPeriod('lt.finalised_date')}`.execute(
      t.ctx.db,
    );
    expect(table.rows).toHaveLength(excess.rows[0]?.count ?? -1);
    if (table.totals) expect(cents(table.totals.Excess)).toBe(centsFromString(excess.rows[0]?.excess ?? ''));
  });
});

describe('Account Portfolio Summary Report', () => {
  it('sums the portfolio report\u2019s holdings by loan status', async () => {
    const busiest = await sql<{ id: number }>`
      select investment_account_id as id from investments where reversed_date is null and finalised_date is not null
        and sale_date is null group by 1 order by count(*) desc, 1 limit 1`.execute(t.ctx.db);
    const body = { accountId: busiest.rows[0]?.id, date: today, format: 'xlsx' };
    const summary = tableOf(
      await workbookOf((await generate(management, '/api/reports/account-portfolio-summary', body)).bytes),
      'Loan Status',
    );
    const detail = tableOf(
      await workbookOf((await generate(management, '/api/reports/account-portfolio-report', body)).bytes),
      'Investment',
    );
    expect(summary.rows.reduce((n, r) => n + Number(r.Investments), 0)).toBe(detail.rows.length);
    expect(cents(summary.totals?.['Principal Outstanding'])).toBe(cents(detail.totals?.Outstanding));
    expect(cents(summary.totals?.Invested)).toBe(cents(detail.totals?.Invested));
  });
});

describe('Investment Summary, Interest TopUp Reconciliation and Warehouse Funding', () => {
  it('Investment Summary gives each account its holdings as the investments table holds them', async () => {
    const res = await generate(management, '/api/reports/investment-summary', { date: today });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Account');
    const held = await sql<{ accounts: number; invested: string; outstanding: string }>`
      select (select count(*)::int from investment_accounts) as accounts,
        coalesce(sum(invested_amount), 0)::text as invested,
        coalesce(sum(invested_amount - principal_repaid - principal_written_off), 0)::text as outstanding
      from investments where reversed_date is null and finalised_date is not null and sale_date is null`.execute(
      t.ctx.db,
    );
    expect(table.rows).toHaveLength(held.rows[0]?.accounts ?? -1);
    expect(cents(table.totals?.Invested)).toBe(centsFromString(held.rows[0]?.invested ?? ''));
    expect(cents(table.totals?.Outstanding)).toBe(centsFromString(held.rows[0]?.outstanding ?? ''));
  });

  it('Interest TopUp Reconciliation lists every top-up row of the period', async () => {
    const startDate = addDays(today, -365);
    const res = await generate(management, '/api/reports/interest-topup-reconciliation', { startDate, endDate: today });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Date');
    const rows = await sql<{ count: number; cash: string }>`
      select count(*)::int as count, coalesce(sum(amount), 0)::text as cash from account_transactions
      where type in ('INTEREST_TOP_UP', 'INTEREST_TOP_UP_REVERSAL') and status = 'PAID'`.execute(t.ctx.db);
    expect(table.rows).toHaveLength(rows.rows[0]?.count ?? -1);
    expect(table.rows.length).toBeGreaterThan(0);
    expect(cents(table.totals?.Cash)).toBe(centsFromString(rows.rows[0]?.cash ?? ''));
  });

  it('Warehouse Funding is a CSV of the house account\u2019s holdings', async () => {
    const res = await generate(management, '/api/reports/warehouse-funding', { date: today });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Loan,Loan Status,Investment,Rate %,Invested,Outstanding,Interest Repaid');
    const held = await sql<{ count: number; invested: string }>`
      select count(*)::int as count, coalesce(sum(invested_amount), 0)::numeric(20,2)::text as invested from investments
      where investment_account_id = 555 and reversed_date is null and finalised_date is not null and sale_date is null`.execute(
      t.ctx.db,
    );
    const total = lines.find((l) => l.startsWith('Total,'));
    expect(lines.filter((l) => l !== '' && !l.startsWith('Total,'))).toHaveLength((held.rows[0]?.count ?? -1) + 1);
    expect(total?.split(',')[4]).toBe(held.rows[0]?.invested);
  });
});

describe('Account Split Transactions Statement', () => {
  it('splits each row into lines that add up to the ledger\u2019s change over the period', async () => {
    const startDate = addDays(today, -365);
    const res = await generate(management, '/api/reports/account-split-transactions-statement', {
      accountId: houseAccount,
      startDate,
      endDate: today,
    });
    expect(res.status).toBe(200);
    const table = tableOf(await workbookOf(res.bytes), 'Date');
    const components = new Set(table.rows.map((r) => r.Component));
    expect(components).toContain('Principal');
    expect(components).toContain('Interest');
    const change =
      (await ledgerBalanceOf(houseAccount, addDays(today, 1))) - (await ledgerBalanceOf(houseAccount, startDate));
    expect(table.rows.reduce((sum, r) => sum + cents(r.Amount), 0n)).toBe(change);
    expect(cents(table.totals?.Amount)).toBe(change);
  });
});

describe('every report this release generates, in every format', () => {
  const cases: Array<[string, () => Record<string, unknown>]> = [
    [
      'account-transactions-statement',
      () => ({ accountId: accountIdOf['Olivia Chen'], startDate: addDays(today, -200), endDate: today }),
    ],
    [
      'account-interest-statement',
      () => ({ accountId: accountIdOf['Olivia Chen'], startDate: addDays(today, -200), endDate: today }),
    ],
    ['account-portfolio-report', () => ({ accountId: accountIdOf['Olivia Chen'], date: today })],
    ['investment-account-balance', () => ({ date: today })],
    ['loans-in-arrears', () => ({})],
    [
      'account-interest-by-investment',
      () => ({ accountId: accountIdOf['Olivia Chen'], startDate: addDays(today, -200), endDate: today }),
    ],
    ['investment-account-transactions', () => ({ startDate: addDays(today, -30), endDate: today })],
    ['loan-investment-summary', () => ({})],
    ['loans-receipt-overflow', () => ({ startDate: addDays(today, -365), endDate: today })],
    ['investor-distribution', () => ({ startDate: addDays(today, -365), endDate: today })],
    ['loan-funding', () => ({ startDate: addDays(today, -365), endDate: today })],
    ['account-portfolio-summary', () => ({ accountId: accountIdOf['Olivia Chen'], date: today })],
    ['investment-summary', () => ({ date: today })],
    ['interest-topup-reconciliation', () => ({ startDate: addDays(today, -365), endDate: today })],
    ['warehouse-funding', () => ({ date: today })],
    [
      'account-split-transactions-statement',
      () => ({ accountId: houseAccount, startDate: addDays(today, -30), endDate: today }),
    ],
  ];
  const magic: Record<string, string> = { xlsx: 'PK', pdf: '%PDF', csv: '' };
  for (const [id, body] of cases) {
    for (const format of ['xlsx', 'pdf', 'csv'] as const) {
      it(`${id} as ${format}`, async () => {
        const res = await generate(management, `/api/reports/${id}`, { ...body(), format });
        expect(res.status, res.json?.userMessage).toBe(200);
        expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename=".+\\.${format}"$`));
        expect(res.bytes.subarray(0, magic[format]?.length).toString('latin1')).toBe(magic[format]);
        if (format === 'csv') expect(res.bytes.toString('utf8')).toMatch(/\r\n/);
      });
    }
  }
});

describe('hostile report requests', () => {
  it('never answer a 5xx, whatever the report id and body', async () => {
    const value = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer({ min: -3, max: 3_000_000_000 }),
      fc.double(),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('2025-02-30', '0000-01-01', '9999-12-31', today, '2024-07-01', '', 'xlsx', 'pdf', 'csv', 'doc'),
      fc.array(fc.integer(), { maxLength: 2 }),
    );
    const body = fc.record(
      {
        format: value,
        accountId: value,
        loanId: value,
        startDate: value,
        endDate: value,
        date: value,
        financialYear: value,
      },
      { requiredKeys: [] },
    );
    const id = fc.oneof(fc.constantFrom(...reportIds), fc.string({ maxLength: 20 }));
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(id, body, fc.boolean(), async (reportId, payload, asInvestor) => {
        const path = `${asInvestor ? '/api/user/reports' : '/api/reports'}/${encodeURIComponent(reportId)}`;
        const res = await generate(asInvestor ? investor : management, path, payload);
        if (res.status >= 500) failures.push(`${path} ${JSON.stringify(payload)} -> ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: 150, seed: 20261126 },
    );
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('Account Tax Statement', () => {
  it('sums the closed financial year\u2019s rows as the ledger holds them, for the investor too', async () => {
    // close the financial year the demo book lies in
    const year = Number(today.slice(0, 4)) + (Number(today.slice(5, 7)) >= 7 ? 1 : 0);
    const dayMs = 24 * 60 * 60_000;
    t.ctx.clock.advance(400 * dayMs);
    try {
      // the tokens of a year ago have expired
      const management = await t.login(demo.management);
      const investor = await t.login(demo.investor);
      const busiest = await sql<{ id: number }>`
        select investment_account_id as id from account_transactions where type = 'REPAYMENT' and investment_account_id <> 555
        group by 1 order by count(*) desc, 1 limit 1`.execute(t.ctx.db);
      const accountId = busiest.rows[0]?.id as number;
      const res = await generate(management, '/api/reports/account-tax-statement', {
        accountId,
        financialYear: year,
        format: 'xlsx',
      });
      expect(res.status, res.json?.userMessage).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Account-Tax-Statement-${accountId}-FY${year}.xlsx"`,
      );
      const sheet = await workbookOf(res.bytes);
      const lines = new Map<string, unknown>();
      sheet.eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value));
      const start = `${year - 1}-07-01`;
      const end = `${year}-07-01`;
      const sums = await sql<{ interest: string; tax: string; principal: string }>`
        select
          coalesce(sum(case when type = 'REPAYMENT' then interest_amount when type = 'REPAYMENT_REVERSAL' then -interest_amount else 0 end), 0)::text as interest,
          coalesce(sum(tax_withheld_amount), 0)::text as tax,
          coalesce(sum(case when type = 'REPAYMENT' then principal_amount when type = 'REPAYMENT_REVERSAL' then -principal_amount else 0 end), 0)::text as principal
        from account_transactions where investment_account_id = ${accountId} and status = 'PAID'
          and finalised_date >= (cast(${start} as date)::timestamp at time zone 'Australia/Sydney')
          and finalised_date < (cast(${end} as date)::timestamp at time zone 'Australia/Sydney')`.execute(t.ctx.db);
      expect(cents(lines.get('Interest received on repayments'))).toBe(centsFromString(sums.rows[0]?.interest ?? ''));
      expect(cents(lines.get('Principal returned on repayments'))).toBe(centsFromString(sums.rows[0]?.principal ?? ''));
      expect(cents(lines.get('Withholding tax'))).toBe(-centsFromString(sums.rows[0]?.tax ?? ''));
      expect(cents(lines.get(`Closing balance 30/06/${year}`))).toBe(await ledgerBalanceOf(accountId, end));
      expect(cents(lines.get(`Opening balance 01/07/${year - 1}`))).toBe(await ledgerBalanceOf(accountId, start));

      // generating it stored it: Available Statements list it, with the call that downloads it
      const listed = await t.call('GET', `/api/reports/${accountId}/file-types/account-tax-statement`, {
        token: management,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.data).toHaveLength(1);
      const statementId = listed.body.data[0].statementId;
      expect(listed.body.data[0]).toEqual({
        statementId,
        reportType: 'account-tax-statement',
        financialYear: year,
        version: 1,
        label: `Account Tax Statement FY ${year - 1}-${String(year % 100).padStart(2, '0')}`,
        periodStart: start,
        periodEnd: `${year}-06-30`,
        generatedAt: expect.any(String),
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        fileName: `Account-Tax-Statement-${accountId}-FY${year}-v1.pdf`,
        downloadUrl: `/api/reports/${accountId}/statements/${statementId}`,
      });
      // none generated yet for the investor's own account
      const own = await t.call(
        'GET',
        `/api/user/reports/${accountIdOf['Ivy Investor']}/file-types/account-tax-statement`,
        { token: investor },
      );
      expect([own.status, own.body.data]).toEqual([200, []]);
      const others = await t.call('GET', `/api/user/reports/${accountId}/file-types/account-tax-statement`, {
        token: investor,
      });
      expect(others.status).toBe(404);
      const notStatement = await t.call('GET', `/api/reports/${accountId}/file-types/loans-in-arrears`, {
        token: management,
      });
      expect(notStatement.status).toBe(404);
      expect(notStatement.body.userMessage).toBe(reportMessages.notValid);

      // the investor's own foreign account, as a PDF
      const offshore = await generate(investor, '/api/user/reports/account-tax-statement', {
        accountId: accountIdOf['Ivy Investor (Offshore)'],
        financialYear: year,
      });
      expect(offshore.status).toBe(200);
      expect(offshore.headers['content-type']).toBe('application/pdf');
      expect(offshore.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const offshoreList = await t.call(
        'GET',
        `/api/user/reports/${accountIdOf['Ivy Investor (Offshore)']}/file-types/account-tax-statement`,
        { token: investor },
      );
      expect(
        offshoreList.body.data.map((s: { financialYear: number; version: number }) => [s.financialYear, s.version]),
      ).toEqual([[year, 1]]);
    } finally {
      t.ctx.clock.advance(-400 * dayMs);
    }
  });
});
