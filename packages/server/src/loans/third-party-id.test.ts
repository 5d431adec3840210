import { loanMessages } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLoanViaApi,
  fixtureSchedule,
  fundingClock,
  smallLoanBody,
  uploadSchedule,
} from '../investments/investing.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/**
 * A loan's thirdPartyId is its own: receipts find their loan by it. A schedule naming one a loan
 * already has is refused at processing and at creation (and an edit to it), 422 naming that loan;
 * two creations with one id at once store one loan.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clockNow: fundingClock });
  admin = await t.login(demo.management);
}, 600_000);
afterAll(() => t?.close());

const loanCount = async (thirdPartyId: string) =>
  (
    await t.ctx.db
      .selectFrom('loans')
      .select('id')
      .where('thirdPartyId', '=', thirdPartyId)
      .where('status', '<>', 'DELETED')
      .execute()
  ).length;

describe('a thirdPartyId already used by a loan', () => {
  it('is refused at schedule processing and at creation, naming the loan', async () => {
    const first = await uploadSchedule(t, admin, fixtureSchedule());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const draft = first.body.data[0];
    expect(draft.loan.thirdPartyId).toBe('HSB-2027-0001');
    const body = {
      loan: { ...draft.loan, setupStatus: 'DONE' },
      repayments: draft.repayments,
      investmentTopups: [],
      clientDetails: draft.clientDetails,
    };
    const loanId = await createLoanViaApi(t, admin, body);
    const message = `Third party ID HSB-2027-0001 is already used by loan #${loanId} (Harbour Street Bakery equipment loan).`;
    expect(loanMessages.thirdPartyIdInUse('HSB-2027-0001', loanId, 'Harbour Street Bakery equipment loan')).toBe(
      message,
    );

    const again = await uploadSchedule(t, admin, fixtureSchedule());
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'RULE_REFUSED', userMessage: message });

    const twice = await t.call('POST', '/api/loans', { token: admin, body });
    expect(twice.status).toBe(422);
    expect(twice.body).toMatchObject({ code: 'RULE_REFUSED', userMessage: message });
    expect(await loanCount('HSB-2027-0001')).toBe(1);

    // an edit to another loan's id is refused the same way; keeping one's own id is not a change
    const other = await createLoanViaApi(t, admin, smallLoanBody(1000, { thirdPartyId: 'TP-OTHER-1' }));
    const edit = await t.call('PUT', `/api/loans/${other}`, { token: admin, body: { thirdPartyId: 'HSB-2027-0001' } });
    expect(edit.status).toBe(422);
    expect(edit.body.userMessage).toBe(message);
    const same = await t.call('PUT', `/api/loans/${other}`, { token: admin, body: { thirdPartyId: 'TP-OTHER-1' } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it('two creations with the same id at once store exactly one loan', async () => {
    const body = smallLoanBody(2000, { thirdPartyId: 'TP-RACE-1' });
    const answers = await Promise.all([
      t.call('POST', '/api/loans', { token: admin, body }),
      t.call('POST', '/api/loans', { token: admin, body }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    const created = answers.find((a) => a.status === 200)!;
    expect(refused.body.userMessage).toBe(
      loanMessages.thirdPartyIdInUse('TP-RACE-1', created.body.data.id, 'Loan of 2000'),
    );
    expect(await loanCount('TP-RACE-1')).toBe(1);
  });

  it('a deleted loan no longer holds its id', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(3000, { thirdPartyId: 'TP-DELETED-1' }));
    const deleted = await t.call('POST', `/api/loans/${id}/actions/delete`, { token: admin, body: {} });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await createLoanViaApi(t, admin, smallLoanBody(3000, { thirdPartyId: 'TP-DELETED-1' }));
    expect(await loanCount('TP-DELETED-1')).toBe(1);
  });
});
