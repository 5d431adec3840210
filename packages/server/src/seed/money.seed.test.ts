import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { seedMoney } from './money.seed';

// the money step alone, on the demo users (the later steps of the demo book, loans and
// investments, spend from these accounts)
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'users', clockNow: '2027-03-05T10:00:00+11:00' });
  await seedMoney(t.ctx);
});
afterAll(() => t.close());

describe('the money of the demo book', () => {
  it('leaves a sound ledger with 8 investors, 12 accounts and the house account funded', async () => {
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
    const investors = await t.ctx.db.selectFrom('investors').select('id').execute();
    expect(investors).toHaveLength(8);
    const admin = await t.login(demo.management);
    const accounts = await t.call('GET', '/api/investmentAccounts?$count=true&$top=100', { token: admin });
    expect(accounts.body.count).toBe(12);
    const house = accounts.body.data.find((a: any) => a.id === 555);
    expect(house).toMatchObject({ type: 'HOUSE_ACCOUNT' });
    expect(house.currentBalance).toBeGreaterThan(0);
    expect(accounts.body.data.filter((a: any) => a.isForeign).length).toBeGreaterThanOrEqual(1);
    expect(accounts.body.data.filter((a: any) => a.investmentGroupId !== null).length).toBeGreaterThanOrEqual(2);
    expect(accounts.body.data.filter((a: any) => a.mandateRate !== null).length).toBeGreaterThanOrEqual(1);
  });

  it('has withdrawals in every state, verified ones on Pending Withdrawals, a transfer and spread dates', async () => {
    const states = await t.ctx.db.selectFrom('withdrawalRequests').select('status').execute();
    expect(new Set(states.map((s) => s.status))).toEqual(new Set(['UNVERIFIED', 'VERIFIED', 'PAID', 'CANCELLED']));
    const admin = await t.login(demo.management);
    const pending = await t.call(
      'GET',
      "/api/transactions?$filter=type eq 'WITHDRAWAL' and finalisedDate eq null&$expand=investmentAccount,withdrawalDetails",
      { token: admin },
    );
    expect(pending.body.data.length).toBeGreaterThanOrEqual(2);
    for (const row of pending.body.data) expect(row.withdrawalDetails.status).toBe('VERIFIED');
    const transfers = await t.call('GET', "/api/transactions?$filter=type eq 'TRANSFER_IN'&$count=true", {
      token: admin,
    });
    expect(transfers.body.count).toBeGreaterThanOrEqual(1);
    const oldest = await t.call(
      'GET',
      '/api/transactions?$orderby=finalisedDate asc&$top=1&$filter=finalisedDate ne null',
      {
        token: admin,
      },
    );
    expect(oldest.body.data[0].finalisedDate < '2026-11-01').toBe(true);
  });

  it('the demo investors log in and see their own accounts; another seeded investor can log in too', async () => {
    const token = await t.login(demo.investor);
    const mine = await t.call('GET', '/api/user/investmentAccounts', { token });
    expect(mine.body.data.map((a: any) => a.name)).toEqual(['Ivy Investor', 'Ivy Investor (Offshore)']);
    expect(mine.body.data[0]).toMatchObject({ currentBalance: 50_000, availableBalance: 50_000 });
    const other = await t.login('olivia.chen@example.com');
    const hers = await t.call('GET', '/api/user/investmentAccounts', { token: other });
    expect(hers.body.data.map((a: any) => a.name)).toEqual(['Olivia Chen', 'Chen Family Trust']);
  });
});
