import {
  AppError,
  type ErrorCode,
  errorStatus,
  houseAccountId,
  investorKindOf,
  loanMessages,
  normaliseInvestAmount,
} from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investInLoan } from '../investments';
import {
  createLoanViaApi,
  fundHouse,
  fundingClock,
  investorWithAccount,
  smallLoanBody,
  uploadSchedule,
} from '../investments/investing.test-support';
import { checkLedger } from '../ledger';
import { systemAudit } from '../platform/audit/audit';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/**
 * Every loan, investing, client and marketplace refusal of the message catalogue (`loanMessages`),
 * produced through the HTTP layer against a real database: status, envelope and text word for word
 * (spec core §5 and §8, investor-and-admin §5 "Client", DESIGN §1 envelope). The last tests compare
 * what this file produced with the catalogue, so a refusal added to the catalogue without an API
 * test here fails the suite, and compare the catalogue with the texts the specification quotes.
 */

type MessageKey = keyof typeof loanMessages;
type Response = Awaited<ReturnType<TestApp['call']>>;

/** The catalogue keys whose refusal this file has seen the API answer. */
const produced = new Set<MessageKey>();

/**
 * Asserts a refusal: the HTTP status, the failure envelope, a code that maps to that status and the
 * catalogue text (computed by the caller for texts with parameters).
 */
function expectRefusal(res: Response, status: number, key: MessageKey, text?: string): void {
  const entry = loanMessages[key];
  const expected = text ?? (typeof entry === 'string' ? entry : undefined);
  if (expected === undefined) throw new Error(`${key} takes parameters: pass the text it should read`);
  if (typeof entry === 'string') expect(expected).toBe(entry);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.userMessage).toBe(expected);
  expect(errorStatus[res.body.code as ErrorCode]).toBe(status);
  produced.add(key);
}

function expectOk(res: Response): void {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
}

let t: TestApp;
let admin: string;
/** A loan funded on 1 February 2019, before the payout cut-off of 11 February 2019, and deployed. */
let fundedBeforeCutoffLoan: number;

// The app's clock starts in 2019 for the one loan funded before the payout cut-off, then moves to
// the fixture window (2026-12-10) for the rest of the file and stays there.
beforeAll(async () => {
  t = await createTestApp({ clockNow: '2019-01-20T10:00:00+11:00' });
  admin = await t.login(demo.management);
  const body = smallLoanBody(1000, {
    marketplaceStartDate: '2019-01-15',
    marketplaceExpiryDate: '2019-02-28',
    disbursementDate: '2019-02-01',
  });
  body.repayments = [
    { dueDate: '2019-03-01', principalDue: 500, interestDue: 10 },
    { dueDate: '2019-04-01', principalDue: 500, interestDue: 5 },
  ];
  fundedBeforeCutoffLoan = await createLoanViaApi(t, admin, body);
  t.ctx.clock.set('2019-02-01T10:00:00+11:00');
  admin = await t.login(demo.management);
  await fund(fundedBeforeCutoffLoan, 1000);
  await deploy(fundedBeforeCutoffLoan);

  t.ctx.clock.set(fundingClock);
  admin = await t.login(demo.management);
  await fundHouse(t.ctx, 10_000_000n);
});
afterAll(() => t.close());

/** A loan in Funding on the marketplace (window 2026-12-01 to 2027-01-15), disbursed on deploy. */
const fundingLoan = (amount: number, overrides: Record<string, unknown> = {}) =>
  createLoanViaApi(t, admin, smallLoanBody(amount, { disbursementDate: '2026-12-10', ...overrides }));

/** Management invests `amount` for a fresh account holding exactly that, at 10%. */
async function fund(loanId: number, amount: number): Promise<number> {
  const holder = await investorWithAccount(t.ctx, { balanceCents: BigInt(Math.round(amount * 100)) });
  const res = await t.call('POST', `/api/loans/${loanId}/invest`, {
    token: admin,
    body: { investmentAccountId: holder.accountId, amount, rate: 10 },
  });
  expectOk(res);
  return res.body.data.id as number;
}

async function deploy(loanId: number): Promise<void> {
  expectOk(await t.call('POST', `/api/loans/${loanId}/actions/deploy`, { token: admin }));
}

/** A loan funded by one investor and deployed: Active. */
async function activeLoan(amount: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const id = await fundingLoan(amount, overrides);
  await fund(id, amount);
  await deploy(id);
  return id;
}

const missingId = 99_999_999;

