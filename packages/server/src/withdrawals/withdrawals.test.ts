import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedCode, openAccountFor, wrongCode } from '../accounts/money.test-support';
import { balancesOf } from '../ledger';
import { systemAudit } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import { runPeriodicJob } from '../platform/jobs';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { lodgeWithdrawal } from './lodge-withdrawal';
import { releaseExpiredWithdrawalsJob } from './release-expired-requests';

let t: TestApp;
let admin: string;
let investor: string;
let readOnly: string;
let account: { accountId: number; bankAccountId: number };
let other: { accountId: number; bankAccountId: number };

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
  account = await openAccountFor(t.ctx, demo.investor, { name: 'Ivy withdrawals' });
  other = await openAccountFor(t.ctx, demo.readOnly, { name: 'Reid' });
  [admin, investor, readOnly] = await Promise.all([
    t.login(demo.management),
    t.login(demo.investor),
    t.login(demo.readOnly),
  ]);
  const res = await t.call('POST', `/api/investmentAccounts/${account.accountId}/deposit`, {
    token: admin,
    body: { amount: 1000, comment: 'opening', depositDate: '2027-03-05' },
  });
  expect(res.status).toBe(200);
});
afterAll(() => t.close());

/** Past the 5 s withdraw throttle, and fresh tokens (the clock moves). */
async function nextWithdrawal() {
  t.ctx.clock.advance(6_000);
  [admin, investor] = await Promise.all([t.login(demo.management), t.login(demo.investor)]);
}

const withdraw = (amount: number, bankAccountId = account.bankAccountId, accountId = account.accountId) =>
  t.call('POST', `/api/user/investmentAccounts/${accountId}/withdraw`, {
    token: investor,
    body: { amount, bankAccountId },
  });
const verify = (requestId: number, verificationCode: string, accountId = account.accountId) =>
  t.call('POST', `/api/user/investmentAccounts/${accountId}/withdrawalRequests/${requestId}/verify`, {
    token: investor,
    body: { verificationCode },
  });
const balances = () => balancesOf(t.ctx.db, account.accountId);
const pendingWithdrawals = () =>
  t.call(
    'GET',
    `/api/transactions?$filter=type eq 'WITHDRAWAL' and finalisedDate eq null and investmentAccountId eq ${account.accountId}&$expand=investmentAccount,withdrawalDetails`,
    { token: admin },
  );

describe('withdrawal: lodge, verify, pay', () => {
  it('lodging reserves the amount and mails a code; staff see it only once verified; paid finalises it', async () => {
    await nextWithdrawal();
    const lodged = await withdraw(300);
    expect(lodged.status, JSON.stringify(lodged.body)).toBe(200);
    expect(lodged.body.userMessage).toBe('Withdrawal lodged');
    const requestId = lodged.body.data.id;
    expect(lodged.body.data).toMatchObject({
      status: 'UNVERIFIED',
      amount: 300,
      investmentAccountId: account.accountId,
    });
    expect(await balances()).toEqual({ currentCents: 1000_00n, availableCents: 700_00n });

    // the investor sees the pending row; staff do not see an unverified request
    const mine = await t.call('GET', `/api/user/investmentAccounts/${account.accountId}/transactions`, {
      token: investor,
    });
    expect(mine.body.data[0]).toMatchObject({ type: 'WITHDRAWAL', status: 'PENDING', finalisedDate: null });
    expect((await pendingWithdrawals()).body.data).toEqual([]);

    const code = mailedCode(t.ctx, demo.investor);
    const wrong = await verify(requestId, wrongCode(code));
    expect(wrong.status).toBe(422);
    expect(wrong.body.userMessage).toBe('The verification code is incorrect. 4 tries left.');
    const right = await verify(requestId, code);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.userMessage).toBe('Withdrawal verified');
    // single use
    expect((await verify(requestId, code)).status).toBe(422);

    const pending = await pendingWithdrawals();
    expect(pending.body.data).toHaveLength(1);
    const row = pending.body.data[0];
    expect(row).toMatchObject({
      type: 'WITHDRAWAL',
      status: 'PENDING',
      grossAmount: 300,
      finalisedDate: null,
      investmentAccount: { id: account.accountId, currentBalance: 1000, availableBalance: 700 },
      withdrawalDetails: { id: requestId, status: 'VERIFIED', accountName: 'Everyday', bsbNumber: '062-000' },
    });

    const paid = await t.call('PUT', `/api/transactions/${row.id}`, {
      token: admin,
      body: { status: 'PAID', comment: 'Paid by EFT' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.userMessage).toBe('Changes were processed');
    expect(paid.body.data).toMatchObject({
      status: 'PAID',
      comment: 'Paid by EFT',
      runningBalance: 700,
      withdrawalDetails: { status: 'PAID', comment: 'Paid by EFT' },
    });
    expect(paid.body.data.finalisedDate).not.toBeNull();
    expect(await balances()).toEqual({ currentCents: 700_00n, availableCents: 700_00n });
    expect((await pendingWithdrawals()).body.data).toEqual([]);
    // paid once: a second decision is refused
    const again = await t.call('PUT', `/api/transactions/${row.id}`, { token: admin, body: { status: 'CANCELLED' } });
    expect(again.status).toBe(422);
  });

  it('cancelled by staff (or by DELETE) releases the reservation', async () => {
    await nextWithdrawal();
    const lodged = await withdraw(100);
    await verify(lodged.body.data.id, mailedCode(t.ctx, demo.investor));
    expect((await balances()).availableCents).toBe(600_00n);
    const row = (await pendingWithdrawals()).body.data[0];
    const cancelled = await t.call('PUT', `/api/transactions/${row.id}`, {
      token: admin,
      body: { status: 'CANCELLED', comment: 'Investor asked' },
    });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', runningBalance: 700 });
    expect(cancelled.body.data.finalisedDate).not.toBeNull();
    expect(await balances()).toEqual({ currentCents: 700_00n, availableCents: 700_00n });

    await nextWithdrawal();
    const second = await withdraw(50);
    const deleted = await t.call('DELETE', `/api/transaction/${second.body.data.transactionId}`, { token: admin });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data.status).toBe('CANCELLED');
    expect((await balances()).availableCents).toBe(700_00n);
  });

  it('an unverified request cannot be paid', async () => {
    await nextWithdrawal();
    const lodged = await withdraw(10);
    const res = await t.call('PUT', `/api/transactions/${lodged.body.data.transactionId}`, {
      token: admin,
      body: { status: 'PAID' },
    });
    expect(res.status).toBe(422);
    expect(res.body.userMessage).toBe('Only a verified withdrawal can be marked paid.');
    await t.call('DELETE', `/api/transaction/${lodged.body.data.transactionId}`, { token: admin });
  });
});

