import { type DashboardGraph, dashboardMessages, nextIntervalStart, statisticsIntervals } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkedExampleLoan, payFixtureRepayment, type TestLoan } from '../repayments/repayments.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/**
 * The dashboards beyond the specification (issue "Dashboards"): the rows behind a bar, which add
 * up to it for every interval, and the whole book's share beside the investor's; spec core §8's
 * 'Graph does not exist', 'Period does not exist' and 'Chart does not exist'; who may call what.
 *
 * The book: DOMAIN.md's worked example loan (Services, NSW) held half by the demo investor's
 * account A, its first repayment received and fractionalised; a second such loan (Construction,
 * VIC) held by other investors only, nothing repaid.
 */

let t: TestApp;
let investor: string;
let readOnly: string;
let management: string;
let support: string;
let auditor: string;
let mine: TestLoan & { accounts: { a: number; b: number; c: number } };
let theirs: TestLoan & { accounts: { a: number; b: number; c: number } };

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-02-21T10:00:00+11:00' });
  mine = await createWorkedExampleLoan(t.ctx, {
    thirdPartyId: 'DRILL-1',
    investorEmail: demo.investor,
    loanDetails: { industryType: 'Services', companyState: 'NSW' },
  });
  theirs = await createWorkedExampleLoan(t.ctx, {
    thirdPartyId: 'DRILL-2',
    loanDetails: { industryType: 'Construction', companyState: 'VIC' },
  });
  await payFixtureRepayment(t.ctx, mine.loanId, 0, 'D-0', 'D');
  investor = await t.login(demo.investor);
  readOnly = await t.login(demo.readOnly);
  management = await t.login(demo.management);
  support = await t.login(demo.support);
  auditor = await t.login(demo.auditor);
}, 600_000);
afterAll(() => t.close());

type Row = {
  id: string;
  date: string;
  investmentAccountId: number;
  loanId: number | null;
  type: string;
  principalAmount: number;
  interestAmount: number;
  taxWithheldAmount: number;
  grossAmount: number;
};
const cents = (value: number) => BigInt(Math.round(value * 100));
const sumOf = (rows: readonly Row[], field: keyof Row) => rows.reduce((s, r) => s + cents(r[field] as number), 0n);