describe('creating a loan (core §5 "Loan edit and creation")', () => {
  const create = (body: Record<string, unknown>) => t.call('POST', '/api/loans', { token: admin, body });
  const base = () => smallLoanBody(1000);
  const withLoan = (changes: Record<string, unknown>) => {
    const body = base();
    return { ...body, loan: { ...(body.loan as Record<string, unknown>), ...changes } };
  };

  it('refuses the rates, the type, the client name and the mandate options with the specification texts', async () => {
    expectRefusal(await create(withLoan({ marketplaceRate: 0 })), 400, 'marketplaceRateNotPositive');
    expectRefusal(await create(withLoan({ marketplaceRate: -1 })), 400, 'marketplaceRateNotPositive');
    expectRefusal(
      await create(withLoan({ marketplaceRate: 12.75 })),
      400,
      'marketplaceRateAboveMaximum',
      'Please input an amount less than or equal to the Maximum Interest Rate of 12.5%',
    );
    expectRefusal(await create(withLoan({ interestCalculationMethod: null })), 400, 'typeRequired');
    expectRefusal(await create(withLoan({ interestCalculationMethod: undefined })), 400, 'typeRequired');
    expectRefusal(await create({ ...base(), clientDetails: {} }), 400, 'clientNameRequired');
    expectRefusal(await create({ ...base(), clientDetails: { name: '   ' } }), 400, 'clientNameRequired');
    const mandate = await investorWithAccount(t.ctx, { balanceCents: 0n, mandateRate: '14' });
    expectRefusal(
      await create({
        ...base(),
        investmentTopups: [{ investmentAccountId: mandate.accountId, mandateRate: 12.5, isActive: true }],
      }),
      400,
      'mandateOptionsInvalid',
    );
    expectRefusal(await create({ ...base(), repayments: [] }), 400, 'repaymentsUnprocessable');
  });

  it('refuses the other bad values with our texts', async () => {
    expectRefusal(await create(withLoan({ name: ' ' })), 400, 'nameRequired');
    expectRefusal(await create(withLoan({ amount: 0 })), 400, 'amountNotPositive');
    expectRefusal(await create(withLoan({ amount: 1000.001 })), 400, 'amountCents');
    expectRefusal(await create(withLoan({ gracePeriodDays: -1 })), 400, 'gracePeriodNegative');
    expectRefusal(
      await create(withLoan({ marketplaceStartDate: '2027-01-15', marketplaceExpiryDate: '2027-01-14' })),
      400,
      'marketplaceWindowOrder',
    );
    const short = base();
    short.repayments = [
      { dueDate: '2027-02-20', principalDue: 400, interestDue: 10 },
      { dueDate: '2027-03-20', principalDue: 500, interestDue: 5 },
    ];
    expectRefusal(
      await create(short),
      400,
      'principalNotAmount',
      'The principal of the repayments adds up to $900.00, not the loan amount of $1000.00.',
    );
    const unordered = base();
    unordered.repayments = [
      { dueDate: '2027-03-20', principalDue: 500, interestDue: 10 },
      { dueDate: '2027-02-20', principalDue: 500, interestDue: 5 },
    ];
    expectRefusal(await create(unordered), 400, 'repaymentDatesOrder');

    const mandate = await investorWithAccount(t.ctx, { balanceCents: 0n, mandateRate: '14' });
    const option = { investmentAccountId: mandate.accountId, mandateRate: 14, isActive: true };
    expectRefusal(await create({ ...base(), investmentTopups: [option, option] }), 400, 'topUpAccountRepeated');
    expectRefusal(
      await create({ ...base(), investmentTopups: [{ ...option, investmentAccountId: missingId }] }),
      404,
      'accountNotFound',
    );
    expectRefusal(await create({ ...base(), clientDetails: { id: missingId } }), 404, 'clientNotFound');
  });

  it('refuses a schedule file without repayments (schedule processing)', async () => {
    const res = await uploadSchedule(t, admin, 'field,value\nname,x\n\ndueDate,principalDue,interestDue\n');
    expectRefusal(res, 400, 'repaymentsUnprocessable');
  });
});