describe('withdrawal codes and rules', () => {
  it('a code expires after 10 minutes: the request is cancelled and the money released', async () => {
    await nextWithdrawal();
    const lodged = await withdraw(200);
    const code = mailedCode(t.ctx, demo.investor);
    t.ctx.clock.advance(10 * 60_000 + 1);
    investor = await t.login(demo.investor);
    const late = await verify(lodged.body.data.id, code);
    expect(late.status).toBe(422);
    expect(late.body.userMessage).toBe(
      'The verification code has expired, so the withdrawal request was cancelled. Please lodge the withdrawal again.',
    );
    expect((await balances()).availableCents).toBe(700_00n);
  });

  it('an expired request that is never verified releases its reservation at the periodic job; a GET writes nothing', async () => {
    await nextWithdrawal();
    await withdraw(150);
    expect((await balances()).availableCents).toBe(550_00n);
    t.ctx.clock.advance(11 * 60_000);
    investor = await t.login(demo.investor);
    const available = async () =>
      (await t.call('GET', '/api/user/investmentAccounts', { token: investor })).body.data.find(
        (a: any) => a.id === account.accountId,
      ).availableBalance;
    // reads never write: the account list and the staff list leave the expired request alone
    expect(await available()).toBe(550);
    expect((await t.call('GET', '/api/transactions', { token: admin })).status).toBe(200);
    expect(await available()).toBe(550);
    // the every-minute job releases it
    expect(await runPeriodicJob(t.ctx, releaseExpiredWithdrawalsJob)).toBe('ran');
    expect(await available()).toBe(700);
    const cancelled = await t.call('GET', `/api/user/investmentAccounts/${account.accountId}/transactions`, {
      token: investor,
    });
    expect(cancelled.body.data[0]).toMatchObject({ type: 'WITHDRAWAL', status: 'CANCELLED' });
  });

  it('verifying releases the expired requests of the account first', async () => {
    await nextWithdrawal();
    await withdraw(40);
    t.ctx.clock.advance(9 * 60_000);
    await nextWithdrawal();
    const fresh = await withdraw(10);
    expect((await balances()).availableCents).toBe(650_00n);
    // the first code has now expired, the second has not
    t.ctx.clock.advance(60_000);
    investor = await t.login(demo.investor);
    const right = await verify(fresh.body.data.id, mailedCode(t.ctx, demo.investor));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await balances()).availableCents).toBe(690_00n);
    await t.call('DELETE', `/api/transaction/${fresh.body.data.transactionId}`, { token: admin });
    expect((await balances()).availableCents).toBe(700_00n);
  });

  it('refuses a verification code that is not 6 digits as text, and a bank account id sent as text', async () => {
    const numeric = await t.call(
      'POST',
      `/api/user/investmentAccounts/${account.accountId}/withdrawalRequests/1/verify`,
      { token: investor, body: { verificationCode: 123456 } },
    );
    expect(numeric.status).toBe(400);
    expect(numeric.body.details.map((d: any) => d.field)).toContain('verificationCode');
    const nul = await verify(1, '12345\u0000');
    expect(nul.status).toBe(400);
    expect(nul.body.details.map((d: any) => d.field)).toContain('verificationCode');
    await nextWithdrawal();
    const textBank = await t.call('POST', `/api/user/investmentAccounts/${account.accountId}/withdraw`, {
      token: investor,
      body: { amount: 1, bankAccountId: String(account.bankAccountId) },
    });
    expect(textBank.status).toBe(400);
    expect(textBank.body.details.map((d: any) => d.field)).toContain('bankAccountId');
  });

  it('the fifth wrong code cancels the request', async () => {
    await nextWithdrawal();
    const lodged = await withdraw(20);
    const code = mailedCode(t.ctx, demo.investor);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await verify(lodged.body.data.id, wrongCode(code))).body.userMessage);
    expect(messages.at(-1)).toBe(
      'Too many incorrect codes, so the withdrawal request was cancelled. Please lodge the withdrawal again.',
    );
    expect((await verify(lodged.body.data.id, code)).status).toBe(422);
    expect((await balances()).availableCents).toBe(700_00n);
  });

  it('throttles lodging to one per 5 seconds per account', async () => {
    await nextWithdrawal();
    const first = await withdraw(1);
    expect(first.status).toBe(200);
    const second = await withdraw(1);
    expect(second.status).toBe(429);
    expect(second.body.userMessage).toBe('Please wait a few seconds before lodging another withdrawal.');
    await nextWithdrawal();
    expect((await withdraw(1)).status).toBe(200);
  });

  it('refuses a foreign bank account, no bank account, too much, and the read-only investor', async () => {
    await nextWithdrawal();
    const foreign = await withdraw(1, other.bankAccountId);
    expect(foreign.status).toBe(422);
    expect(foreign.body.userMessage).toBe('The bank account does not belong to this investment account.');
    await nextWithdrawal();
    const tooMuch = await withdraw(10_000);
    expect(tooMuch.body.userMessage).toBe('Amount cannot be greater than the available balance');
    await nextWithdrawal();
    const zero = await withdraw(0);
    expect(zero.body.details.map((d: any) => d.message)).toContain('Please input an amount greater than 0');
    // the user reads the sentence alone, with no field name inside it
    expect(zero.body.userMessage).toBe('Please input an amount greater than 0');
    const zeroAndNoBank = await t.call('POST', `/api/user/investmentAccounts/${account.accountId}/withdraw`, {
      token: investor,
      body: { bankAccountId: 'none', amount: 0 },
    });
    expect(zeroAndNoBank.status).toBe(400);
    expect(zeroAndNoBank.body.userMessage).toBe('Please input an amount greater than 0');
    const bare = await openAccountFor(t.ctx, demo.investor, { name: 'No bank' });
    await t.ctx.db.deleteFrom('bankAccounts').where('investmentAccountId', '=', bare.accountId).execute();
    const none = await withdraw(1, bare.bankAccountId, bare.accountId);
    expect(none.body.userMessage).toBe(
      'Unfortunately we do not have your preferred bank account details for this investment account.',
    );
    readOnly = await t.login(demo.readOnly);
    const ro = await t.call('POST', `/api/user/investmentAccounts/${other.accountId}/withdraw`, {
      token: readOnly,
      body: { amount: 1, bankAccountId: other.bankAccountId },
    });
    expect(ro.status).toBe(403);
    const badCode = await verify(1, '12ab56');
    expect(badCode.body.details.map((d: any) => d.message)).toContain('Code is invalid');
  });
});

