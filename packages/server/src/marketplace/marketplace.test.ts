import { loanMessages } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoanViaApi, investorWithAccount, smallLoanBody } from '../investments/investing.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

// The clock starts before every window of this file and only moves forward.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ clockNow: '2026-11-20T10:00:00+11:00' });
  admin = await t.login(demo.management);
});
afterAll(() => t.close());

async function moveClock(instant: string) {
  t.ctx.clock.set(instant);
  admin = await t.login(demo.management); // tokens follow the clock
}

async function marketplaceIds(token: string): Promise<number[]> {
  const res = await t.call('GET', '/api/marketplace/loans?$top=1000', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((l: { id: number }) => l.id);
}

describe('the marketplace', () => {
  let pending: number;
  let hidden: number;
  let locked: number;
  let soon: number;

  it('shows no loan before its window: a released loan waits in Pending Release', async () => {
    pending = await createLoanViaApi(t, admin, smallLoanBody(20_000));
    hidden = await createLoanViaApi(t, admin, smallLoanBody(20_000, { marketplaceStatus: 'HIDDEN' }));
    locked = await createLoanViaApi(t, admin, smallLoanBody(20_000, { marketplaceStatus: 'LOCKED' }));
    soon = await createLoanViaApi(
      t,
      admin,
      smallLoanBody(20_000, { marketplaceStartDate: '2026-11-25', marketplaceExpiryDate: '2026-12-05' }),
    );
    const loans = await t.call('GET', `/api/loans?$filter=id in (${pending},${hidden},${locked},${soon})`, {
      token: admin,
    });
    expect(loans.body.data.map((l: { status: string }) => l.status)).toEqual(Array(4).fill('PENDING_RELEASE'));
    const ids = await marketplaceIds(admin);
    for (const id of [pending, hidden, locked, soon]) expect(ids).not.toContain(id);
    const one = await t.call('GET', `/api/marketplace/loans/${pending}`, { token: admin });
    expect(one.status).toBe(404);
    expect(one.body.userMessage).toBe('Loan data is malformed, please contact support if this continues.');
  });

  it('moves loans to Funding when their window opens, and shows the visible and locked ones to every role', async () => {
    await moveClock('2026-12-02T09:00:00+11:00');
    for (const email of [demo.investor, demo.readOnly, demo.support, demo.auditor]) {
      const ids = await marketplaceIds(await t.login(email));
      expect(ids).toContain(pending);
      expect(ids).toContain(locked);
      expect(ids).not.toContain(hidden);
    }
    const res = await t.call('GET', `/api/marketplace/loans/${pending}`, { token: await t.login(demo.investor) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: pending, status: 'FUNDING', fundedProgress: 0, marketplaceRate: 10.5 });
    expect(res.body.data.loanDetails).toBeDefined();
    expect(res.body.data.notes).toBeUndefined();
    const loans = await t.call('GET', `/api/loans?$filter=id eq ${hidden}`, { token: admin });
    expect(loans.body.data[0].status).toBe('FUNDING');
  });

  it('sorts by expiry ascending and takes the list options', async () => {
    const res = await t.call('GET', '/api/marketplace/loans?$top=1000&$count=true&$select=id,marketplaceExpiryDate', {
      token: admin,
    });
    expect(res.body.count).toBe(res.body.data.length);
    expect(res.body.data[0].id).toBe(soon); // it expires first
    const bad = await t.call('GET', '/api/marketplace/loans?$orderby=notes', { token: admin });
    expect(bad.status).toBe(400);
  });

  it('refuses investment in a locked, hidden or pending loan', async () => {
    const investor = await investorWithAccount(t.ctx, { balanceCents: 100_000n });
    const invest = (loanId: number) =>
      t.call('POST', `/api/user/loans/${loanId}/invest`, {
        token: investor.token,
        body: { investmentAccountId: investor.accountId, amount: 100 },
      });
    const lockedRes = await invest(locked);
    expect(lockedRes.status).toBe(422);
    expect(lockedRes.body.userMessage).toBe(loanMessages.loanLocked);
    const hiddenRes = await invest(hidden);
    expect(hiddenRes.body.userMessage).toBe(loanMessages.notOnMarketplace);
    const later = await createLoanViaApi(
      t,
      admin,
      smallLoanBody(1000, { marketplaceStartDate: '2027-01-01', marketplaceExpiryDate: '2027-02-01' }),
    );
    expect((await invest(later)).body.userMessage).toBe(loanMessages.notOnMarketplace);
  });

  it('moves a loan short of its amount at expiry to Marketplace Funding Expired; its reservations stay', async () => {
    const investor = await investorWithAccount(t.ctx, { balanceCents: 100_000n });
    const res = await t.call('POST', `/api/user/loans/${soon}/invest`, {
      token: investor.token,
      body: { investmentAccountId: investor.accountId, amount: 250 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await moveClock('2026-12-06T09:00:00+11:00');
    expect(await marketplaceIds(admin)).not.toContain(soon);
    const loan = await t.call('GET', `/api/loans?$filter=id eq ${soon}`, { token: admin });
    expect(loan.body.data[0]).toMatchObject({ status: 'MARKETPLACE_FUNDING_EXPIRED', fundedAmount: 250 });
    const investments = await t.call('GET', `/api/loans/${soon}/investments`, { token: admin });
    expect(investments.body.data).toHaveLength(1);
    expect(investments.body.data[0].finalisedDate).toBeNull();
    // management may still invest while the loan waits
    const manager = await investorWithAccount(t.ctx, { balanceCents: 3_000_000n });
    const top = await t.call('POST', `/api/loans/${soon}/invest`, {
      token: admin,
      body: { investmentAccountId: manager.accountId, amount: 19_750, rate: 9 },
    });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    const after = await t.call('GET', `/api/loans?$filter=id eq ${soon}`, { token: admin });
    expect(after.body.data[0].status).toBe('FULLY_FUNDED');
  });
});