describe('editing a loan (core §4 and §5)', () => {
  const edit = (id: number, body: Record<string, unknown>) => t.call('PUT', `/api/loans/${id}`, { token: admin, body });

  it('refuses the rates and the type against the loan as it will be', async () => {
    const id = await fundingLoan(5000);
    expectRefusal(await edit(id, { id, marketplaceRate: 0 }), 400, 'marketplaceRateNotPositive');
    expectRefusal(
      await edit(id, { marketplaceRate: 13 }),
      400,
      'marketplaceRateAboveMaximum',
      'Please input an amount less than or equal to the Maximum Interest Rate of 12.5%',
    );
    expectRefusal(
      await edit(id, { baseInterestRate: 10 }),
      400,
      'marketplaceRateAboveMaximum',
      'Please input an amount less than or equal to the Maximum Interest Rate of 10%',
    );
    expectRefusal(await edit(id, { interestCalculationMethod: 'NONE' }), 400, 'typeRequired');
    expectRefusal(await edit(id, { marketplaceExpiryDate: '2026-11-30' }), 400, 'marketplaceWindowOrder');
  });

  it('refuses what an edit may not change', async () => {
    const id = await fundingLoan(5000);
    expectRefusal(await edit(id, { id: id + 1, name: 'Another' }), 400, 'idMismatch');
    expectRefusal(await edit(id, { amount: 6000 }), 422, 'amountNotEditable');
    expectRefusal(await edit(id, { setupStatus: 'INITIAL' }), 422, 'setupCannotGoBack');
    await t.call('POST', `/api/loans/${id}/invest`, {
      token: admin,
      body: { investmentAccountId: houseAccountId, amount: 100, rate: 12 },
    });
    expectRefusal(
      await edit(id, { baseInterestRate: 11 }),
      422,
      'baseRateBelowInvestments',
      'The Maximum Interest Rate cannot be lower than the rate of an existing investment (12%).',
    );

    const funded = await fundingLoan(1000);
    await fund(funded, 1000);
    expectRefusal(
      await edit(funded, { baseInterestRate: 13 }),
      422,
      'fieldFixedAfterFunding',
      'The baseInterestRate of a loan cannot be changed once it is fully funded.',
    );
    await deploy(funded);
    expectRefusal(await edit(funded, { marketplaceStatus: 'HIDDEN' }), 422, 'marketplaceStatusFixed');
    expectRefusal(await edit(missingId, { name: 'x' }), 404, 'loanNotFound');
  });
});

describe('clients (investor-and-admin §5 "Client")', () => {
  it('refuses an empty name on creation and on edit, and an unknown client', async () => {
    expectRefusal(await t.call('POST', '/api/clients', { token: admin, body: { name: '  ' } }), 400, 'clientNameEmpty');
    expectRefusal(await t.call('POST', '/api/clients', { token: admin, body: {} }), 400, 'clientNameEmpty');
    const created = await t.call('POST', '/api/clients', { token: admin, body: { name: 'Refusals Pty Ltd' } });
    expectOk(created);
    const id = created.body.data.id as number;
    expectRefusal(
      await t.call('PUT', `/api/clients/${id}`, { token: admin, body: { id, name: '' } }),
      400,
      'clientNameEditEmpty',
    );
    expectRefusal(
      await t.call('PUT', `/api/clients/${id}`, { token: admin, body: { id: id + 1, name: 'Other Pty Ltd' } }),
      400,
      'idMismatch',
    );
    expectRefusal(await t.call('GET', `/api/clients/${missingId}`, { token: admin }), 404, 'clientNotFound');
  });
});

