import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { brokenLedgerInvariants, createWorkedExampleLoan, type TestLoan } from './repayments.test-support';

let t: TestApp;
let loan: TestLoan;

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-02-21T10:00:00+11:00' });
  loan = await createWorkedExampleLoan(t.ctx, { thirdPartyId: 'ARREARS-1' });
});
afterAll(() => t.close());

/** Moves the clock (Sydney time) and signs management in again, so the token is fresh. */
async function at(instant: string): Promise<string> {
  t.ctx.clock.set(instant);
  return t.login(demo.management);
}

async function publish(token: string, receiptId: string, netAmount: number, dueDate: string) {
  const res = await t.call('POST', '/api/repayments/receipts/batch', {
    token,
    body: [
      { loanId: loan.loanId, thirdPartyId: receiptId, dueDate, netAmount, grossAmount: netAmount, batchNumber: 'ARR' },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const loanStatus = async () =>
  (await t.ctx.db.selectFrom('loans').select('status').where('id', '=', loan.loanId).executeTakeFirstOrThrow()).status;

async function repaymentStatuses(token: string): Promise<string[]> {
  const res = await t.call('GET', encodeURI(`/api/repayments?$filter=loanId eq ${loan.loanId}&$select=status&$top=4`), {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((r: { status: string }) => r.status);
}

describe('loan status follows repayments', () => {
  it('the arrears check after a due date plus grace days puts the loan In Arrears; a receipt brings it back to Active', async () => {
    let token = await at('2027-02-21T10:00:00+11:00');
    await publish(token, 'ARR-1', 10689.94, '2027-02-20');
    expect(await loanStatus()).toBe('ACTIVE');

    // the second repayment is due 2027-03-20 with 10 grace days: still in grace on 2027-03-30
    token = await at('2027-03-30T22:00:00+11:00');
    expect((await t.call('POST', '/api/loans/actions/arrearsCheck', { token })).status).toBe(200);
    expect(await loanStatus()).toBe('ACTIVE');
    expect(await repaymentStatuses(token)).toEqual(['PAID', 'UNPAID', 'UNPAID', 'UNPAID']);

    // and in arrears from the next Sydney day
    token = await at('2027-03-31T00:30:00+11:00');
    expect((await t.call('POST', '/api/loans/actions/arrearsCheck', { token })).status).toBe(200);
    expect(await loanStatus()).toBe('ACTIVE_IN_ARREARS');
    expect(await repaymentStatuses(token)).toEqual(['PAID', 'IN_ARREARS', 'UNPAID', 'UNPAID']);

    // a partial receipt leaves it in arrears; paying the rest brings the loan back to Active
    const partial = await publish(token, 'ARR-2a', 1000, '2027-03-31');
    expect(partial.receipts[0]).toMatchObject({ interestAmount: 1000, principalAmount: 0 });
    expect(await repaymentStatuses(token)).toEqual(['PAID', 'IN_ARREARS', 'UNPAID', 'UNPAID']);
    expect(await loanStatus()).toBe('ACTIVE_IN_ARREARS');
    await publish(token, 'ARR-2b', 9689.94, '2027-03-31');
    expect(await repaymentStatuses(token)).toEqual(['PAID', 'PAID', 'UNPAID', 'UNPAID']);
    expect(await loanStatus()).toBe('ACTIVE');

    // the arrears check agrees
    expect((await t.call('POST', '/api/loans/actions/arrearsCheck', { token })).status).toBe(200);
    expect(await loanStatus()).toBe('ACTIVE');
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });

  it('a receipt published late, after the grace days, catches the loan up even before any arrears check', async () => {
    const token = await at('2027-05-05T10:00:00+10:00');
    // the third repayment (due 2027-04-20) is overdue, but no check has run: publishing marks what it sees
    const published = await publish(token, 'ARR-3', 500, '2027-05-05');
    expect(published.receipts[0].repaymentId).toBe(loan.repaymentIds[2]);
    expect(await repaymentStatuses(token)).toEqual(['PAID', 'PAID', 'IN_ARREARS', 'UNPAID']);
    expect(await loanStatus()).toBe('ACTIVE_IN_ARREARS');
    await publish(token, 'ARR-3b', 10189.94, '2027-05-05');
    expect(await repaymentStatuses(token)).toEqual(['PAID', 'PAID', 'PAID', 'UNPAID']);
    expect(await loanStatus()).toBe('ACTIVE');
  });
});
