import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 300_000);
afterAll(() => t.close());

describe('the demo loans', () => {
  it('seeds about 10 clients and 30 loans across the statuses the product keeps', async () => {
    const admin = await t.login(demo.management);
    const clients = await t.call('GET', '/api/clients?$count=true&$top=0', { token: admin });
    expect(clients.body.count).toBeGreaterThanOrEqual(10);
    const loans = await t.call('GET', '/api/loans?$count=true&$top=1000&$select=id,status,fundedAmount,amount', {
      token: admin,
    });
    expect(loans.body.count).toBeGreaterThanOrEqual(30);
    const statuses = new Set(loans.body.data.map((l: { status: string }) => l.status));
    for (const status of [
      'SETUP',
      'PENDING_RELEASE',
      'MARKETPLACE_FUNDING_EXPIRED',
      'FUNDING',
      'FULLY_FUNDED',
      'ACTIVE',
      'ACTIVE_IN_ARREARS',
      'CLOSED',
      'PAYOUT',
      'WRITTEN_OFF',
    ]) {
      expect(statuses, status).toContain(status);
    }
    const market = await t.call('GET', '/api/marketplace/loans', { token: await t.login(demo.investor) });
    expect(market.body.data.length).toBeGreaterThan(3);
  });

  it('leaves every ledger invariant intact', async () => {
    const result = await checkLedger(t.ctx.db);
    expect(result.problems).toEqual([]);
  });
});
