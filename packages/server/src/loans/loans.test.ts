import { houseAccountId, loanMessages } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLoanViaApi,
  fixtureLoanBody,
  fundHouse,
  fundingClock,
  investorWithAccount,
  smallLoanBody,
} from '../investments/investing.test-support';
import { balancesOf, checkLedger } from '../ledger';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp({ clockNow: fundingClock });
  admin = await t.login(demo.management);
  support = await t.login(demo.support);
  await fundHouse(t.ctx, 10_000_000n);
});
afterAll(() => t.close());

async function loanRow(id: number, token = admin) {
  const res = await t.call('GET', `/api/loans?$filter=id eq ${id}&$expand=loanDetails,client`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

/** Funds a loan fully through management invests from fresh accounts, and optionally deploys it. */
async function fundLoan(loanId: number, amounts: number[], deploy = true) {
  const holders = [];
  for (const amount of amounts) {
    const holder = await investorWithAccount(t.ctx, { balanceCents: BigInt(Math.round(amount * 100)) });
    const res = await t.call('POST', `/api/loans/${loanId}/invest`, {
      token: admin,
      body: { investmentAccountId: holder.accountId, amount, rate: 10 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    holders.push(holder);
  }
  if (deploy) {
    const res = await t.call('POST', `/api/loans/${loanId}/actions/deploy`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return holders;
}

/** A loan whose repayments fall on the given dates, each with `principal` and `interest`. */
/**
 * The borrower pays repayments of the loan in full (those due on `dueDate`, or every one still owed)
 * by receipts published through the repayments API, as the back office would.
 */
async function payInFull(loanId: number, dueDate?: string) {
  let query = t.ctx.db
    .selectFrom('repayments')
    .select(['id', 'dueDate', 'principalDue', 'principalPaid', 'interestDue', 'interestPaid'])
    .where('loanId', '=', loanId)
    .where('status', 'in', ['UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS'])
    .orderBy('dueDate');
  if (dueDate) query = query.where('dueDate', '=', dueDate);
  const owed = await query.execute();
  const res = await t.call('POST', '/api/repayments/receipts/batch', {
    token: admin,
    body: owed.map((r) => {
      const amount = Number(r.principalDue) - Number(r.principalPaid) + Number(r.interestDue) - Number(r.interestPaid);
      return {
        loanId,
        thirdPartyId: `PAID-${r.id}`,
        dueDate: r.dueDate,
        netAmount: Math.round(amount * 100) / 100,
        grossAmount: Math.round(amount * 100) / 100,
        batchNumber: `PAID-${loanId}`,
      };
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

function loanWithDates(dates: string[], principal: number, interest: number, overrides: Record<string, unknown> = {}) {
  const body = smallLoanBody(principal * dates.length, { disbursementDate: '2026-12-10', ...overrides });
  body.repayments = dates.map((dueDate) => ({ dueDate, principalDue: principal, interestDue: interest }));
  return body;
}

describe('create a loan', () => {
  it('creates the fixture loan with its repayments and a new client; setup done and in its window it is Funding and visible', async () => {
    const body = await fixtureLoanBody(t, admin);
    const res = await t.call('POST', '/api/loans', { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Loan was successfully created');
    const loan = await loanRow(res.body.data.id);
    expect(loan).toMatchObject({
      name: 'Harbour Street Bakery equipment loan',
      amount: 120_000,
      fundedAmount: 0,
      fundedProgress: 0,
      status: 'FUNDING',
      marketplaceStatus: 'VISIBLE',
      setupStatus: 'DONE',
      principalRemaining: 120_000,
      interestRemaining: 8_279.33,
      principalRepaid: 0,
      interestRepaid: 0,
      repaymentCount: 12,
      marketplaceStartDate: '2026-11-30T13:00:00.000Z',
      marketplaceExpiryDate: '2027-01-15T12:59:59.999Z',
    });
    expect(loan.loanDetails).toMatchObject({ industryType: 'Services', companyState: 'NSW' });
    expect(loan.client.name).toBe('Harbour Street Bakery Pty Ltd');
    const market = await t.call('GET', `/api/marketplace/loans/${loan.id}`, { token: await t.login(demo.investor) });
    expect(market.status).toBe(200);

    // the same client name again uses the existing client
    const again = await createLoanViaApi(t, admin, {
      ...body,
      loan: { ...body.loan, thirdPartyId: 'HSB-2027-0002' },
      clientDetails: { name: '  harbour street bakery PTY LTD ' },
    });
    expect((await loanRow(again)).clientId).toBe(loan.clientId);
    // and an existing client by id
    const byId = await createLoanViaApi(t, admin, {
      ...body,
      loan: { ...body.loan, thirdPartyId: 'HSB-2027-0003' },
      clientDetails: { id: loan.clientId },
    });
    expect((await loanRow(byId)).clientId).toBe(loan.clientId);
  });

  it('keeps a loan whose setup is not done in Setup, hidden', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(1000, { setupStatus: 'INITIAL' }));
    expect(await loanRow(id)).toMatchObject({ status: 'SETUP', marketplaceStatus: 'HIDDEN' });
  });

  it('puts a loan before its window in Pending Release and one after it in Marketplace Funding Expired', async () => {
    const later = await createLoanViaApi(
      t,
      admin,
      smallLoanBody(1000, { marketplaceStartDate: '2027-01-01', marketplaceExpiryDate: '2027-02-01' }),
    );
    expect((await loanRow(later)).status).toBe('PENDING_RELEASE');
    const past = await createLoanViaApi(
      t,
      admin,
      smallLoanBody(1000, { marketplaceStartDate: '2026-10-01', marketplaceExpiryDate: '2026-11-01' }),
    );
    expect((await loanRow(past)).status).toBe('MARKETPLACE_FUNDING_EXPIRED');
    // extending the window brings it back to Funding
    const edit = await t.call('PUT', `/api/loans/${past}`, {
      token: admin,
      body: { id: past, marketplaceExpiryDate: '2027-01-31' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.status).toBe('FUNDING');
  });

  it('refuses with the messages of core §5', async () => {
    const body = await fixtureLoanBody(t, admin);
    const refusal = async (changed: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/loans', { token: admin, body: { ...body, ...changed } });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      return res.body.userMessage;
    };
    expect(await refusal({ loan: { ...body.loan, marketplaceRate: 0 } })).toBe('Please input a rate greater than 0.');
    expect(await refusal({ loan: { ...body.loan, marketplaceRate: 12.75 } })).toBe(
      'Please input an amount less than or equal to the Maximum Interest Rate of 12.5%',
    );
    expect(await refusal({ loan: { ...body.loan, interestCalculationMethod: null } })).toBe('Please input a type.');
    expect(await refusal({ clientDetails: { name: '' } })).toBe('Please input a client name.');
    expect(
      await refusal({ investmentTopups: [{ investmentAccountId: houseAccountId, mandateRate: 12, isActive: true }] }),
    ).toBe(
      'The mandate options are invalid. A mandate can only be active if the rate is greater than the maximum loan rate.',
    );
    expect(await refusal({ repayments: [] })).toBe(
      'There was an issue with your request, either there are no repayments or the file could not be properly processed.',
    );
    expect(await refusal({ loan: { ...body.loan, gracePeriodDays: -1 } })).toBe(loanMessages.gracePeriodNegative);
  });

  it('stores the mandate options and lists them with their accounts', async () => {
    const mandate = await investorWithAccount(t.ctx, { balanceCents: 0n, mandateRate: '14' });
    const id = await createLoanViaApi(t, admin, smallLoanBody(1000, {})).then(async () =>
      createLoanViaApi(t, admin, {
        ...smallLoanBody(2000),
        investmentTopups: [{ investmentAccountId: mandate.accountId, mandateRate: 14, isActive: true }],
      }),
    );
    const res = await t.call('GET', `/api/loans/${id}/topUps?$expand=investmentAccount`, { token: support });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        investmentAccountId: mandate.accountId,
        mandateRate: 14,
        isActive: true,
        investmentAccount: expect.objectContaining({ id: mandate.accountId, mandateRate: 14 }),
      }),
    ]);
  });
});

describe('edit a loan', () => {
  it('changes only the fields sent and checks the rates against the loan as it will be', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(5000));
    const res = await t.call('PUT', `/api/loans/${id}`, {
      token: admin,
      body: { id, name: 'Renamed', marketplaceRate: 11, loanDetails: { industryType: 'Manufacturing' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Loan was successfully edited');
    const loan = await loanRow(id);
    expect(loan).toMatchObject({ name: 'Renamed', marketplaceRate: 11, baseInterestRate: 12.5, gracePeriodDays: 10 });
    expect(loan.loanDetails.industryType).toBe('Manufacturing');

    const above = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { marketplaceRate: 13 } });
    expect(above.status).toBe(400);
    expect(above.body.userMessage).toBe(
      'Please input an amount less than or equal to the Maximum Interest Rate of 12.5%',
    );
    const lowered = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { baseInterestRate: 10 } });
    expect(lowered.body.userMessage).toBe(
      'Please input an amount less than or equal to the Maximum Interest Rate of 10%',
    );
    const zero = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { marketplaceRate: 0 } });
    expect(zero.body.userMessage).toBe('Please input a rate greater than 0.');
    const type = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { interestCalculationMethod: 'NONE' } });
    expect(type.body.userMessage).toBe('Please input a type.');
    const unknown = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { fundedAmount: 5000 } });
    expect(unknown.status).toBe(400);
  });

  it('releases a loan when its setup is done, and never takes setup back', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(1000, { setupStatus: 'INITIAL' }));
    const done = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { setupStatus: 'DONE' } });
    expect(done.body.data).toMatchObject({ status: 'FUNDING', marketplaceStatus: 'VISIBLE', setupStatus: 'DONE' });
    const back = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { setupStatus: 'INITIAL' } });
    expect(back.status).toBe(422);
    expect(back.body.userMessage).toBe(loanMessages.setupCannotGoBack);
  });

  it('fixes the funding terms once fully funded', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(1000));
    await fundLoan(id, [1000], false);
    const res = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { baseInterestRate: 13 } });
    expect(res.status).toBe(422);
    expect(res.body.userMessage).toBe(loanMessages.fieldFixedAfterFunding('baseInterestRate'));
    const notes = await t.call('PUT', `/api/loans/${id}`, { token: admin, body: { notes: 'still editable' } });
    expect(notes.status).toBe(200);
  });

  it('is management only: support reads, cannot edit', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(1000));
    expect((await loanRow(id, support)).id).toBe(id);
    const res = await t.call('PUT', `/api/loans/${id}`, { token: support, body: { name: 'x' } });
    expect(res.status).toBe(403);
  });
});