describe('the marketplace and an investor investing (core §2.6, §4 and §5 "Invest amount")', () => {
  it('refuses a lookup of a loan that is not on the marketplace with the malformed-data text', async () => {
    const later = await fundingLoan(1000, { marketplaceStartDate: '2027-01-01', marketplaceExpiryDate: '2027-02-01' });
    const investor = await t.login(demo.investor);
    expectRefusal(await t.call('GET', `/api/marketplace/loans/${later}`, { token: investor }), 404, 'loanMalformed');
    expectRefusal(
      await t.call('GET', `/api/marketplace/loans/${missingId}`, { token: investor }),
      404,
      'loanMalformed',
    );
  });

  it('refuses the invest amounts of the main investor kind with the specification texts', async () => {
    const loanId = await fundingLoan(10_000);
    const investor = await investorWithAccount(t.ctx, { balanceCents: 100_000n });
    const invest = (body: Record<string, unknown>) =>
      t.call('POST', `/api/user/loans/${loanId}/invest`, { token: investor.token, body });
    const account = investor.accountId;
    expectRefusal(await invest({ amount: 100 }), 400, 'selectAccountAndAmount');
    expectRefusal(await invest({ investmentAccountId: account }), 400, 'selectAccountAndAmount');
    expectRefusal(await invest({ investmentAccountId: account, amount: 'ten' }), 400, 'selectAccountAndAmount');
    expectRefusal(await invest({ investmentAccountId: account, amount: 0 }), 400, 'investAmountGreaterThanZero');
    expectRefusal(await invest({ investmentAccountId: account, amount: -5 }), 400, 'investAmountGreaterThanZero');
    // strict input: an amount with more than two places (0.004) is not an amount at all
    expectRefusal(await invest({ investmentAccountId: account, amount: 0.004 }), 400, 'selectAccountAndAmount');
    expectRefusal(await invest({ investmentAccountId: account, amount: 10_000.01 }), 422, 'amountAboveRemaining');
    expectRefusal(await invest({ investmentAccountId: account, amount: 1000.01 }), 422, 'amountAboveBalance');
    expectOk(await invest({ investmentAccountId: account, amount: 1000 }));
    // the remaining value, not the amount: 9,000 are left
    const rich = await investorWithAccount(t.ctx, { balanceCents: 10_000_000n });
    const above = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: rich.token,
      body: { investmentAccountId: rich.accountId, amount: 9000.01 },
    });
    expectRefusal(above, 422, 'amountAboveRemaining');
    const rest = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: rich.token,
      body: { investmentAccountId: rich.accountId, amount: 9000 },
    });
    expectOk(rest);
    // fully funded: nothing remains
    expectRefusal(await invest({ investmentAccountId: account, amount: 1 }), 422, 'amountAboveRemaining');
    expectRefusal(
      await t.call('POST', `/api/user/loans/${missingId}/invest`, {
        token: investor.token,
        body: { investmentAccountId: account, amount: 1 },
      }),
      404,
      'loanNotFound',
    );
  });

  it('refuses loans that are locked, hidden or not yet open', async () => {
    const investor = await investorWithAccount(t.ctx, { balanceCents: 100_000n });
    const invest = (loanId: number) =>
      t.call('POST', `/api/user/loans/${loanId}/invest`, {
        token: investor.token,
        body: { investmentAccountId: investor.accountId, amount: 100 },
      });
    expectRefusal(await invest(await fundingLoan(1000, { marketplaceStatus: 'LOCKED' })), 422, 'loanLocked');
    expectRefusal(await invest(await fundingLoan(1000, { marketplaceStatus: 'HIDDEN' })), 422, 'notOnMarketplace');
    const later = await fundingLoan(1000, { marketplaceStartDate: '2027-01-01', marketplaceExpiryDate: '2027-02-01' });
    expectRefusal(await invest(later), 422, 'notOnMarketplace');
  });

  it('keeps the whole-dollar rule of the second investor kind behind the route: that role changes nothing', async () => {
    // The second kind ("rounded down to whole dollars, at least $100") is INVESTOR_READ_ONLY
    // (docs/domain.md "Invest amount"), which DESIGN §1 lets change nothing: the invest route refuses
    // it (403) before any amount rule, so no request can be answered with the $100 text.
    const loanId = await fundingLoan(10_000);
    const readOnly = await investorWithAccount(t.ctx, { balanceCents: 100_000n, role: 'INVESTOR_READ_ONLY' });
    const res = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: readOnly.token,
      body: { investmentAccountId: readOnly.accountId, amount: 99.99 },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    // the invest use case behind the route answers that kind with the specification's text: only
    // the route access keeps the request away from it
    const refusal = await investInLoan(
      t.ctx,
      loanId,
      {
        investmentAccountId: readOnly.accountId,
        amountCents: normaliseInvestAmount(99.99, investorKindOf('INVESTOR_READ_ONLY')),
        mode: { kind: 'INVESTOR', investorKind: investorKindOf('INVESTOR_READ_ONLY') },
        createdBy: readOnly.userId,
      },
      systemAudit('test'),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'VALIDATION_FAILED',
      userMessage: 'Please input an investment amount greater than $100',
    });
  });
});

describe('management investing (core §5 "Administrator invest")', () => {
  it('refuses the rate, the amount and the account with the specification texts', async () => {
    const loanId = await fundingLoan(10_000);
    const account = await investorWithAccount(t.ctx, { balanceCents: 500_000n });
    const invest = (body: Record<string, unknown>) =>
      t.call('POST', `/api/loans/${loanId}/invest`, { token: admin, body });
    const id = account.accountId;
    expectRefusal(
      await invest({ investmentAccountId: id, amount: 100, rate: 12.51 }),
      400,
      'investRateAboveMaximum',
      'The investment rate cannot exceed the Maximum Interest rate of 12.5%',
    );
    expectRefusal(await invest({ investmentAccountId: id, amount: 100, rate: 0 }), 400, 'investRateZero');
    expectRefusal(await invest({ investmentAccountId: id, amount: 100 }), 400, 'investRateZero');
    expectRefusal(await invest({ investmentAccountId: id, amount: 0, rate: 10 }), 400, 'investAmountGreaterThanZero');
    expectRefusal(await invest({ amount: 100, rate: 10 }), 400, 'selectAccountAndAmount');
    expectRefusal(await invest({ investmentAccountId: id, rate: 10 }), 400, 'selectAccountAndAmount');
    expectRefusal(await invest({ investmentAccountId: id, amount: 5000.01, rate: 10 }), 422, 'amountAboveBalance');
    expectRefusal(await invest({ investmentAccountId: id, amount: 10_000.01, rate: 10 }), 422, 'amountAboveRemaining');
    expectRefusal(await invest({ investmentAccountId: missingId, amount: 100, rate: 10 }), 404, 'accountNotFound');
    const mandate = await investorWithAccount(t.ctx, { balanceCents: 500_000n, mandateRate: '14' });
    expectRefusal(
      await invest({ investmentAccountId: mandate.accountId, amount: 100, rate: 10 }),
      422,
      'mandateNotActiveOnLoan',
    );
  });

  it('refuses a loan that is not open for investment, and one that is fully funded', async () => {
    const account = await investorWithAccount(t.ctx, { balanceCents: 500_000n });
    const invest = (loanId: number) =>
      t.call('POST', `/api/loans/${loanId}/invest`, {
        token: admin,
        body: { investmentAccountId: account.accountId, amount: 100, rate: 10 },
      });
    const setup = await fundingLoan(1000, { setupStatus: 'INITIAL' });
    expectRefusal(await invest(setup), 422, 'notOpenForInvestment');
    const funded = await fundingLoan(1000);
    await fund(funded, 1000);
    expectRefusal(await invest(funded), 422, 'fullyFunded');
    await deploy(funded);
    // deployed: no longer open for investment at all, not merely fully funded
    expectRefusal(await invest(funded), 422, 'notOpenForInvestment');
  });
});

