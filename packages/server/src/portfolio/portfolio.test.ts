import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkedExampleLoan, payFixtureRepayment, type TestLoan } from '../repayments/repayments.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
let management: string;
let support: string;
let investor: string;
let loan: TestLoan & { accounts: { a: number; b: number; c: number } };

/** Publishes and fractionalises the fixture loan's repayment `index` at the clock's time. */
async function repay(index: number) {
  await payFixtureRepayment(t.ctx, loan.loanId, index, `P-${index}`, 'P');
}

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-02-21T10:00:00+11:00' });
  loan = await createWorkedExampleLoan(t.ctx, {
    thirdPartyId: 'PORTFOLIO-1',
    investorEmail: demo.investor,
    loanDetails: { industryType: 'Services', companyState: 'NSW' },
  });
  await repay(0);
  t.ctx.clock.set('2027-03-25T10:00:00+11:00');
  await repay(1);
  // signed in after the clock moved, so the tokens are fresh
  management = await t.login(demo.management);
  support = await t.login(demo.support);
  investor = await t.login(demo.investor);
});
afterAll(() => t.close());

describe('investor statistics', () => {
  it('transactions per interval: repayments received per month and per financial year', async () => {
    const monthly = await t.call('GET', '/api/user/transactions/statistics?groupBy=month&type=REPAYMENT', {
      token: investor,
    });
    expect(monthly.status, JSON.stringify(monthly.body)).toBe(200);
    expect(monthly.body.data.map((r: any) => [r.key, r.count, r.totalPrincipalAmount, r.totalInterestAmount])).toEqual([
      ['2027-02-01', 1, 4719.97, 525],
      // A holds exactly half: 9,538.27 / 2 = 4,769.135; its remainder .5 is the largest, so it gets the leftover cent
      ['2027-03-01', 1, 4769.14, 483.7],
    ]);
    const yearly = await t.call('GET', '/api/user/transactions/statistics?groupBy=financialYear&type=REPAYMENT', {
      token: investor,
    });
    expect(yearly.body.data).toHaveLength(1);
    expect(yearly.body.data[0]).toMatchObject({ key: '2026-07-01', count: 2, totalInterestAmount: 1008.7 });
    const investments = await t.call('GET', '/api/user/transactions/statistics?groupBy=year&type=INVESTMENT', {
      token: investor,
    });
    expect(investments.body.data).toEqual([
      {
        key: '2027-01-01',
        count: 1,
        totalGrossAmount: 60000,
        totalPrincipalAmount: 60000,
        totalInterestAmount: 0,
        totalTaxWithheldAmount: 0,
      },
    ]);
  });

  it("repayments due: the investor's share of the schedule in the financial year", async () => {
    const res = await t.call(
      'GET',
      '/api/user/repayments/statistics?groupBy=financialYear&startDate=2026-07-01&endDate=2027-06-30',
      {
        token: investor,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // half of each principal due, rounded half-up; interest at 10.5/12.5 of half of each interest due
    expect(res.body.data).toEqual([
      {
        key: '2026-07-01',
        count: 5,
        totalPrincipalDue: 24096.67,
        totalInvestorsInterestDue: 2207.68,
        totalGrossAmount: 26304.35,
      },
    ]);
    const monthly = await t.call(
      'GET',
      '/api/user/repayments/statistics?groupBy=month&startDate=2027-02-01&endDate=2027-03-31',
      {
        token: investor,
      },
    );
    expect(monthly.body.data.map((r: any) => [r.key, r.totalPrincipalDue, r.totalInvestorsInterestDue])).toEqual([
      ['2027-02-01', 4719.97, 525],
      ['2027-03-01', 4769.14, 483.7],
    ]);
  });

  it('investments by industry, by state and per interval of deploy', async () => {
    const industry = await t.call('GET', '/api/user/investments/statistics?groupBy=industryType', { token: investor });
    expect(industry.body.data).toEqual([
      {
        key: 'Services',
        count: 1,
        totalInvestedAmount: 60000,
        totalPrincipalOutstanding: 50510.89,
        averageRate: 10.5,
      },
    ]);
    const state = await t.call('GET', '/api/user/investments/statistics?groupBy=companyState', { token: investor });
    expect(state.body.data[0]).toMatchObject({ key: 'NSW', totalInvestedAmount: 60000 });
    const deployed = await t.call('GET', '/api/user/investments/statistics?groupBy=month', { token: investor });
    expect(deployed.body.data).toEqual([expect.objectContaining({ key: '2027-02-01', count: 1, averageRate: 10.5 })]);
  });

  it('bad parameters are a 400 naming them', async () => {
    const res = await t.call('GET', '/api/user/repayments/statistics?groupBy=decade', { token: investor });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('groupBy');
    const reversed = await t.call('GET', '/api/user/repayments/statistics?startDate=2027-02-01&endDate=2027-01-01', {
      token: investor,
    });
    expect(reversed.status).toBe(400);
  });
});

describe('portfolio summary', () => {
  it('for the investor: their accounts; interest repaid within the dates asked', async () => {
    const all = await t.call('GET', '/api/accounts/portfolio', { token: investor });
    expect(all.body.data).toHaveLength(1);
    const feb = await t.call(
      'GET',
      '/api/accounts/portfolio?startDate=2027-02-01&endDate=2027-02-28&select=interestRepaid,accountId',
      {
        token: investor,
      },
    );
    expect(feb.body.data).toEqual([{ interestRepaid: 525, accountId: loan.accounts.a }]);
  });

  it('for staff: the account asked for', async () => {
    expect((await t.call('GET', '/api/accounts/portfolio', { token: management })).status).toBe(400);
    const res = await t.call('GET', `/api/accounts/portfolio?accountId=${loan.accounts.b}`, { token: support });
    expect(res.body.data).toEqual([
      // B at the base rate holds a third: 416.67 + 1,151.67 / 3 = 383.89
      expect.objectContaining({ accountId: loan.accounts.b, interestRepaid: 800.56 }),
    ]);
  });
});

describe('staff investment views', () => {
  it('an investment with its loan, account and repayments', async () => {
    const list = await t.call(
      'GET',
      `/api/investmentAccounts/${loan.accounts.a}/investments?$expand=loan&$select=id,loanId,loan/fundedDate`,
      {
        token: support,
      },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const id = list.body.data[0].id;
    expect(list.body.data[0]).toEqual({ id, loanId: loan.loanId, loan: { fundedDate: expect.any(String) } });

    const detail = await t.call('GET', `/api/investments/${id}`, { token: management });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data).toMatchObject({
      id,
      investedAmount: 60000,
      investmentPercentage: 50,
      principalOutstanding: 50510.89,
      loan: { id: loan.loanId, amount: 120000, status: 'ACTIVE', baseInterestRate: 12.5 },
      investmentAccount: { id: loan.accounts.a, name: 'Investor A' },
      investmentSaleTransactions: [],
    });

    const repayments = await t.call('GET', `/api/investments/${id}/repayments?$count=true&$top=3`, { token: support });
    expect(repayments.body.count).toBe(12);
    expect(
      repayments.body.data.map((r: any) => [r.dueDate, r.status, r.principalDue, r.interestDue, r.principalPaid]),
    ).toEqual([
      ['2027-02-20', 'PAID', 4719.97, 525, 4719.97],
      ['2027-03-20', 'PAID', 4769.14, 483.7, 4769.14],
      ['2027-04-20', 'UNPAID', 4818.82, 441.97, 0],
    ]);

    expect((await t.call('GET', '/api/investments/999999', { token: management })).status).toBe(404);
    expect((await t.call('GET', '/api/investmentAccounts/999999/investments', { token: management })).status).toBe(404);
  });

  it('lists filter, sort and page through the one list engine', async () => {
    const res = await t.call(
      'GET',
      encodeURI(`/api/investments?$filter=loanId eq ${loan.loanId} and investmentInterestRate ge 12&$count=true`),
      { token: support },
    );
    expect(res.body.count).toBe(1);
    expect(res.body.data[0]).toMatchObject({ investmentAccountId: loan.accounts.b, investmentInterestRate: 12.5 });
    const bad = await t.call('GET', encodeURI('/api/investments?$filter=password eq 1'), { token: support });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_QUERY');
  });
});
