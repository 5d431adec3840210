import { inputMessages } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoanViaApi, fundingClock, smallLoanBody } from '../investments/investing.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { applyScheduledLoanMoves } from './loan-schedule';

/**
 * The loans and marketplace contracts (docs/decisions/006-one-contract.md): strict bodies (a
 * control character in any text is a 400 naming its field; amounts are never coerced), and reads
 * that never write (the status time gives a loan is computed by the read, applied by the daily job
 * and by the writes that lock the loan).
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ clockNow: fundingClock });
  admin = await t.login(demo.management);
});
afterAll(() => t.close());

type Response = Awaited<ReturnType<TestApp['call']>>;

function expectFieldRefused(res: Response, field: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
}

const storedStatus = async (id: number) =>
  (await t.ctx.db.selectFrom('loans').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const listedStatus = async (id: number) => {
  const res = await t.call('GET', `/api/loans?$filter=id eq ${id}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data[0]?.status as string;
};

const onMarketplace = async (id: number) => {
  const res = await t.call('GET', `/api/marketplace/loans?$filter=id eq ${id}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.length === 1;
};

describe('strict loan bodies', () => {
  const nul = 'Bad\u0000name';

  it('refuses a control character in every kind of loan text, naming the field', async () => {
    const create = (body: Record<string, unknown>) => t.call('POST', '/api/loans', { token: admin, body });
    const base = smallLoanBody(1000);
    const loan = base.loan as Record<string, unknown>;
    expectFieldRefused(await create({ ...base, loan: { ...loan, name: nul } }), 'loan.name');
    expectFieldRefused(await create({ ...base, loan: { ...loan, notes: nul } }), 'loan.notes');
    expectFieldRefused(await create({ ...base, loan: { ...loan, thirdPartyId: nul } }), 'loan.thirdPartyId');
    expectFieldRefused(
      await create({ ...base, loan: { ...loan, loanDetails: { loanStory: nul } } }),
      'loan.loanDetails.loanStory',
    );
    expectFieldRefused(await create({ ...base, clientDetails: { name: nul } }), 'clientDetails.name');
    const refused = await create({ ...base, loan: { ...loan, name: nul } });
    expect(refused.body.details[0].message).toBe(inputMessages.textControlCharacters);

    const id = await createLoanViaApi(t, admin, smallLoanBody(1000));
    const edit = (body: Record<string, unknown>) => t.call('PUT', `/api/loans/${id}`, { token: admin, body });
    expectFieldRefused(await edit({ id, subStatus: `x\u0007` }), 'subStatus');
    expectFieldRefused(await edit({ id, loanDetails: { underwriterComment: nul } }), 'loanDetails.underwriterComment');
  });

  it('refuses text over its limit and coerced amounts; takes a decimal string as an amount', async () => {
    const base = smallLoanBody(1000);
    const loan = base.loan as Record<string, unknown>;
    const create = (body: Record<string, unknown>) => t.call('POST', '/api/loans', { token: admin, body });
    expectFieldRefused(await create({ ...base, loan: { ...loan, name: 'n'.repeat(201) } }), 'loan.name');
    expectFieldRefused(await create({ ...base, loan: { ...loan, amount: '0x10' } }), 'loan.amount');
    expectFieldRefused(await create({ ...base, loan: { ...loan, amount: true } }), 'loan.amount');
    const repayments = base.repayments as Record<string, unknown>[];
    expectFieldRefused(
      await create({ ...base, repayments: [{ ...repayments[0], principalDue: '1e2' }, repayments[1]] }),
      'repayments.0.principalDue',
    );
    const id = await createLoanViaApi(t, admin, { ...base, loan: { ...loan, amount: '1000.00' } });
    expect((await t.call('GET', `/api/loans?$filter=id eq ${id}`, { token: admin })).body.data[0].amount).toBe(1000);
    const writeOff = await t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId: id, principalAmount: '0x10', interestAmount: 0 },
    });
    expectFieldRefused(writeOff, 'principalAmount');
    expectFieldRefused(await t.call('PUT', '/api/loans/abc', { token: admin, body: {} }), 'id');
  });
});

describe('reads never write', () => {
  it('shows the status time gives a loan before the daily job has moved it, and the job then moves it', async () => {
    t.ctx.clock.set(fundingClock);
    admin = await t.login(demo.management);
    const id = await createLoanViaApi(
      t,
      admin,
      smallLoanBody(1000, { marketplaceStartDate: '2026-12-12', marketplaceExpiryDate: '2026-12-20' }),
    );
    expect(await storedStatus(id)).toBe('PENDING_RELEASE');
    expect(await onMarketplace(id)).toBe(false);

    // the window has opened: reads show Funding at once, the row is untouched
    t.ctx.clock.set('2026-12-13T10:00:00+11:00');
    admin = await t.login(demo.management);
    expect(await listedStatus(id)).toBe('FUNDING');
    expect(await onMarketplace(id)).toBe(true);
    const one = await t.call('GET', `/api/marketplace/loans/${id}`, { token: admin });
    expect(one.body.data.status).toBe('FUNDING');
    expect(await storedStatus(id)).toBe('PENDING_RELEASE');

    // the window has closed short of the amount: no longer listed as open, still nothing written
    t.ctx.clock.set('2026-12-21T10:00:00+11:00');
    admin = await t.login(demo.management);
    expect(await listedStatus(id)).toBe('MARKETPLACE_FUNDING_EXPIRED');
    expect(await onMarketplace(id)).toBe(false);
    expect((await t.call('GET', `/api/marketplace/loans/${id}`, { token: admin })).status).toBe(404);
    const expired = await t.call('GET', `/api/loans?$filter=status eq 'MARKETPLACE_FUNDING_EXPIRED' and id eq ${id}`, {
      token: admin,
    });
    expect(expired.body.data).toHaveLength(1);
    expect(await storedStatus(id)).toBe('PENDING_RELEASE');

    // the daily job's step writes the move
    const moves = await applyScheduledLoanMoves(t.ctx.db, t.ctx.clock.now());
    expect(moves).toContainEqual({ id, from: 'PENDING_RELEASE', to: 'MARKETPLACE_FUNDING_EXPIRED' });
    expect(await storedStatus(id)).toBe('MARKETPLACE_FUNDING_EXPIRED');
  });

  it('a write that locks the loan applies its due move first', async () => {
    t.ctx.clock.set(fundingClock);
    admin = await t.login(demo.management);
    const id = await createLoanViaApi(
      t,
      admin,
      smallLoanBody(1000, { marketplaceStartDate: '2026-12-01', marketplaceExpiryDate: '2026-12-20' }),
    );
    expect(await storedStatus(id)).toBe('FUNDING');
    t.ctx.clock.set('2026-12-21T10:00:00+11:00');
    admin = await t.login(demo.management);
    const edit = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { id, notes: 'Checked' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.status).toBe('MARKETPLACE_FUNDING_EXPIRED');
    expect(await storedStatus(id)).toBe('MARKETPLACE_FUNDING_EXPIRED');
  });
});