async function barRows(query: string, token = investor) {
  const res = await t.call('GET', `/api/user/statistics/rows?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.count).toBe(res.body.data.length);
  return res.body.data as Row[];
}

describe('the rows behind a bar', () => {
  it('Repayments Paid: the repayment transactions of the month, adding up to the bar', async () => {
    const rows = await barRows(`graph=repaymentsPaid&groupBy=month&key=2027-02-01&accountId=${mine.accounts.a}`);
    // A holds half: principal 9,439.94 / 2 = 4,719.97; interest 1,250.00 x 10.5/12.5 / 2 = 525.00
    expect(rows).toEqual([
      expect.objectContaining({
        date: '2027-02-21',
        investmentAccountId: mine.accounts.a,
        investmentAccountName: 'Investor A',
        loanId: mine.loanId,
        type: 'REPAYMENT',
        principalAmount: 4719.97,
        interestAmount: 525,
        taxWithheldAmount: 0,
      }),
    ]);
    expect(rows[0]!.id).toMatch(/^T\d+$/);
  });

  it('Loans Funded: the investment transaction behind the bar', async () => {
    const rows = await barRows('graph=loansFunded&groupBy=financialYear&key=2026-07-01');
    expect(rows.map((r) => [r.type, r.loanId, r.grossAmount])).toEqual([['INVESTMENT', mine.loanId, 60000]]);
  });

  it("Repayments Due: the investor's share of each repayment due in the financial year", async () => {
    const rows = await barRows('graph=repaymentsDue&groupBy=financialYear&key=2026-07-01');
    expect(rows.map((r) => r.date)).toEqual(['2027-02-20', '2027-03-20', '2027-04-20', '2027-05-20', '2027-06-20']);
    expect(rows.every((r) => /^\d+-\d+$/.test(r.id) && r.loanId === mine.loanId && r.type === 'DUE')).toBe(false);
    expect(rows.every((r) => /^\d+-\d+$/.test(r.id) && r.loanId === mine.loanId)).toBe(true);
    // the same totals as the statistics test of the portfolio: 24,096.67 principal, 2,207.68 interest
    expect(sumOf(rows, 'principalAmount')).toBe(2_409_667n);
    expect(sumOf(rows, 'interestAmount')).toBe(220_768n);
    expect(sumOf(rows, 'grossAmount')).toBe(2_630_435n);
  });

  const graphs: Array<[DashboardGraph, string, string]> = [
    ['repaymentsPaid', '/api/user/transactions/statistics', 'type=REPAYMENT&'],
    ['loansFunded', '/api/user/transactions/statistics', 'type=INVESTMENT&'],
    ['repaymentsDue', '/api/user/repayments/statistics', ''],
  ];
  for (const [graph, path, type] of graphs) {
    it.each(statisticsIntervals)(`${graph}: every %s bar equals the sum of its rows`, async (interval) => {
      const stats = await t.call('GET', `${path}?${type}groupBy=${interval}&startDate=2026-07-01&endDate=2028-06-30`, {
        token: investor,
      });
      expect(stats.status, JSON.stringify(stats.body)).toBe(200);
      const bars = stats.body.data as Array<Record<string, number> & { key: string }>;
      expect(bars.length).toBeGreaterThan(0);
      for (const bar of bars) {
        const rows = await barRows(`graph=${graph}&groupBy=${interval}&key=${bar.key}`);
        expect(rows).toHaveLength(bar.count!);
        const last = nextIntervalStart(bar.key, interval);
        expect(rows.every((r) => r.date >= bar.key && r.date < last)).toBe(true);
        if (graph === 'repaymentsDue') {
          expect(sumOf(rows, 'principalAmount')).toBe(cents(bar.totalPrincipalDue!));
          expect(sumOf(rows, 'interestAmount')).toBe(cents(bar.totalInvestorsInterestDue!));
        } else {
          expect(sumOf(rows, 'principalAmount')).toBe(cents(bar.totalPrincipalAmount!));
          expect(sumOf(rows, 'interestAmount')).toBe(cents(bar.totalInterestAmount!));
          expect(sumOf(rows, 'taxWithheldAmount')).toBe(cents(bar.totalTaxWithheldAmount!));
        }
        expect(sumOf(rows, 'grossAmount')).toBe(cents(bar.totalGrossAmount!));
      }
    });
  }

  it("shows only the caller's own accounts: another investor's account is not found", async () => {
    const res = await t.call(
      'GET',
      `/api/user/statistics/rows?graph=loansFunded&groupBy=financialYear&key=2026-07-01&accountId=${theirs.accounts.a}`,
      { token: investor },
    );
    expect(res.status).toBe(404);
    const all = await barRows('graph=loansFunded&groupBy=financialYear&key=2026-07-01');
    expect(all.every((r) => r.investmentAccountId === mine.accounts.a)).toBe(true);
    // the read-only investor holds none of these accounts: nothing of them, and A is not found
    expect(await barRows('graph=loansFunded&groupBy=financialYear&key=2026-07-01', readOnly)).toEqual([]);
    const ro = await t.call(
      'GET',
      `/api/user/statistics/rows?graph=loansFunded&groupBy=financialYear&key=2026-07-01&accountId=${mine.accounts.a}`,
      { token: readOnly },
    );
    expect(ro.status).toBe(404);
  });

  it('is for the investor roles only', async () => {
    for (const token of [management, support, auditor]) {
      const res = await t.call('GET', '/api/user/statistics/rows?graph=loansFunded&groupBy=year&key=2027-01-01', {
        token,
      });
      expect(res.status).toBe(403);
    }
    const anonymous = await t.call('GET', '/api/user/statistics/rows?graph=loansFunded&groupBy=year&key=2027-01-01');
    // spec core §8: no token is 'Token tampered with', status 666
    expect(anonymous.status).toBe(666);
  });
});

describe("the whole book's share", () => {
  it("per industry and per state, in percent only, beside the investor's own", async () => {
    // outstanding: Services 120,000.00 - 9,439.94 = 110,560.06; Construction 120,000.00; 4 investments each
    const industry = await t.call('GET', '/api/user/investments/bookShares?groupBy=industryType', { token: investor });
    expect(industry.status, JSON.stringify(industry.body)).toBe(200);
    expect(industry.body.data).toEqual([
      { key: 'Construction', amountShare: 52.05, countShare: 50 },
      { key: 'Services', amountShare: 47.95, countShare: 50 },
    ]);
    const state = await t.call('GET', '/api/user/investments/bookShares?groupBy=companyState', { token: readOnly });
    expect(state.status).toBe(200);
    expect(state.body.data).toEqual([
      { key: 'NSW', amountShare: 47.95, countShare: 50 },
      { key: 'VIC', amountShare: 52.05, countShare: 50 },
    ]);
    // nothing names an account, an investor or an amount
    const text = JSON.stringify(industry.body);
    expect(text).not.toMatch(/Investor|accountId|110560|120000/);
  });

  it('is for the investor roles only', async () => {
    for (const token of [management, support, auditor]) {
      const res = await t.call('GET', '/api/user/investments/bookShares?groupBy=industryType', { token });
      expect(res.status).toBe(403);
    }
  });
});

describe('spec core §8: a graph, period or chart that does not exist', () => {
  const refusals: Array<[string, string, string]> = [
    ['/api/user/transactions/statistics?groupBy=hour', dashboardMessages.periodNotFound, 'groupBy'],
    ['/api/user/transactions/statistics?groupBy=month&type=LOSSES', dashboardMessages.graphNotFound, 'type'],
    ['/api/user/repayments/statistics?groupBy=decade', dashboardMessages.periodNotFound, 'groupBy'],
    ['/api/user/investments/statistics?groupBy=colour', dashboardMessages.chartNotFound, 'groupBy'],
    ['/api/user/statistics/rows?graph=losses&groupBy=month&key=2027-02-01', dashboardMessages.graphNotFound, 'graph'],
    [
      '/api/user/statistics/rows?graph=repaymentsPaid&groupBy=hour&key=2027-02-01',
      dashboardMessages.periodNotFound,
      'groupBy',
    ],
    // a key that starts no bar of the interval
    [
      '/api/user/statistics/rows?graph=repaymentsPaid&groupBy=month&key=2027-02-02',
      dashboardMessages.periodNotFound,
      'key',
    ],
    ['/api/user/investments/bookShares?groupBy=loanStatus', dashboardMessages.chartNotFound, 'groupBy'],
  ];
  it.each(refusals)('%s answers %s', async (url, message, field) => {
    const res = await t.call('GET', url, { token: investor });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', userMessage: message });
    expect(res.body.details).toContainEqual({ field, message });
  });
});
