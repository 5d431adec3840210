import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { openAccountFor } from './money.test-support';

let t: TestApp;
let admin: string;
let support: string;
let investor: string;
let readOnly: string;
let mine: { accountId: number; bankAccountId: number };
let second: { accountId: number; bankAccountId: number };
let theirs: { accountId: number; bankAccountId: number };

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
  mine = await openAccountFor(t.ctx, demo.investor, { name: 'Ivy main' });
  second = await openAccountFor(t.ctx, demo.investor, { name: 'Ivy second' });
  theirs = await openAccountFor(t.ctx, demo.readOnly, { name: 'Reid only' });
  [admin, support, investor, readOnly] = await Promise.all([
    t.login(demo.management),
    t.login(demo.support),
    t.login(demo.investor),
    t.login(demo.readOnly),
  ]);
});
afterAll(() => t.close());

const deposit = (accountId: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.call('POST', `/api/investmentAccounts/${accountId}/deposit`, {
    token: admin,
    body: { investmentAccountId: accountId, comment: 'BPAY receipt', depositDate: '2027-03-05', ...body },
    ...(headers ? { headers } : {}),
  });

describe('deposit (management)', () => {
  it('moves money in from the trust bank and answers the transaction', async () => {
    const res = await deposit(mine.accountId, { amount: 1500.5, investorComment: 'Thanks' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Deposit successful');
    expect(res.body.data).toMatchObject({
      investmentAccountId: mine.accountId,
      type: 'DEPOSIT',
      status: 'PAID',
      grossAmount: 1500.5,
      amount: 1500.5,
      runningBalance: 1500.5,
      comment: 'BPAY receipt',
      investorComment: 'Thanks',
      investmentAccount: { id: mine.accountId, currentBalance: 1500.5, availableBalance: 1500.5 },
    });
    expect(res.body.data.finalisedDate).toMatch(/^2027-03-04T23:0/); // now: 10:00 Sydney on 5 March
    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .select(['objectType', 'objectId'])
      .where('route', '=', '/api/investmentAccounts/:id/deposit')
      .execute();
    expect(audit).toContainEqual({ objectType: 'accountTransaction', objectId: String(res.body.data.id) });
  });

  it('a back-dated deposit is finalised on its date and the running balances follow', async () => {
    const res = await deposit(second.accountId, { amount: 100, depositDate: '2027-03-05' });
    const earlier = await deposit(second.accountId, { amount: 40, depositDate: '2027-02-01' });
    expect(earlier.body.data.runningBalance).toBe(40);
    expect(earlier.body.data.finalisedDate.slice(0, 10)).toBe('2027-01-31'); // 10:00 Sydney on 1 February
    const list = await t.call('GET', `/api/user/investmentAccounts/${second.accountId}/transactions`, {
      token: investor,
    });
    expect(list.body.data.map((r: any) => [r.id, r.runningBalance])).toEqual([
      [res.body.data.id, 140],
      [earlier.body.data.id, 40],
    ]);
  });

  it('takes an amount only as a number or a decimal string of at most two places, never coerced', async () => {
    const exact = await deposit(theirs.accountId, { amount: '10.05' });
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(exact.body.data.grossAmount).toBe(10.05);
    for (const amount of ['0x10', true, [5], '1e2', 1.005, 1e308, 'NaN', '', null, -0.01]) {
      const res = await deposit(theirs.accountId, { amount });
      expect(res.status, `${JSON.stringify(amount)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain('amount');
    }
  });

  it('refuses a control character in a comment and an id sent as text, naming the field', async () => {
    const nul = await deposit(mine.accountId, { amount: 5, comment: 'BPAY\u0000receipt' });
    expect(nul.status).toBe(400);
    expect(nul.body.details.map((d: { field: string }) => d.field)).toContain('comment');
    const investorNul = await deposit(mine.accountId, { amount: 5, investorComment: 'a\u001bb' });
    expect(investorNul.status).toBe(400);
    expect(investorNul.body.details.map((d: { field: string }) => d.field)).toContain('investorComment');
    const textId = await deposit(mine.accountId, { amount: 5, investmentAccountId: String(mine.accountId) });
    expect(textId.status).toBe(400);
    expect(textId.body.details.map((d: { field: string }) => d.field)).toContain('investmentAccountId');
  });

  it('refuses with the specification messages', async () => {
    const messages = async (body: Record<string, unknown>) =>
      (await deposit(mine.accountId, body)).body.details?.map((d: { message: string }) => d.message);
    expect(await messages({ amount: 0 })).toContain('Please input an amount greater than 0');
    expect(await messages({ amount: -5 })).toContain('Please input an amount greater than 0');
    expect(await messages({ amount: 5, depositDate: '' })).toContain('Deposit Date cannot be empty');
    expect(await messages({ amount: 5, depositDate: undefined })).toContain('Deposit Date cannot be empty');
    expect(await messages({ amount: 5, comment: ' ' })).toContain('Comment cannot be empty');
    const old = await deposit(mine.accountId, { amount: 5, depositDate: '2027-01-04' });
    expect(old.status).toBe(400);
    expect(old.body.userMessage).toBe('Deposit Date must be between 05/01/2027 and 05/03/2027');
    const future = await deposit(mine.accountId, { amount: 5, depositDate: '2027-03-06' });
    expect(future.status).toBe(400);
    const missing = await deposit(999_999, { amount: 5, investmentAccountId: undefined });
    expect(missing.status).toBe(404);
    const mismatch = await deposit(mine.accountId, { amount: 5, investmentAccountId: second.accountId });
    expect(mismatch.status).toBe(400);
    const bySupport = await t.call('POST', `/api/investmentAccounts/${mine.accountId}/deposit`, {
      token: support,
      body: { amount: 5, comment: 'x', depositDate: '2027-03-05' },
    });
    expect(bySupport.status).toBe(403);
  });

  it('the same deposit POSTed 10 times at once with one Idempotency-Key moves money once', async () => {
    const account = await openAccountFor(t.ctx, demo.investor, { name: 'Ivy idempotent' });
    const headers = { 'idempotency-key': 'deposit-0001' };
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => deposit(account.accountId, { amount: 250 }, headers)),
    );
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const ids = new Set(replies.map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    const rows = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('id')
      .where('investmentAccountId', '=', account.accountId)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([...ids]);
    const accounts = await t.call('GET', `/api/investmentAccounts?$filter=id eq ${account.accountId}`, {
      token: admin,
    });
    expect(accounts.body.data[0]).toMatchObject({ currentBalance: 250, availableBalance: 250 });
    // the same key with another body is refused and moves nothing
    const other = await deposit(account.accountId, { amount: 251 }, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });
});

describe('transfer (management)', () => {
  const transfer = (from: number, body: Record<string, unknown>) =>
    t.call('POST', `/api/investmentAccounts/${from}/transfer`, {
      token: admin,
      body: { transferDate: '2027-03-05', organisationComment: 'Rebalance', ...body },
    });

  it('moves money between two accounts in one entry; the from comment defaults to the to comment', async () => {
    const res = await transfer(mine.accountId, { toAccount: theirs.accountId, amount: 500, toAccountComment: 'Gift' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Transfer successful');
    const { from, to } = res.body.data;
    expect(from).toMatchObject({ type: 'TRANSFER_OUT', amount: -500, grossAmount: 500, investorComment: 'Gift' });
    expect(to).toMatchObject({ type: 'TRANSFER_IN', amount: 500, investorComment: 'Gift', comment: 'Rebalance' });
    expect(from.ledgerEntryId).toBe(to.ledgerEntryId);
    expect(from.counterpartAccountId).toBe(theirs.accountId);
    expect(from.investmentAccount.currentBalance).toBe(1000.5);
  });

  it('refuses with the specification messages', async () => {
    const same = await transfer(mine.accountId, { toAccount: mine.accountId, amount: 1 });
    expect(same.status).toBe(400);
    expect(same.body.userMessage).toBe('Funds cannot be transferred to the same account.');
    const tooMuch = await transfer(mine.accountId, { toAccount: theirs.accountId, amount: 1000.51 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.userMessage).toBe('Amount cannot be greater than the available balance');
    const noDate = await transfer(mine.accountId, { toAccount: theirs.accountId, amount: 1, transferDate: '' });
    expect(noDate.body.details.map((d: any) => d.message)).toContain('Transfer Date cannot be empty');
    const noAccount = await transfer(mine.accountId, { amount: 1 });
    expect(noAccount.body.details.map((d: any) => d.message)).toContain('Account cannot be empty');
    const early = await transfer(mine.accountId, {
      toAccount: theirs.accountId,
      amount: 1,
      transferDate: '2027-03-04',
    });
    expect(early.status).toBe(400);
    expect(early.body.userMessage).toMatch(/^Transfer Date must be between the account creation date 05\/03\/2027/);
    const nowhere = await transfer(mine.accountId, { toAccount: 999_999, amount: 1 });
    expect(nowhere.status).toBe(400);
    const textAccount = await transfer(mine.accountId, { toAccount: String(theirs.accountId), amount: 1 });
    expect(textAccount.status).toBe(400);
    expect(textAccount.body.details.map((d: { field: string }) => d.field)).toContain('toAccount');
    const nul = await transfer(mine.accountId, { toAccount: theirs.accountId, amount: 1, toAccountComment: 'x\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.details.map((d: { field: string }) => d.field)).toContain('toAccountComment');
  });
});

describe('account reads', () => {
  it('an investor lists their own accounts with balances, a read-only investor too', async () => {
    const res = await t.call('GET', '/api/user/investmentAccounts?$count=true', { token: investor });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((a: any) => a.id);
    expect(ids).toContain(mine.accountId);
    expect(ids).not.toContain(theirs.accountId);
    expect(res.body.count).toBe(ids.length);
    expect(res.body.data.find((a: any) => a.id === mine.accountId)).toMatchObject({
      name: 'Ivy main',
      type: 'INVESTOR_ACCOUNT',
      availableBalance: 1000.5,
      currentBalance: 1000.5,
      bpayBillerCode: '287813',
    });
    expect(res.body.data[0].notes).toBeUndefined();
    const ro = await t.call('GET', '/api/user/investmentAccounts', { token: readOnly });
    expect(ro.body.data.map((a: any) => a.id)).toEqual([theirs.accountId]);
  });

  it('staff list accounts with filters, the mandate filter and the totals bar', async () => {
    await t.ctx.db
      .updateTable('investmentAccounts')
      .set({ mandateRate: '13.5' })
      .where('id', '=', second.accountId)
      .execute();
    const mandates = await t.call('GET', '/api/investmentAccounts?$filter=mandateRate ne null&$select=id,mandateRate', {
      token: support,
    });
    expect(mandates.body.data).toEqual([{ id: second.accountId, mandateRate: 13.5 }]);
    const house = await t.call('GET', '/api/investmentAccounts?$filter=id eq 555', { token: admin });
    expect(house.body.data[0]).toMatchObject({ id: 555, type: 'HOUSE_ACCOUNT' });
    const stats = await t.call('GET', '/api/investmentAccounts/statistics', { token: admin });
    const all = await t.ctx.db
      .selectFrom('investmentAccounts as a')
      .innerJoin('ledgerAccounts as l', 'l.id', 'a.ledgerAccountId')
      .select(['l.currentBalance', 'l.pendingDebits'])
      .where('a.type', '=', 'INVESTOR_ACCOUNT')
      .execute();
    const cents = (s: string) => Math.round(Number(s) * 100);
    const current = all.reduce((sum, a) => sum + cents(a.currentBalance), 0);
    expect(stats.body.data).toMatchObject({
      key: 'INVESTOR_ACCOUNT',
      count: all.length,
      totalCurrentBalance: current / 100,
    });
  });

  it("an account's investors and bank accounts", async () => {
    const investors = await t.call('GET', `/api/investmentAccounts/${mine.accountId}/investors?$expand=user`, {
      token: support,
    });
    expect(investors.body.data).toHaveLength(1);
    expect(investors.body.data[0].user.email).toBe(demo.investor);
    const banks = await t.call('GET', `/api/user/investmentAccounts/${mine.accountId}/bankAccounts`, {
      token: investor,
    });
    expect(banks.body.data).toEqual([
      expect.objectContaining({
        id: mine.bankAccountId,
        name: 'Everyday',
        bsbNumber: '062-000',
        accountNumber: '12345678',
      }),
    ]);
    const staffBanks = await t.call('GET', `/api/investmentAccounts/${mine.accountId}/bankAccounts`, { token: admin });
    expect(staffBanks.body.data).toHaveLength(1);
    const missing = await t.call('GET', '/api/investmentAccounts/999999/investors', { token: admin });
    expect(missing.status).toBe(404);
  });
});

describe('concurrency', () => {
  it('transfers both ways, deposits and reversals at once never deadlock: locks are taken in one order', async () => {
    const x = await openAccountFor(t.ctx, demo.investor, { name: 'Ivy x' });
    const y = await openAccountFor(t.ctx, demo.readOnly, { name: 'Reid y' });
    for (const account of [x, y]) {
      const res = await deposit(account.accountId, { amount: 100 });
      expect(res.status).toBe(200);
    }
    const reversible = await deposit(x.accountId, { amount: 7 });
    const transfer = (from: number, to: number) =>
      t.call('POST', `/api/investmentAccounts/${from}/transfer`, {
        token: admin,
        body: { toAccount: to, amount: 1, transferDate: '2027-03-05' },
      });
    const replies = await Promise.all([
      ...Array.from({ length: 15 }, () => transfer(x.accountId, y.accountId)),
      ...Array.from({ length: 15 }, () => transfer(y.accountId, x.accountId)),
      ...Array.from({ length: 5 }, () => deposit(y.accountId, { amount: 2, depositDate: '2027-03-04' })),
      t.call('DELETE', `/api/transaction/${reversible.body.data.id}`, { token: admin }),
    ]);
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const rows = await t.call('GET', `/api/investmentAccounts?$filter=id in (${x.accountId}, ${y.accountId})`, {
      token: admin,
    });
    expect(rows.body.data.map((a: any) => a.currentBalance)).toEqual([100, 110]);
  });
});