describe('Invest 1% and Auto Invest (core §4, §5 and §8)', () => {
  const onePercent = (loanId: number) =>
    t.call('POST', `/api/loans/${loanId}/actions/investOnePercent`, { token: admin });
  const autoInvest = (loanId: number, body: Record<string, unknown> = {}) =>
    t.call('POST', `/api/loans/${loanId}/actions/autoInvest`, { token: admin, body });

  it('refuses Invest 1% once made, once the house holds more, and on a fully funded loan', async () => {
    const loanId = await fundingLoan(10_000);
    expectOk(await onePercent(loanId));
    expectRefusal(await onePercent(loanId), 422, 'onePercentExists');
    const other = await fundingLoan(10_000);
    expectOk(
      await t.call('POST', `/api/loans/${other}/invest`, {
        token: admin,
        body: { investmentAccountId: houseAccountId, amount: 250, rate: 10 },
      }),
    );
    expectRefusal(await onePercent(other), 422, 'houseAlreadyInvested');
    const funded = await fundingLoan(1000);
    await fund(funded, 1000);
    expectRefusal(await onePercent(funded), 422, 'fullyFunded');
  });

  it('refuses an auto invest amount of 0 or above the remaining funding, no capacity, and a funded loan', async () => {
    const mandate = await investorWithAccount(t.ctx, { balanceCents: 0n, mandateRate: '14' });
    const loanId = await createLoanViaApi(t, admin, {
      ...smallLoanBody(10_000),
      investmentTopups: [{ investmentAccountId: mandate.accountId, mandateRate: 14, isActive: true }],
    });
    expectRefusal(await autoInvest(loanId, { amount: 0 }), 400, 'investAmountGreaterThanZero');
    expectRefusal(await autoInvest(loanId, { amount: -1 }), 400, 'investAmountGreaterThanZero');
    expectRefusal(await autoInvest(loanId, { amount: 10_000.01 }), 422, 'amountAboveRemaining');
    // the only mandate account has no funds
    expectRefusal(await autoInvest(loanId), 422, 'noMandateCapacity');
    const funded = await fundingLoan(1000);
    await fund(funded, 1000);
    expectRefusal(await autoInvest(funded), 422, 'fullyFunded');
  });
});

describe('reverse and deploy (core §4)', () => {
  const reverse = (investmentId: number) =>
    t.call('POST', `/api/investments/${investmentId}/reverse`, { token: admin });

  it('refuses to deploy a loan that is not fully funded', async () => {
    const loanId = await fundingLoan(1000);
    await fund(loanId, 400);
    expectRefusal(
      await t.call('POST', `/api/loans/${loanId}/actions/deploy`, { token: admin }),
      422,
      'deployNotFullyFunded',
      'Loan is not fully funded',
    );
  });

  it('refuses to reverse an investment twice, a finalised one and an unknown one', async () => {
    const loanId = await fundingLoan(1000);
    const first = await fund(loanId, 400);
    expectOk(await reverse(first));
    expectRefusal(await reverse(first), 422, 'investmentAlreadyReversed');
    const kept = await fund(loanId, 1000);
    await deploy(loanId);
    expectRefusal(await reverse(kept), 422, 'investmentFinalised');
    expectRefusal(await reverse(missingId), 404, 'investmentNotFound');
  });
});

