import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountFor } from '../accounts/money.test-support';
import { createLoanViaApi, fundingClock, smallLoanBody } from '../investments/investing.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let support: string;
let auditor: string;
let investor: string;
let accountId: number;
let investorId: number;
let depositId: number;
let reversalId: number;

beforeAll(async () => {
  t = await createTestApp({ clockNow: fundingClock });
  [admin, support, auditor, investor] = await Promise.all([
    t.login(demo.management),
    t.login(demo.support),
    t.login(demo.auditor),
    t.login(demo.investor),
  ]);
  ({ accountId, investorId } = await openAccountFor(t.ctx, demo.investor, { name: 'History Ivy' }));
  const deposit = await t.call('POST', `/api/investmentAccounts/${accountId}/deposit`, {
    token: admin,
    body: { amount: 800, comment: 'Bank transfer 17', depositDate: '2026-12-09' },
  });
  depositId = deposit.body.data.id;
  const edit = await t.call('PUT', `/api/transactions/${depositId}`, {
    token: admin,
    body: { comment: 'Bank transfer 17, reconciled' },
  });
  expect(edit.status).toBe(200);
  const reverse = await t.call('DELETE', `/api/transaction/${depositId}`, { token: admin });
  expect(reverse.status).toBe(200);
  reversalId = reverse.body.data.id;
});
afterAll(() => t.close());

/** The audit record of a request lands with its transaction; wait for nothing. */
const history = (entity: string, id: number | string, token: string, query = '') =>
  t.call('GET', `/api/audit/${entity}/${id}${query}`, { token });

describe('GET api/audit/{entity}/{id}', () => {
  it("a transaction's changes, newest first, with who, when and each field before and after", async () => {
    const res = await history('transactions', depositId, admin, '?$count=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(3);
    const [reversed, edited, created] = res.body.data;
    expect(reversed).toMatchObject({
      method: 'DELETE',
      objectType: 'accountTransaction',
      objectId: String(depositId),
      actor: { name: expect.any(String), email: demo.management },
    });
    expect(reversed.changes).toContainEqual({ field: 'reversalTransactionId', before: null, after: reversalId });
    expect(edited).toMatchObject({
      method: 'PUT',
      changes: [{ field: 'comment', before: 'Bank transfer 17', after: 'Bank transfer 17, reconciled' }],
    });
    expect(created.method).toBe('POST');
    expect(created.changes).toContainEqual({ field: 'amount', before: null, after: 800 });
    expect(Date.parse(reversed.occurredAt)).toBeGreaterThanOrEqual(Date.parse(created.occurredAt));
  });

  it('pages: $top and $skip over the same newest-first order', async () => {
    const all = (await history('transactions', depositId, admin)).body.data.map((e: { id: number }) => e.id);
    const first = await history('transactions', depositId, admin, '?$top=1&$count=true');
    const second = await history('transactions', depositId, admin, '?$top=1&$skip=1');
    expect(first.body.count).toBe(3);
    expect([first.body.data[0].id, second.body.data[0].id]).toEqual(all.slice(0, 2));
    expect(all).toEqual([...all].sort((a: number, b: number) => b - a));
  });

  it("the reversal row's history shows the reversal of the row it reverses", async () => {
    const res = await history('transactions', reversalId, support);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ method: 'DELETE', objectId: String(depositId) });
  });

  it("an account's history holds its transactions' changes and its own creation", async () => {
    const res = await history('investmentAccounts', accountId, admin);
    expect(res.status).toBe(200);
    const types = res.body.data.map((e: { objectType: string }) => e.objectType);
    expect(types).toContain('accountTransaction');
    expect(types).toContain('investmentAccount');
    expect(types).toContain('bankAccount');
  });

  it("an investor's, a group's, a client's and a loan's own changes", async () => {
    const investorRow = await t.call('GET', `/api/investors/${investorId}`, { token: admin });
    const userId = investorRow.body.data.userId ?? investorRow.body.data.user.id;
    await t.call('PUT', `/api/users/${userId}`, { token: support, body: { notes: 'Prefers email' } });
    const ofInvestor = await history('investors', investorId, admin);
    expect(ofInvestor.body.data[0]).toMatchObject({
      objectType: 'user',
      actor: { email: demo.support },
      changes: expect.arrayContaining([{ field: 'notes', before: null, after: 'Prefers email' }]),
    });

    const group = await t.ctx.db
      .insertInto('investmentGroups')
      .values({ name: 'Harbour Group', status: 'ACTIVE' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.call('PUT', `/api/investmentGroups/${group.id}`, { token: admin, body: { name: 'Harbour Group Pty' } });
    const ofGroup = await history('investmentGroups', group.id, support);
    expect(ofGroup.body.data).toHaveLength(1);
    expect(ofGroup.body.data[0].changes).toContainEqual({
      field: 'name',
      before: 'Harbour Group',
      after: 'Harbour Group Pty',
    });

    const client = await t.call('POST', '/api/clients', { token: admin, body: { name: 'Acme Bakery' } });
    await t.call('PUT', `/api/clients/${client.body.data.id}`, { token: admin, body: { name: 'Acme Bakery Pty' } });
    const ofClient = await history('clients', client.body.data.id, admin);
    expect(ofClient.body.data.map((e: { changes: unknown[] }) => e.changes)).toEqual([
      [{ field: 'name', before: 'Acme Bakery', after: 'Acme Bakery Pty' }],
      [{ field: 'name', before: null, after: 'Acme Bakery' }],
    ]);

    const loanId = await createLoanViaApi(t, admin, smallLoanBody(20_000));
    await t.call('PUT', `/api/loans/${loanId}`, { token: admin, body: { notes: 'Checked by credit' } });
    const ofLoan = await history('loans', loanId, admin);
    expect(ofLoan.status).toBe(200);
    expect(ofLoan.body.data[0].changes).toContainEqual({ field: 'notes', before: null, after: 'Checked by credit' });
    expect(ofLoan.body.data.at(-1).method).toBe('POST');
  });

  it('is for management and support only; investors and auditors are refused', async () => {
    expect((await history('transactions', depositId, support)).status).toBe(200);
    expect((await history('transactions', depositId, auditor)).status).toBe(403);
    expect((await history('transactions', depositId, investor)).status).toBe(403);
    expect((await t.call('GET', `/api/audit/transactions/${depositId}`)).status).toBe(666);
  });

  it('refuses what it does not offer: an unknown record, kind or list option', async () => {
    const missing = await history('transactions', 987654, admin);
    expect(missing.status).toBe(404);
    expect(missing.body.userMessage).toBe('Transaction not found.');
    const kind = await history('payments', depositId, admin);
    expect(kind.status).toBe(400);
    expect(kind.body.details[0].field).toContain('entity');
    const filter = await history('transactions', depositId, admin, "?$filter=method eq 'PUT'");
    expect(filter.status).toBe(400);
    const id = await history('transactions', 'abc', admin);
    expect(id.status).toBe(400);
  });
});