describe('withdrawal concurrency', () => {
  it('50 concurrent requests: exactly the ones the available balance covers succeed', async () => {
    const target = await openAccountFor(t.ctx, demo.investor, { name: 'Ivy concurrent' });
    const res = await t.call('POST', `/api/investmentAccounts/${target.accountId}/deposit`, {
      token: admin,
      body: { amount: 1000, comment: 'for the race', depositDate: '2027-03-05' },
    });
    expect(res.status).toBe(200);
    const user = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', demo.investor)
      .executeTakeFirstOrThrow();
    const actor: Actor = { userId: user.id, role: 'INVESTOR', email: user.email };
    // straight to the service: the 5 s per-account throttle of the route would otherwise refuse
    // all but the first, and the race under test is the reservation itself
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        lodgeWithdrawal(
          t.ctx,
          actor,
          target.accountId,
          { amount: 30, bankAccountId: target.bankAccountId },
          systemAudit('test'),
          { throttle: false },
        ),
      ),
    );
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(succeeded).toHaveLength(33);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason.userMessage).toBe(
        'Amount cannot be greater than the available balance',
      );
    }
    expect(await balancesOf(t.ctx.db, target.accountId)).toEqual({ currentCents: 1000_00n, availableCents: 10_00n });
    const rows = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('id')
      .where('investmentAccountId', '=', target.accountId)
      .where('type', '=', 'WITHDRAWAL')
      .execute();
    expect(rows).toHaveLength(33);
  });
});
