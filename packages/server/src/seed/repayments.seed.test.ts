import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger';
import { brokenLedgerInvariants } from '../repayments/repayments.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 300_000);
afterAll(() => t.close());

describe('the demo repayments', () => {
  it('the excess screen has a receipt with an excess waiting, and one not yet fractionalised', async () => {
    const admin = await t.login(demo.management);
    const screen = await t.call(
      'GET',
      encodeURI(
        "/api/loanTransactions?$filter=status eq 'PAID' and type eq 'REPAYMENT' and reversalTransactionId eq null" +
          '&$expand=repayment,loan&$count=true&$top=1000',
      ),
      { token: admin },
    );
    expect(screen.status, JSON.stringify(screen.body)).toBe(200);
    expect(screen.body.count).toBeGreaterThan(10);
    const waiting = screen.body.data.filter((r: any) => r.excessPending > 0);
    expect(waiting).toEqual([expect.objectContaining({ excessPending: 250, fractionalisedDate: expect.any(String) })]);
    const unfractionalised = screen.body.data.filter((r: any) => r.fractionalisedDate === null);
    expect(unfractionalised).toHaveLength(1);
    expect(unfractionalised[0].loan.thirdPartyId).toMatch(/^DEMO-/);
  });

  it('loans in arrears and paid repayments show in the lists; the books balance', async () => {
    const admin = await t.login(demo.management);
    const arrears = await t.call('GET', encodeURI("/api/repayments?$filter=status eq 'IN_ARREARS'&$count=true"), {
      token: admin,
    });
    expect(arrears.body.count).toBeGreaterThan(0);
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
  });

  it("the demo investor's portfolio and statistics answer", async () => {
    const investor = await t.login(demo.investor);
    const summary = await t.call('GET', '/api/accounts/portfolio', { token: investor });
    expect(summary.status).toBe(200);
    expect(summary.body.data.length).toBeGreaterThan(0);
    const accountId = summary.body.data[0].accountId;
    const investments = await t.call('GET', `/api/user/investmentAccounts/${accountId}/investments?$count=true`, {
      token: investor,
    });
    expect(investments.status).toBe(200);
    const stats = await t.call('GET', '/api/user/investments/statistics?groupBy=industryType', { token: investor });
    expect(stats.status).toBe(200);
  });
});