describe('delete (core §4 and §8)', () => {
  const remove = (loanId: number) => t.call('POST', `/api/loans/${loanId}/actions/delete`, { token: admin });

  it('refuses a loan with investments other than the house account’s, and one not in Setup or Funding', async () => {
    const loanId = await fundingLoan(10_000);
    const investor = await investorWithAccount(t.ctx, { balanceCents: 100_000n });
    expectOk(
      await t.call('POST', `/api/user/loans/${loanId}/invest`, {
        token: investor.token,
        body: { investmentAccountId: investor.accountId, amount: 500 },
      }),
    );
    expectRefusal(await remove(loanId), 422, 'hasInvestments');
    const later = await fundingLoan(1000, { marketplaceStartDate: '2027-01-01', marketplaceExpiryDate: '2027-02-01' });
    expectRefusal(await remove(later), 422, 'notSetupOrFunding');
    expectRefusal(await remove(missingId), 404, 'loanNotFound');
  });
});

describe('payout (core §4 "Early payout" and §8)', () => {
  const preview = (loanId: number, payoutDate = '2027-02-20') =>
    t.call('POST', '/api/loans/actions/payout/preview', { token: admin, body: { loanId, payoutDate } });
  const confirm = (loanId: number, payoutDate: string) =>
    t.call('POST', '/api/loans/actions/payout', { token: admin, body: { loanId, payoutDate } });

  it('refuses a loan of the wrong interest type, not fully funded, or funded before 11/02/19', async () => {
    expectRefusal(await preview(await fundingLoan(1000, { interestType: 'IN_ADVANCE' })), 422, 'notInArrearsInterest');
    expectRefusal(await preview(await fundingLoan(1000)), 422, 'notFullyFunded');
    expectRefusal(await preview(fundedBeforeCutoffLoan, '2019-04-01'), 422, 'fundedBeforeCutoff');
  });

  it('refuses a date that is not a repayment, completing one too far ahead, and a second payout', async () => {
    const body = smallLoanBody(3000, { disbursementDate: '2026-12-10' });
    body.repayments = ['2026-12-20', '2027-01-05', '2027-02-20'].map((dueDate) => ({
      dueDate,
      principalDue: 1000,
      interestDue: 30,
    }));
    const loanId = await createLoanViaApi(t, admin, body);
    await fund(loanId, 3000);
    await deploy(loanId);
    expectRefusal(await preview(loanId, '2027-01-06'), 422, 'payoutDateNotRepayment');
    // more than 31 days ahead: the preview answers with the warning, completing it is refused
    const far = await preview(loanId, '2027-02-20');
    expectOk(far);
    expect(far.body.data.canComplete).toBe(false);
    expect(far.body.userMessage).toBe(
      'The payout can be previewed but not completed. The payout date is too far in the future.',
    );
    expectRefusal(await confirm(loanId, '2027-02-20'), 422, 'payoutTooFarInFuture');
    expectOk(await confirm(loanId, '2027-01-05'));
    expectRefusal(await confirm(loanId, '2026-12-20'), 422, 'payoutAlreadyCreated');
    expectRefusal(await preview(missingId), 404, 'loanNotFound');
  });

  it('refuses a closed loan: every repayment paid through published receipts', async () => {
    const loanId = await activeLoan(1000);
    const receipts = [
      { dueDate: '2027-02-20', netAmount: 510 },
      { dueDate: '2027-03-20', netAmount: 505 },
    ].map((r, i) => ({
      loanId,
      thirdPartyId: `CLOSE-${loanId}-${i}`,
      grossAmount: r.netAmount,
      batchNumber: 'REFUSALS',
      ...r,
    }));
    expectOk(await t.call('POST', '/api/repayments/receipts/batch', { token: admin, body: receipts }));
    const loan = await t.call('GET', `/api/loans?$filter=id eq ${loanId}&$select=id,status`, { token: admin });
    expect(loan.body.data[0].status).toBe('CLOSED');
    expectRefusal(await preview(loanId), 422, 'loanClosed');
  });

  it('refuses a loan with no principal remaining: written off', async () => {
    const loanId = await activeLoan(1000);
    expectOk(
      await t.call('POST', '/api/loans/actions/writeOff', {
        token: admin,
        body: { loanId, principalAmount: 1000, interestAmount: 15 },
      }),
    );
    // written off, not paid off: its own reason
    expectRefusal(await preview(loanId), 422, 'alreadyWrittenOff');
  });

  it('refuses a loan without repayments', async () => {
    // The API never makes a loan without repayments (creation requires them and nothing removes
    // them); such a loan can only come from data changed outside the product, so the database is
    // changed directly here and the refusal is read through the API.
    const loanId = await activeLoan(1000);
    await t.ctx.db.updateTable('repayments').set({ isArchived: true }).where('loanId', '=', loanId).execute();
    expectRefusal(await preview(loanId), 422, 'noRepayments');
  });
});