describe('delete a loan', () => {
  it('deletes a Funding loan with only the house investment, releasing the house reservation', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const before = await balancesOf(t.ctx.db, houseAccountId);
    const onePercent = await t.call('POST', `/api/loans/${id}/actions/investOnePercent`, { token: admin });
    expect(onePercent.status).toBe(200);
    expect((await balancesOf(t.ctx.db, houseAccountId)).availableCents).toBe(before.availableCents - 10_000n);
    const res = await t.call('POST', `/api/loans/${id}/actions/delete`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Loan has been successfully deleted');
    expect((await balancesOf(t.ctx.db, houseAccountId)).availableCents).toBe(before.availableCents);
    const list = await t.call('GET', `/api/loans?$filter=id eq ${id}`, { token: admin });
    expect(list.body.data).toEqual([]);
    const again = await t.call('POST', `/api/loans/${id}/actions/delete`, { token: admin });
    expect(again.status).toBe(404);
  });

  it('refuses with the reasons of §8', async () => {
    const withInvestor = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const investor = await investorWithAccount(t.ctx, { balanceCents: 100_000n });
    await t.call('POST', `/api/user/loans/${withInvestor}/invest`, {
      token: investor.token,
      body: { investmentAccountId: investor.accountId, amount: 500 },
    });
    const res = await t.call('POST', `/api/loans/${withInvestor}/actions/delete`, { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.userMessage).toBe('Loan has investments against it');

    const pending = await createLoanViaApi(
      t,
      admin,
      smallLoanBody(1000, { marketplaceStartDate: '2027-01-01', marketplaceExpiryDate: '2027-02-01' }),
    );
    const notFunding = await t.call('POST', `/api/loans/${pending}/actions/delete`, { token: admin });
    expect(notFunding.status).toBe(422);
    expect(notFunding.body.userMessage).toBe('Loan is not of status Setup or Funding');
  });
});

describe('lists and statistics', () => {
  it('lists loans with the query options, a client’s loans and the active loans', async () => {
    const body = smallLoanBody(3000);
    const id = await createLoanViaApi(t, admin, body);
    const loan = await loanRow(id);
    const byClient = await t.call('GET', `/api/loans?$filter=clientId eq ${loan.clientId}&$count=true`, {
      token: admin,
    });
    expect(byClient.body.count).toBeGreaterThanOrEqual(1);
    expect(byClient.body.data.every((l: { clientId: number }) => l.clientId === loan.clientId)).toBe(true);
    const byThirdParty = await t.call(
      'GET',
      `/api/loans/?$filter=thirdPartyId eq '${body.loan && (body.loan as { thirdPartyId: string }).thirdPartyId}'`,
      {
        token: admin,
      },
    );
    expect(byThirdParty.body.data.map((l: { id: number }) => l.id)).toEqual([id]);
    const sorted = await t.call('GET', '/api/loans?$top=3', { token: admin });
    const ids = sorted.body.data.map((l: { id: number }) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const bad = await t.call('GET', '/api/loans?$filter=secret eq 1', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_QUERY');

    const activeId = await createLoanViaApi(t, admin, smallLoanBody(2000, { disbursementDate: '2026-12-10' }));
    await fundLoan(activeId, [2000]);
    const active = await t.call('GET', '/api/loans/active?$top=1000', { token: support });
    const activeIds = active.body.data.map((l: { id: number }) => l.id);
    expect(activeIds).toContain(activeId);
    expect(activeIds).not.toContain(id);
  });

  it('caps funded progress at 99.99 until the loan is fully funded', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(100_000));
    const investor = await investorWithAccount(t.ctx, { balanceCents: 10_000_000n });
    await t.call('POST', `/api/user/loans/${id}/invest`, {
      token: investor.token,
      body: { investmentAccountId: investor.accountId, amount: 99_999.99 },
    });
    expect((await loanRow(id)).fundedProgress).toBe(99.99);
    expect((await loanRow(id)).fundingRemaining).toBe(0.01);
  });

  it('groups loans for the dashboards', async () => {
    const res = await t.call('GET', '/api/loans/statistics?groupBy=status', { token: await t.login(demo.auditor) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const funding = res.body.data.find((r: { status: string }) => r.status === 'FUNDING');
    expect(funding).toMatchObject({ key: { status: 'FUNDING' } });
    expect(funding.count).toBeGreaterThan(0);
    const listed = await t.call('GET', "/api/loans?$filter=status eq 'FUNDING'&$count=true&$top=0", { token: admin });
    expect(funding.count).toBe(listed.body.count);
    // the auditor's screens show no amounts: its rows carry none (loan-statistics-access.test.ts)
    expect(funding.totalLoanAmount).toBeUndefined();

    const rows = await t.call(
      'GET',
      "/api/loans/statistics?groupBy=id,name,gracePeriodDays,status&$filter=status eq 'FUNDING'&$select=id,name,status,count,totalLoanAmount&$orderby=id desc&$count=true",
      { token: admin },
    );
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.count).toBe(funding.count);
    expect(rows.body.data[0]).toEqual({
      key: expect.objectContaining({ id: expect.any(Number) }),
      id: expect.any(Number),
      name: expect.any(String),
      status: 'FUNDING',
      count: 1,
      totalLoanAmount: expect.any(Number),
    });
    const bad = await t.call('GET', '/api/loans/statistics?groupBy=password', { token: admin });
    expect(bad.status).toBe(400);
  });
});

describe('arrears check', () => {
  it('puts loans with an overdue repayment in arrears and returns what changed, in one statement', async () => {
    // due 2026-11-20 + 10 grace days: in arrears from 2026-12-01; today is 2026-12-10
    const id = await createLoanViaApi(t, admin, loanWithDates(['2026-11-20', '2027-01-20'], 1000, 10));
    await fundLoan(id, [2000]);
    expect((await loanRow(id)).status).toBe('ACTIVE');
    const res = await t.call('POST', '/api/loans/actions/arrearsCheck', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Loans in arrears have been calculated');
    expect(res.body.data.loans).toContainEqual({ id, from: 'ACTIVE', to: 'ACTIVE_IN_ARREARS' });
    expect(res.body.data.repayments).toContainEqual(
      expect.objectContaining({ loanId: id, from: 'UNPAID', to: 'IN_ARREARS' }),
    );
    expect((await loanRow(id)).status).toBe('ACTIVE_IN_ARREARS');

    // the borrower catches up: the loan is Active again
    await payInFull(id, '2026-11-20');
    // publishing the receipt already brings it back (the same rule as the check's)
    expect((await loanRow(id)).status).toBe('ACTIVE');
    const third = await t.call('POST', '/api/loans/actions/arrearsCheck', { token: admin });
    expect(third.body.data.loans.filter((l: { id: number }) => l.id === id)).toEqual([]);
  });
});

describe('payout', () => {
  it('previews and confirms a payout at a repayment date; later repayments are closed', async () => {
    const id = await createLoanViaApi(t, admin, loanWithDates(['2026-12-20', '2027-01-05', '2027-02-20'], 1000, 30));
    await fundLoan(id, [3000]);
    const preview = await t.call('POST', '/api/loans/actions/payout/preview', {
      token: admin,
      body: { loanId: id, payoutDate: '2027-01-05' },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({
      principalAmount: 2000,
      interestAmount: 30,
      payoutAmount: 2030,
      canComplete: true,
      payoutRepayment: { loanId: id, dueDate: '2027-01-05' },
      payoutReceipt: { netAmount: 2030, loanId: id },
    });
    const tooFar = await t.call('POST', '/api/loans/actions/payout/preview', {
      token: admin,
      body: { loanId: id, payoutDate: '2027-02-20' },
    });
    expect(tooFar.status).toBe(200);
    expect(tooFar.body.data.canComplete).toBe(false);
    expect(tooFar.body.userMessage).toBe(
      'The payout can be previewed but not completed. The payout date is too far in the future.',
    );
    const refused = await t.call('POST', '/api/loans/actions/payout', {
      token: admin,
      body: { loanId: id, payoutDate: '2027-02-20' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.userMessage).toBe(
      'The payout can be previewed but not completed. The payout date is too far in the future.',
    );
    const notADate = await t.call('POST', '/api/loans/actions/payout/preview', {
      token: admin,
      body: { loanId: id, payoutDate: '2027-01-06' },
    });
    expect(notADate.status).toBe(422);
    expect(notADate.body.userMessage).toBe(loanMessages.payoutDateNotRepayment);

    const done = await t.call('POST', '/api/loans/actions/payout', {
      token: admin,
      body: { loanId: id, payoutDate: '2027-01-05' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.userMessage).toBe('Loan Payout has been created');
    const repayments = await t.ctx.db
      .selectFrom('repayments')
      .select(['dueDate', 'status', 'principalDue', 'interestDue'])
      .where('loanId', '=', id)
      .orderBy('dueDate')
      .orderBy('id')
      .execute();
    expect(repayments).toEqual([
      { dueDate: '2026-12-20', status: 'UNPAID', principalDue: '1000.00', interestDue: '30.00' },
      { dueDate: '2027-01-05', status: 'PAYOUT', principalDue: '1000.00', interestDue: '30.00' },
      { dueDate: '2027-01-05', status: 'UNPAID', principalDue: '2000.00', interestDue: '30.00' },
      { dueDate: '2027-02-20', status: 'CLOSED_PAYOUT', principalDue: '1000.00', interestDue: '30.00' },
    ]);
    const twice = await t.call('POST', '/api/loans/actions/payout', {
      token: admin,
      body: { loanId: id, payoutDate: '2026-12-20' },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.userMessage).toBe(loanMessages.payoutAlreadyCreated);
    // Payout Loan is disabled with its reason, and the payout receipt is on the loan
    expect((await loanRow(id)).payoutDate).toBe('2027-01-05');
    const receipt = await t.call('GET', `/api/loans/${id}/payoutReceipt`, { token: support });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.data).toMatchObject({
      payoutDate: '2027-01-05',
      principalAmount: 2000,
      interestAmount: 30,
      receipt: {
        loanId: id,
        thirdPartyId: `PAYOUT-${id}-2027-01-05`,
        dueDate: '2027-01-05',
        netAmount: 2030,
        grossAmount: 2030,
        batchNumber: `PAYOUT-${id}`,
      },
      loanTransactionId: null,
      publishedDate: null,
      fractionalisedDate: null,
    });
  });

  it('refuses with every payout reason of §8', async () => {
    const payout = async (loanId: number) => {
      const res = await t.call('POST', '/api/loans/actions/payout/preview', {
        token: admin,
        body: { loanId, payoutDate: '2027-02-20' },
      });
      expect(res.status).toBe(422);
      return res.body.userMessage;
    };
    const advance = await createLoanViaApi(t, admin, smallLoanBody(1000, { interestType: 'IN_ADVANCE' }));
    expect(await payout(advance)).toBe('Loan interest type is not In Arrears');
    const funding = await createLoanViaApi(t, admin, smallLoanBody(1000));
    expect(await payout(funding)).toBe('Loan is not fully funded');

    const deployed = await createLoanViaApi(t, admin, smallLoanBody(1000, { disbursementDate: '2026-12-10' }));
    await fundLoan(deployed, [1000]);
    await t.ctx.db
      .updateTable('loans')
      .set({ fundedDate: new Date('2019-02-01T00:00:00Z') })
      .where('id', '=', deployed)
      .execute();
    expect(await payout(deployed)).toBe('Loan was funded before 11/02/19, contact IT to manually payout loan');
    await t.ctx.db.updateTable('loans').set({ fundedDate: new Date() }).where('id', '=', deployed).execute();
    // all its principal written off, its interest still owed: nothing to pay out
    const writtenOff = await t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId: deployed, principalAmount: 1000, interestAmount: 0 },
    });
    expect(writtenOff.status, JSON.stringify(writtenOff.body)).toBe(200);
    expect(await payout(deployed)).toBe('Loan is already fully paid off');
    await t.ctx.db.updateTable('loans').set({ status: 'CLOSED' }).where('id', '=', deployed).execute();
    expect(await payout(deployed)).toBe('Loan is closed');
    await t.ctx.db.updateTable('repayments').set({ isArchived: true }).where('loanId', '=', deployed).execute();
    expect(await payout(deployed)).toBe('Loan has no repayments');
  });
});

describe('write off', () => {
  it('shares the principal loss among the holders pro rata through WRITE_OFF rows; no cash moves', async () => {
    const id = await createLoanViaApi(t, admin, smallLoanBody(10_000, { disbursementDate: '2026-12-10' }));
    const holders = await fundLoan(id, [5000, 3000, 2000]);
    const before = await Promise.all(holders.map((h) => balancesOf(t.ctx.db, h.accountId)));
    const tooMuch = await t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId: id, principalAmount: 10_000.01, interestAmount: 0 },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.userMessage).toBe(loanMessages.writeOffPrincipalTooLarge(1_000_000n));
    const interest = await t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId: id, principalAmount: 1, interestAmount: 15.01 },
    });
    expect(interest.body.userMessage).toBe(loanMessages.writeOffInterestTooLarge(1_500n));

    // a partial write-off: exactly what was entered; the rest stays owed and the loan stays active
    const res = await t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId: id, principalAmount: 1000.01, interestAmount: 12 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Loan has been successfully written off');
    const pieces = res.body.data.holders.map((h: { principalAmount: number }) => h.principalAmount);
    expect(pieces).toEqual([500.01, 300, 200]);
    const partly = await loanRow(id);
    expect(partly).toMatchObject({
      status: 'ACTIVE',
      principalWrittenOff: 1000.01,
      interestWrittenOff: 12,
      principalRemaining: 8999.99,
      interestRemaining: 3,
    });
    const owed = await t.ctx.db
      .selectFrom('repayments')
      .select(['status', 'principalWrittenOff', 'interestWrittenOff'])
      .where('loanId', '=', id)
      .orderBy('dueDate')
      .execute();
    // from the oldest repayment on: 1,000.01 of the first's 5,000 principal, its 10 interest and 2 of the second's 5
    expect(owed).toEqual([
      { status: 'UNPAID', principalWrittenOff: '1000.01', interestWrittenOff: '10.00' },
      { status: 'UNPAID', principalWrittenOff: '0.00', interestWrittenOff: '2.00' },
    ]);
    const more = await t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId: id, principalAmount: 9000, interestAmount: 0 },
    });
    expect(more.status).toBe(422);
    expect(more.body.userMessage).toBe(
      'The principal amount cannot be more than the principal remaining of $8,999.99.',
    );

    // the rest: nothing remains, so the loan is Written Off
    const rest = await t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId: id, principalAmount: 8999.99, interestAmount: 3 },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const loan = await loanRow(id);
    expect(loan).toMatchObject({
      status: 'WRITTEN_OFF',
      principalWrittenOff: 10_000,
      interestWrittenOff: 15,
      principalRemaining: 0,
      interestRemaining: 0,
    });
    const after = await Promise.all(holders.map((h) => balancesOf(t.ctx.db, h.accountId)));
    expect(after).toEqual(before);
    const rows = await t.ctx.db
      .selectFrom('accountTransactions')
      .select(['type', 'amount', 'principalAmount', 'status'])
      .where('loanId', '=', id)
      .where('type', '=', 'WRITE_OFF')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { type: 'WRITE_OFF', amount: '0.00', principalAmount: '500.01', status: 'PAID' },
      { type: 'WRITE_OFF', amount: '0.00', principalAmount: '300.00', status: 'PAID' },
      { type: 'WRITE_OFF', amount: '0.00', principalAmount: '200.00', status: 'PAID' },
      { type: 'WRITE_OFF', amount: '0.00', principalAmount: '4499.99', status: 'PAID' },
      { type: 'WRITE_OFF', amount: '0.00', principalAmount: '2700.00', status: 'PAID' },
      { type: 'WRITE_OFF', amount: '0.00', principalAmount: '1800.00', status: 'PAID' },
    ]);
    const repayments = await t.ctx.db.selectFrom('repayments').select('status').where('loanId', '=', id).execute();
    expect(repayments.every((r) => r.status === 'WRITTEN_OFF')).toBe(true);
    const again = await t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId: id, principalAmount: 0, interestAmount: 0 },
    });
    expect(again.status).toBe(422);
    // written off, not paid off: its own reason
    expect(again.body.userMessage).toBe('Loan has been written off');
  });

  it('refuses with the reasons of §8', async () => {
    const writeOff = async (loanId: number) => {
      const res = await t.call('POST', '/api/loans/actions/writeOff', {
        token: admin,
        body: { loanId, principalAmount: 0, interestAmount: 0 },
      });
      expect(res.status).toBe(422);
      return res.body.userMessage;
    };
    const funding = await createLoanViaApi(t, admin, smallLoanBody(1000));
    expect(await writeOff(funding)).toBe('Loan is not fully funded');
    const closed = await createLoanViaApi(t, admin, smallLoanBody(1000, { disbursementDate: '2026-12-10' }));
    await fundLoan(closed, [1000]);
    await t.ctx.db.updateTable('loans').set({ status: 'SOLD' }).where('id', '=', closed).execute();
    expect(await writeOff(closed)).toBe('Loan is closed');
  });
});

describe('the ledger', () => {
  it('holds every invariant after all of the above (DESIGN §3)', async () => {
    const result = await checkLedger(t.ctx.db);
    expect(result.problems).toEqual([]);
  });
});
