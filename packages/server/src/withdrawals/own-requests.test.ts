import { withdrawalRequestTexts } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedCode, openAccountFor, wrongCode } from '../accounts/money.test-support';
import { balancesOf } from '../ledger';
import { runPeriodicJob } from '../platform/jobs';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { releaseExpiredWithdrawalsJob } from './release-expired-requests';

let t: TestApp;
let admin: string;
let investor: string;
let readOnly: string;
let account: { accountId: number; bankAccountId: number };

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
  account = await openAccountFor(t.ctx, demo.investor, { name: 'Ivy own requests' });
  await openAccountFor(t.ctx, demo.readOnly, { name: 'Reid' });
  admin = await t.login(demo.management);
  const res = await t.call('POST', `/api/investmentAccounts/${account.accountId}/deposit`, {
    token: admin,
    body: { amount: 1000, comment: 'opening', depositDate: '2027-03-05' },
  });
  expect(res.status).toBe(200);
});
afterAll(() => t.close());

/** Past the 5 s withdraw throttle, with fresh tokens (the clock moves). */
async function lodge(amount: number): Promise<number> {
  t.ctx.clock.advance(6_000);
  [investor, readOnly] = await Promise.all([t.login(demo.investor), t.login(demo.readOnly)]);
  const res = await t.call('POST', `/api/user/investmentAccounts/${account.accountId}/withdraw`, {
    token: investor,
    body: { amount, bankAccountId: account.bankAccountId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const base = () => `/api/user/investmentAccounts/${account.accountId}/withdrawalRequests`;
const list = (token = investor) => t.call('GET', base(), { token });
const rowOf = async (requestId: number) =>
  (await list()).body.data.find((r: { id: number }) => r.id === requestId) as Record<string, unknown>;
const cancel = (requestId: number, token = investor) =>
  t.call('POST', `${base()}/${requestId}/cancel`, { token, body: {} });
const resend = (requestId: number, token = investor) =>
  t.call('POST', `${base()}/${requestId}/resendCode`, { token, body: {} });
const verify = (requestId: number, verificationCode: string) =>
  t.call('POST', `${base()}/${requestId}/verify`, { token: investor, body: { verificationCode } });
const balances = () => balancesOf(t.ctx.db, account.accountId);
/** A code's expiry: 10 minutes from the (ticking) test clock's now. */
function expectTenMinutesAhead(iso: unknown) {
  const ahead = new Date(String(iso)).getTime() - t.ctx.clock.now().getTime();
  expect(ahead).toBeGreaterThan(10 * 60_000 - 30_000);
  expect(ahead).toBeLessThanOrEqual(10 * 60_000);
}

describe("the investor's own withdrawal requests", () => {
  it('a lodged request awaits verification; the investor cancels it and the reservation is released', async () => {
    const before = await balances();
    const requestId = await lodge(120);
    expect(await balances()).toEqual({ ...before, availableCents: before.availableCents - 120_00n });
    expect(await rowOf(requestId)).toMatchObject({
      status: 'UNVERIFIED',
      cancelReason: null,
      amount: 120,
      bankAccountName: 'Everyday',
    });
    expectTenMinutesAhead((await rowOf(requestId)).codeExpiresAt);

    // the read-only investor changes nothing
    expect((await cancel(requestId, readOnly)).status).toBe(403);
    const cancelled = await cancel(requestId);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.userMessage).toBe(withdrawalRequestTexts.cancelledToast);
    expect(await balances()).toEqual(before);
    expect(await rowOf(requestId)).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'INVESTOR',
      codeExpiresAt: null,
    });
    // its code is dead and it cannot be cancelled twice
    expect((await verify(requestId, mailedCode(t.ctx, demo.investor))).status).toBe(422);
    expect((await cancel(requestId)).status).toBe(422);
  });

  it('a new code replaces the old one, within its limit of 3 per request', async () => {
    const requestId = await lodge(50);
    const first = mailedCode(t.ctx, demo.investor);
    t.ctx.clock.advance(9 * 60_000);
    const again = await resend(requestId);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.userMessage).toBe(withdrawalRequestTexts.codeResent);
    // a fresh 10 minutes from now
    expectTenMinutesAhead(again.body.data.codeExpiresAt);
    const second = mailedCode(t.ctx, demo.investor);
    if (second !== first) expect((await verify(requestId, first)).status).toBe(422);
    expect((await resend(requestId)).status).toBe(200);
    expect((await resend(requestId)).status).toBe(200);
    const refused = await resend(requestId);
    expect(refused.status).toBe(429);
    expect(refused.body.userMessage).toBe(withdrawalRequestTexts.resendLimitReached);
    // past the 9 minutes the first code would have expired: the newest code still verifies
    t.ctx.clock.advance(2 * 60_000);
    const latest = mailedCode(t.ctx, demo.investor);
    const verified = await verify(requestId, latest);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    // verified: with staff now, so neither a new code nor a cancel from the investor
    expect(await rowOf(requestId)).toMatchObject({ status: 'VERIFIED', codeExpiresAt: null });
    expect((await cancel(requestId)).body.userMessage).toBe(withdrawalRequestTexts.cancelOnlyUnverified);
    expect((await resend(requestId)).status).toBe(422);
  });

  it('a code left to expire shows as expired and cancelled, and the job releases the reservation', async () => {
    const before = await balances();
    const requestId = await lodge(75);
    expect((await verify(requestId, wrongCode(mailedCode(t.ctx, demo.investor)))).status).toBe(422);
    t.ctx.clock.advance(11 * 60_000);
    // before the job has run the list already says what happened
    expect(await rowOf(requestId)).toMatchObject({ status: 'CANCELLED', cancelReason: 'CODE_EXPIRED' });
    expect(await runPeriodicJob(t.ctx, releaseExpiredWithdrawalsJob)).toBe('ran');
    expect(await balances()).toEqual(before);
    const stored = await t.ctx.db
      .selectFrom('withdrawalRequests')
      .select(['status', 'cancelReason'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'CANCELLED', cancelReason: 'CODE_EXPIRED' });
    [investor] = await Promise.all([t.login(demo.investor)]);
    expect((await resend(requestId)).status).toBe(422);
  });

  it("another investor's requests cannot be read, re-sent or cancelled", async () => {
    const requestId = await lodge(10);
    expect((await list(readOnly)).status).toBe(404);
    admin = await t.login(demo.management);
    expect((await cancel(requestId, admin)).status).toBe(403);
    expect((await resend(requestId, readOnly)).status).toBe(403);
    expect((await cancel(requestId)).status).toBe(200);
  });
});