describe('write off (core §4, §5 "Write off" and §8)', () => {
  const writeOff = (loanId: number, principalAmount = 0, interestAmount = 0) =>
    t.call('POST', '/api/loans/actions/writeOff', {
      token: admin,
      body: { loanId, principalAmount, interestAmount },
    });

  it('refuses a loan not fully funded, one not yet deployed, and a closed one', async () => {
    expectRefusal(await writeOff(await fundingLoan(1000)), 422, 'notFullyFunded');
    const funded = await fundingLoan(1000);
    await fund(funded, 1000);
    expectRefusal(await writeOff(funded), 422, 'writeOffNotDeployed');
    const closed = await activeLoan(1000);
    expectOk(
      await t.call('POST', '/api/repayments/receipts/batch', {
        token: admin,
        body: [510, 505].map((netAmount, i) => ({
          loanId: closed,
          thirdPartyId: `WO-CLOSE-${closed}-${i}`,
          dueDate: i === 0 ? '2027-02-20' : '2027-03-20',
          netAmount,
          grossAmount: netAmount,
          batchNumber: 'REFUSALS',
        })),
      }),
    );
    expectRefusal(await writeOff(closed), 422, 'loanClosed');
    expectRefusal(await writeOff(missingId), 404, 'loanNotFound');
  });

  it('refuses amounts above what remains, negative amounts, and a second write-off', async () => {
    const loanId = await activeLoan(1000);
    expectRefusal(
      await writeOff(loanId, 1000.01, 0),
      422,
      'writeOffPrincipalTooLarge',
      'The principal amount cannot be more than the principal remaining of $1,000.00.',
    );
    expectRefusal(
      await writeOff(loanId, 0, 15.01),
      422,
      'writeOffInterestTooLarge',
      'The interest amount cannot be more than the interest remaining of $15.00.',
    );
    expectRefusal(await writeOff(loanId, -1, 0), 400, 'amountNotPositive');
    expectOk(await writeOff(loanId, 1000, 15));
    expectRefusal(await writeOff(loanId), 422, 'alreadyWrittenOff');
  });
});

