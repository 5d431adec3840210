import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountFor } from '../accounts/money.test-support';
import { balancesOf } from '../ledger';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let support: string;
let investor: string;
let a: { accountId: number; bankAccountId: number };
let b: { accountId: number; bankAccountId: number };
let depositId: number;
let transferOutId: number;
let transferInId: number;

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
  [admin, support, investor] = await Promise.all([
    t.login(demo.management),
    t.login(demo.support),
    t.login(demo.investor),
  ]);
  a = await openAccountFor(t.ctx, demo.investor, { name: 'Ivy' });
  b = await openAccountFor(t.ctx, demo.readOnly, { name: 'Reid' });
  const deposit = await t.call('POST', `/api/investmentAccounts/${a.accountId}/deposit`, {
    token: admin,
    body: { amount: 800, comment: 'Organisation note', investorComment: 'Welcome', depositDate: '2027-03-04' },
  });
  depositId = deposit.body.data.id;
  const transfer = await t.call('POST', `/api/investmentAccounts/${a.accountId}/transfer`, {
    token: admin,
    body: { toAccount: b.accountId, amount: 300, transferDate: '2027-03-05', organisationComment: 'Split' },
  });
  transferOutId = transfer.body.data.from.id;
  transferInId = transfer.body.data.to.id;
});
afterAll(() => t.close());

describe('GET api/transactions (staff)', () => {
  it('pages on the server, newest finalised first, with the count', async () => {
    const res = await t.call(
      'GET',
      `/api/transactions?$filter=investmentAccountId eq ${a.accountId}&$count=true&$top=1`,
      {
        token: support,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: transferOutId, type: 'TRANSFER_OUT', runningBalance: 500 });
    const next = await t.call('GET', `/api/transactions?$filter=investmentAccountId eq ${a.accountId}&$top=1&$skip=1`, {
      token: support,
    });
    expect(next.body.data[0]).toMatchObject({ id: depositId, comment: 'Organisation note', runningBalance: 800 });
  });

  it('filters on expanded fields and refuses unknown ones naming them', async () => {
    const res = await t.call(
      'GET',
      "/api/transactions?$filter=investmentAccount/name eq 'Reid'&$expand=investmentAccount",
      {
        token: admin,
      },
    );
    expect(res.body.data.map((r: any) => r.id)).toEqual([transferInId]);
    expect(res.body.data[0].investmentAccount).toMatchObject({ id: b.accountId, name: 'Reid', currentBalance: 300 });
    const bad = await t.call('GET', "/api/transactions?$filter=secret eq 'x'", { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.userMessage).toContain('secret');
  });

  it('the detail view carries its expansions', async () => {
    const res = await t.call('GET', `/api/transactions/${transferInId}`, { token: support });
    expect(res.body.data).toMatchObject({
      id: transferInId,
      counterpartAccountId: a.accountId,
      counterpartAccount: { id: a.accountId, name: 'Ivy' },
      investmentAccount: { id: b.accountId },
      withdrawalDetails: null,
      linkedLoanTransaction: null,
      loan: null,
    });
    expect((await t.call('GET', '/api/transactions/999999', { token: support })).status).toBe(404);
  });
});

describe('GET api/user/investmentAccounts/{id}/transactions', () => {
  it("shows the investor's own rows without the organisation's comment", async () => {
    const res = await t.call('GET', `/api/user/investmentAccounts/${a.accountId}/transactions?$count=true`, {
      token: investor,
    });
    expect(res.body.count).toBe(2);
    const deposit = res.body.data.find((r: any) => r.id === depositId);
    expect(deposit).toMatchObject({ type: 'DEPOSIT', investorComment: 'Welcome', grossAmount: 800 });
    expect(deposit.comment).toBeUndefined();
    expect(deposit.counterpartAccountId).toBeUndefined();
    const select = await t.call('GET', `/api/user/investmentAccounts/${a.accountId}/transactions?$select=comment`, {
      token: investor,
    });
    expect(select.status).toBe(400);
  });
});

describe('PUT api/transactions/{id}', () => {
  it('changes comments of a finalised row and nothing else', async () => {
    const res = await t.call('PUT', `/api/transactions/${depositId}`, {
      token: admin,
      body: { comment: 'Reconciled', investorComment: 'Welcome aboard' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ comment: 'Reconciled', investorComment: 'Welcome aboard', grossAmount: 800 });
    const amount = await t.call('PUT', `/api/transactions/${depositId}`, { token: admin, body: { grossAmount: 1 } });
    expect(amount.status).toBe(422);
    expect(amount.body.userMessage).toContain('grossAmount');
    const status = await t.call('PUT', `/api/transactions/${depositId}`, {
      token: admin,
      body: { status: 'CANCELLED' },
    });
    expect(status.status).toBe(422);
    const bySupport = await t.call('PUT', `/api/transactions/${depositId}`, { token: support, body: { comment: 'x' } });
    expect(bySupport.status).toBe(403);
    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('objectType', '=', 'accountTransaction')
      .where('objectId', '=', String(depositId))
      .where('method', '=', 'PUT')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ comment: 'Organisation note' });
  });
});

describe('DELETE api/transaction/{id}', () => {
  it('reverses a finalised transfer: both sides, with rows that name what they reverse; reversals can be hidden', async () => {
    const res = await t.call('DELETE', `/api/transaction/${transferOutId}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'TRANSFER_OUT_REVERSAL',
      amount: 300,
      reversesTransactionId: transferOutId,
      investmentAccountId: a.accountId,
      runningBalance: 800,
    });
    expect(await balancesOf(t.ctx.db, b.accountId)).toEqual({ currentCents: 0n, availableCents: 0n });
    const shown = await t.call('GET', `/api/transactions?$filter=investmentAccountId eq ${b.accountId}`, {
      token: admin,
    });
    expect(shown.body.data.map((r: any) => r.type)).toEqual(['TRANSFER_IN_REVERSAL', 'TRANSFER_IN']);
    expect(shown.body.data[1].reversalTransactionId).toBe(shown.body.data[0].id);
    const hidden = await t.call(
      'GET',
      `/api/transactions?$filter=investmentAccountId eq ${b.accountId}&excludeReversals=true`,
      { token: admin },
    );
    expect(hidden.body.data).toEqual([]);
    const again = await t.call('DELETE', `/api/transaction/${transferInId}`, { token: admin });
    expect(again.status).toBe(422);
    expect(again.body.userMessage).toBe('This transaction has already been reversed.');
    const ofReversal = await t.call('DELETE', `/api/transaction/${res.body.data.id}`, { token: admin });
    expect(ofReversal.body.userMessage).toBe('A reversal cannot be reversed.');
  });

  it('refuses a reversal that would take more than is available', async () => {
    const deposit = await t.call('POST', `/api/investmentAccounts/${b.accountId}/deposit`, {
      token: admin,
      body: { amount: 50, comment: 'in', depositDate: '2027-03-05' },
    });
    await t.call('POST', `/api/investmentAccounts/${b.accountId}/transfer`, {
      token: admin,
      body: { toAccount: a.accountId, amount: 20, transferDate: '2027-03-05' },
    });
    const res = await t.call('DELETE', `/api/transaction/${deposit.body.data.id}`, { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.userMessage).toBe(`The reversal needs more than the available balance of account ${b.accountId}.`);
    expect(await balancesOf(t.ctx.db, b.accountId)).toEqual({ currentCents: 30_00n, availableCents: 30_00n });
  });
});