describe('the ledger', () => {
  it('holds every invariant after all of the above (DESIGN §3)', async () => {
    const result = await checkLedger(t.ctx.db);
    expect(result.problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The catalogue against this file and against the specification

/** Texts the catalogue holds that are not refusals: the success toasts (core §8, and the clients' own). */
const successToasts: readonly MessageKey[] = [
  'investmentSuccessful',
  'loanCreated',
  'loanEdited',
  'arrearsCalculated',
  'payoutCreated',
  'payoutReceiptPublished',
  'loanPaidOut',
  'loanWrittenOff',
  'loanDeleted',
  'reversalSuccessful',
  'changesProcessed',
  'clientCreated',
  'clientEdited',
];

/** Texts only the web forms show: the API has no request that could be answered with them. */
const formTexts: Partial<Record<MessageKey, string>> = {
  confirmAmountMismatch: 'the confirmation dialog compares two typed amounts; the API receives one',
  formInvalid: 'the tooltip of the disabled Create button',
  formValid: 'the tooltip of the enabled Create button',
  confirmCreate: 'the text of the create confirmation dialog',
  marketplaceEmpty: 'what an empty marketplace list says (core §2.6); the API answers an empty list',
};

/** Refusals no request can reach, and why; each is proved by the domain's tests instead. */
const notReachableThroughTheApi: Partial<Record<MessageKey, string>> = {
  investAmountGreaterThanHundred:
    'the second investor kind is INVESTOR_READ_ONLY, which changes nothing (DESIGN §1): the invest route answers it 403 first; the use case behind it gives the text (both asserted above)',
  fullyPaidOff:
    'a written-off loan now says alreadyWrittenOff; a loan whose repayments are all paid before it is closed gives this text, set up directly in the database in loans.test.ts (payout refusals)',
  transitionRefused:
    'the guard of the loan state machine: every use case asks only for moves the machine names, so it marks a programming error, not a request',
};

/** The texts the specification quotes, word for word ({rate} stands for a rate, filled with 12.5). */
const specificationQuotes: readonly [MessageKey, string][] = [
  // core §5 "Invest amount"
  ['investAmountGreaterThanZero', 'Please input an investment amount greater than $0'],
  ['investAmountGreaterThanHundred', 'Please input an investment amount greater than $100'],
  ['selectAccountAndAmount', 'Please select an account and enter in an investment amount'],
  ['amountAboveRemaining', 'Please input an amount less than or equal to the remaining value of the loan'],
  ['amountAboveBalance', 'Please input an amount less than or equal to your account balance'],
  ['confirmAmountMismatch', 'Please enter the same amount to confirm'],
  // core §5 "Administrator invest"
  ['investRateAboveMaximum', 'The investment rate cannot exceed the Maximum Interest rate of {rate}%'],
  ['investRateZero', 'The investment rate cannot be zero'],
  // core §5 "Loan edit and creation" (also investor-and-admin §5 "Loan creation from a schedule")
  ['marketplaceRateNotPositive', 'Please input a rate greater than 0.'],
  ['marketplaceRateAboveMaximum', 'Please input an amount less than or equal to the Maximum Interest Rate of {rate}%'],
  ['typeRequired', 'Please input a type.'],
  ['clientNameRequired', 'Please input a client name.'],
  [
    'mandateOptionsInvalid',
    'The mandate options are invalid. A mandate can only be active if the rate is greater than the maximum loan rate.',
  ],
  ['formInvalid', 'There is an incorrect value in the form'],
  ['formValid', 'The form is valid'],
  ['confirmCreate', 'Please confirm the creation of the new loan'],
  // core §5 "Single-item fetches" and schedule processing
  ['loanMalformed', 'Loan data is malformed, please contact support if this continues.'],
  [
    'repaymentsUnprocessable',
    'There was an issue with your request, either there are no repayments or the file could not be properly processed.',
  ],
  // core §8 disabled-action messages, payout-date warning and investment tooltip
  ['noRepayments', 'Loan has no repayments'],
  ['notInArrearsInterest', 'Loan interest type is not In Arrears'],
  ['loanClosed', 'Loan is closed'],
  ['fundedBeforeCutoff', 'Loan was funded before 11/02/19, contact IT to manually payout loan'],
  ['notFullyFunded', 'Loan is not fully funded'],
  ['deployNotFullyFunded', 'Loan is not fully funded'],
  ['fullyPaidOff', 'Loan is already fully paid off'],
  ['hasInvestments', 'Loan has investments against it'],
  ['notSetupOrFunding', 'Loan is not of status Setup or Funding'],
  ['fullyFunded', 'Loan is fully funded'],
  ['houseAlreadyInvested', 'the house account is already invested in this loan'],
  ['onePercentExists', '1% investment already exists'],
  ['payoutTooFarInFuture', 'The payout can be previewed but not completed. The payout date is too far in the future.'],
  ['investmentFinalised', 'Investment has been finalised'],
  // core §8 success toasts
  ['investmentSuccessful', 'Investment successful'],
  ['loanCreated', 'Loan was successfully created'],
  ['loanEdited', 'Loan was successfully edited'],
  ['arrearsCalculated', 'Loans in arrears have been calculated'],
  ['payoutCreated', 'Loan Payout has been created'],
  ['loanPaidOut', 'loan has been paid out'],
  ['loanWrittenOff', 'Loan has been successfully written off'],
  ['loanDeleted', 'Loan has been successfully deleted'],
  ['reversalSuccessful', 'Reversal was successful'],
  ['changesProcessed', 'Changes were processed'],
  // core §2.6
  ['marketplaceEmpty', 'No new loans available, please check again later.'],
  // investor-and-admin §5 "Client"
  ['clientNameEmpty', 'Please input a non-empty value'],
  ['clientNameEditEmpty', 'Please input a name'],
];

const catalogueKeys = Object.keys(loanMessages) as MessageKey[];

describe('a thirdPartyId already used by a loan (third-party-id.test.ts has the rest)', () => {
  it('refuses a second loan with it, naming the loan that has it', async () => {
    const first = await createLoanViaApi(t, admin, smallLoanBody(1000, { thirdPartyId: 'TP-REFUSALS-1' }));
    expectRefusal(
      await t.call('POST', '/api/loans', {
        token: admin,
        body: smallLoanBody(2000, { thirdPartyId: 'TP-REFUSALS-1' }),
      }),
      422,
      'thirdPartyIdInUse',
      loanMessages.thirdPartyIdInUse('TP-REFUSALS-1', first, 'Loan of 1000'),
    );
  });
});

describe('the catalogue', () => {
  it('holds every text the specification quotes, word for word', () => {
    const sampleRate = 12.5;
    for (const [key, quote] of specificationQuotes) {
      const entry = loanMessages[key] as string | ((rate: number) => string);
      const text = typeof entry === 'function' ? entry(sampleRate) : entry;
      expect(text, key).toBe(quote.replaceAll('{rate}', String(sampleRate)));
    }
  });

  it('names only texts of the catalogue in its lists of non-refusals', () => {
    const named = [...successToasts, ...Object.keys(formTexts), ...Object.keys(notReachableThroughTheApi)];
    expect(named.filter((key) => !catalogueKeys.includes(key as MessageKey))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it('has every refusal produced through the API by the tests above', () => {
    const notRefusals = new Set<string>([...successToasts, ...Object.keys(formTexts)]);
    const expected = catalogueKeys.filter((key) => !notRefusals.has(key) && !(key in notReachableThroughTheApi)).sort();
    expect([...produced].sort()).toEqual(expected);
  });
});
