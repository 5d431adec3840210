import { type Cents, houseAccountId, saleMessages } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, checkLedger } from '../ledger';
import {
  brokenLedgerInvariants,
  createDeployedLoan,
  createWorkedExampleLoan,
  deposit,
  fixtureSchedule,
  openFundedAccount,
  payFixtureRepayment,
  repaymentPieces,
  type TestLoan,
} from '../repayments/repayments.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/**
 * The secondary sale through the API (spec core §3, §4, §5; DOMAIN.md "Secondary sale of an
 * investment"): DOMAIN.md's worked example to the cent, the sale and the next repayment; every
 * §5 message; a sale a buyer cannot fund, or whose quote changed, moves nothing; two concurrent
 * sales of one investment sell it once; the ledger check passes after the sales.
 */

let t: TestApp;
let management: string;
let loan: TestLoan & { accounts: { a: number; b: number; c: number } };
let investmentA: number;
let investmentB: number;
let x: number;
let y: number;
let poor: number;

/** Publishes and fractionalises the fixture loan's repayment `index` at the clock's time. */
const repay = (index: number) => payFixtureRepayment(t.ctx, loan.loanId, index, `SALE-${process.pid}-${index}`, 'S');

/** Moves the clock and signs in again (access tokens live 15 minutes of the clock). */
async function at(instant: string) {
  t.ctx.clock.set(instant);
  management = await t.login(demo.management);
}

const cents = async (accountId: number) => (await balancesOf(t.ctx.db, accountId)).availableCents;
const dollars = (c: Cents) => Number(c) / 100;

const quote = (body: unknown, token = management) =>
  t.call('POST', '/api/investments/actions/sell/quote', { token, body });
const sell = (body: unknown, key?: string, token = management) =>
  t.call('POST', '/api/investments/actions/sell', {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const exampleRows = () => [
  { investmentAccountId: x, interestRate: 11, purchasedFraction: 30 },
  { investmentAccountId: y, interestRate: 10, purchasedFraction: 20 },
];

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-02-21T10:00:00+11:00' });
  loan = await createWorkedExampleLoan(t.ctx, { thirdPartyId: `SALE-EXAMPLE-${process.pid}` });
  await repay(0);
  const investments = await t.ctx.db
    .selectFrom('investments')
    .select(['id', 'investmentAccountId'])
    .where('loanId', '=', loan.loanId)
    .execute();
  investmentA = investments.find((i) => i.investmentAccountId === loan.accounts.a)!.id;
  investmentB = investments.find((i) => i.investmentAccountId === loan.accounts.b)!.id;
  x = await openFundedAccount(t.ctx, { name: 'Buyer X', depositCents: 5_000_000n });
  y = await openFundedAccount(t.ctx, { name: 'Buyer Y', depositCents: 5_000_000n });
  poor = await openFundedAccount(t.ctx, { name: 'Buyer Poor', depositCents: 10_000n });
  await at('2027-03-05T10:00:00+11:00');
});
afterAll(() => t.close());

describe('the sale rules of spec core §5, through the API', () => {
  const body = (rows: unknown[], saleDate = '2027-03-05', investmentId = investmentA) => ({
    investmentId,
    saleDate,
    purchaserDetailsRequests: rows,
  });

  it('buyer rows: rate, account, percentage and total, word for word (400 naming the field)', async () => {
    const cases: [unknown[], string, string][] = [
      [
        [{ investmentAccountId: x, interestRate: 0, purchasedFraction: 10 }],
        'purchaserDetailsRequests.0.interestRate',
        'Please input a rate greater than 0',
      ],
      [
        [{ investmentAccountId: x, interestRate: 12.6, purchasedFraction: 10 }],
        'purchaserDetailsRequests.0.interestRate',
        'Please input a rate less than or equal to the loan Maximum Interest Rate 12.5',
      ],
      [
        [{ interestRate: 10, purchasedFraction: 10 }],
        'purchaserDetailsRequests.0.investmentAccountId',
        'Please input an account',
      ],
      [
        [{ investmentAccountId: x, interestRate: 10, purchasedFraction: 0 }],
        'purchaserDetailsRequests.0.purchasedFraction',
        saleMessages.percentageNotPositive,
      ],
      [
        [{ investmentAccountId: x, interestRate: 10, purchasedFraction: 100.5 }],
        'purchaserDetailsRequests.0.purchasedFraction',
        saleMessages.percentageAboveHundred,
      ],
      [
        [
          { investmentAccountId: x, interestRate: 10, purchasedFraction: 60 },
          { investmentAccountId: y, interestRate: 10, purchasedFraction: 40.0000000001 },
        ],
        'purchaserDetailsRequests',
        saleMessages.percentageTotalAboveHundred,
      ],
    ];
    for (const [rows, field, message] of cases) {
      for (const call of [quote, sell]) {
        const res = await call(body(rows));
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.userMessage).toBe(message);
        expect(res.body.details).toContainEqual(expect.objectContaining({ field, message }));
      }
    }
  });

  it('the four sale-date rules', async () => {
    const rows = exampleRows();
    const future = await quote(body(rows, '2027-03-06'));
    expect([future.status, future.body.userMessage]).toEqual([422, 'A sale cannot occur in the future.']);
    const early = await quote(body(rows, '2027-02-19'));
    expect([early.status, early.body.userMessage]).toEqual([
      422,
      'A sale cannot occur before the last fractionalised repayment.',
    ]);
    // on the fractionalised repayment's own date the sale must come after it (the seller received it)
    const onDue = await quote(body(rows, '2027-02-20'));
    expect(onDue.body.userMessage).toBe('A sale cannot occur before the last fractionalised repayment.');
    // the receiver toggle: 15 minutes after the default 23:45:59.4, past the due instant
    const seller = await quote(body(rows, '2027-02-21T00:00:59.400+11:00'));
    expect(seller.status, JSON.stringify(seller.body)).toBe(200);
    expect(seller.body.data.accruedDays).toBe(0);
    expect(seller.body.data.repayments[0]).toMatchObject({
      dueDate: '2027-02-20',
      receiver: 'SELLER',
      onSaleDate: true,
    });
    // (after the last repayment and after an unpaid repayment: below, once the clock has moved on)
  });

  it('cannot buy and sell the same investment', async () => {
    const res = await quote(body([{ investmentAccountId: loan.accounts.a, interestRate: 11, purchasedFraction: 10 }]));
    expect([res.status, res.body.userMessage]).toEqual([400, 'Cannot buy and sell the same investment']);
  });

  it('a sale one buyer cannot fund is previewed as such and moves nothing', async () => {
    const rows = [...exampleRows(), { investmentAccountId: poor, interestRate: 10, purchasedFraction: 10 }];
    const preview = await quote(body(rows));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const p = preview.body.data;
    expect(p.allHaveFunds).toBe(false);
    expect(p.purchaserDetails.map((d: any) => d.hasFunds)).toEqual([true, true, false]);
    expect(p.purchaserDetails[2]).toMatchObject({ availableBalance: 100, fundsRequired: 5548.67 });
    const before = await Promise.all([x, y, poor, loan.accounts.a].map(cents));
    const res = await sell({ ...body(rows), quoteId: p.quoteId });
    expect([res.status, res.body.userMessage]).toEqual([422, 'Not all buyers/sellers/organisation have enough funds']);
    expect(await Promise.all([x, y, poor, loan.accounts.a].map(cents))).toEqual(before);
    const still = await t.call('GET', `/api/investments/${investmentA}`, { token: management });
    expect(still.body.data.saleDate).toBeNull();
  });

  it('a sale whose quote no longer matches its inputs is refused and moves nothing', async () => {
    const preview = await quote(body(exampleRows()));
    expect(preview.status).toBe(200);
    const changed = [exampleRows()[0], { ...exampleRows()[1], purchasedFraction: 21 }];
    const res = await sell({ ...body(changed), quoteId: preview.body.data.quoteId });
    expect([res.status, res.body.userMessage]).toEqual([422, saleMessages.quoteChanged]);
    const otherDate = await sell({ ...body(exampleRows(), '2027-03-04'), quoteId: preview.body.data.quoteId });
    expect(otherDate.body.userMessage).toBe(saleMessages.quoteChanged);
    const still = await t.call('GET', `/api/investments/${investmentA}`, { token: management });
    expect(still.body.data.saleDate).toBeNull();
  });

  it('only management quotes and sells', async () => {
    const support = await t.login(demo.support);
    const investor = await t.login(demo.investor);
    expect((await quote(body(exampleRows()), support)).status).toBe(403);
    expect((await sell(body(exampleRows()), undefined, investor)).status).toBe(403);
  });
});

describe("DOMAIN.md's worked example", () => {
  let result: any;

  it('the preview: X 30% and Y 20% at their rates, Fill & Preview keeps 50% for A, to the cent', async () => {
    const rows = [
      ...exampleRows(),
      { investmentAccountId: loan.accounts.a, interestRate: 10.5, purchasedFraction: 50 },
    ];
    const res = await quote({ investmentId: investmentA, saleDate: '2027-03-05', purchaserDetailsRequests: rows });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({
      saleDay: '2027-03-05',
      principalOutstanding: 55_280.03,
      accruedFromDate: '2027-02-20',
      accruedDays: 13,
      principalAmount: 27_640.02,
      interestPayout: 103.37,
      interestPayoutFee: 0,
      interestTopUpAmount: 0,
      taxWithheldAmount: 0,
      sellerNetAmount: 27_743.39,
      sellerHasFunds: true,
      orgHasFunds: true,
      providerHasFunds: true,
      allHaveFunds: true,
      sellerRemainder: {
        investmentAccountId: loan.accounts.a,
        interestRate: 10.5,
        purchasedFraction: 50,
        principalAmount: 27_640.01,
      },
    });
    // today: capped at now
    expect(p.saleDate.startsWith('2027-03-04T23:')).toBe(true);
    expect(
      p.purchaserDetails.map((d: any) => [
        d.investmentAccountId,
        d.principalAmount,
        d.interestPayout,
        d.fundsRequired,
        d.isSeller,
      ]),
    ).toEqual([
      [x, 16_584.01, 62.02, 16_646.03, false],
      [y, 11_056.01, 41.35, 11_097.36, false],
      [loan.accounts.a, 27_640.01, 0, 0, true],
    ]);
    // the repayments: the first the seller's, the rest the buyers'; X's estimated share of the next
    expect(p.repayments[0]).toMatchObject({
      dueDate: '2027-02-20',
      receiver: 'SELLER',
      afterSale: false,
      fractionalised: true,
    });
    expect(p.repayments[1]).toMatchObject({ dueDate: '2027-03-20', receiver: 'BUYER', afterSale: true });
    expect(p.purchaserDetails[0].repayments[0]).toMatchObject({
      dueDate: '2027-03-20',
      principalAmount: 1430.74,
      interestAmount: 152.02,
    });
    expect(p.purchaserDetails[0].repayments).toHaveLength(11);

    // sold as quoted, under an Idempotency-Key: a replay answers the same and moves nothing more
    const before = { x: await cents(x), y: await cents(y), a: await cents(loan.accounts.a) };
    const sold = await sell(
      { investmentId: investmentA, saleDate: '2027-03-05', purchaserDetailsRequests: rows, quoteId: p.quoteId },
      'sale-example-1',
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.userMessage).toBe('Sale was successful');
    const replay = await sell(
      { investmentId: investmentA, saleDate: '2027-03-05', purchaserDetailsRequests: rows, quoteId: p.quoteId },
      'sale-example-1',
    );
    expect(replay.body).toEqual(sold.body);
    result = sold.body.data;
    expect(dollars(before.x - (await cents(x)))).toBe(16_646.03);
    expect(dollars(before.y - (await cents(y)))).toBe(11_097.36);
    expect(dollars((await cents(loan.accounts.a)) - before.a)).toBe(27_743.39);
    expect(
      result.newInvestments.map((n: any) => [n.investmentAccountId, n.principalAmount, n.interestRate, n.isSeller]),
    ).toEqual([
      [x, 16_584.01, 11, false],
      [y, 11_056.01, 10, false],
      [loan.accounts.a, 27_640.01, 10.5, true],
    ]);
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });

  it('the original shows its sale date and sale transactions; the new holdings are on the loan and the accounts', async () => {
    const original = await t.call('GET', `/api/investments/${investmentA}`, { token: management });
    expect(original.status, JSON.stringify(original.body)).toBe(200);
    expect(original.body.data.saleDate).toBe(result.saleDate);
    expect(original.body.data.investmentSaleTransactionId).toBe(result.saleTransactionId);
    const sale = original.body.data.investmentSaleTransactions;
    expect(
      sale.map((s: any) => [s.type, s.investmentAccountId, s.grossAmount, s.principalAmount, s.interestAmount]),
    ).toEqual([
      ['PURCHASE', x, 16_646.03, 16_584.01, 62.02],
      ['PURCHASE', y, 11_097.36, 11_056.01, 41.35],
      ['SALE', loan.accounts.a, 27_743.39, 27_640.02, 103.37],
    ]);
    const onLoan = await t.call('GET', `/api/loans/${loan.loanId}/investments?$filter=saleDate eq null&$orderby=id`, {
      token: management,
    });
    expect(onLoan.status, JSON.stringify(onLoan.body)).toBe(200);
    expect(
      onLoan.body.data.map((i: any) => [i.investmentAccountId, i.principalOutstanding, i.originalInvestmentId]),
    ).toEqual([
      [loan.accounts.b, 36_853.35, null],
      [houseAccountId, 1_105.6, null],
      [loan.accounts.c, 17_321.08, null],
      [x, 16_584.01, investmentA],
      [y, 11_056.01, investmentA],
      [loan.accounts.a, 27_640.01, investmentA],
    ]);
    const ofX = await t.call('GET', `/api/investmentAccounts/${x}/investments`, { token: management });
    expect(ofX.body.data.map((i: any) => [i.loanId, i.investedAmount])).toEqual([[loan.loanId, 16_584.01]]);
    const again = await quote({
      investmentId: investmentA,
      saleDate: '2027-03-05',
      purchaserDetailsRequests: exampleRows(),
    });
    expect([again.status, again.body.userMessage]).toEqual([422, 'Investment has been sold']);
  });

  it('the next repayment pays the new holders, each for its whole period at its own rate', async () => {
    await at('2027-03-25T10:00:00+11:00');
    // first: a sale after the unpaid second repayment is refused
    const late = await quote({
      investmentId: investmentB,
      saleDate: '2027-03-22',
      purchaserDetailsRequests: exampleRows(),
    });
    expect([late.status, late.body.userMessage]).toEqual([422, 'A sale cannot occur after an unpaid repayment.']);

    const [split] = await repay(1);
    const pieces = await repaymentPieces(t.ctx, split!.ledgerEntryId!);
    expect(split!.holdersPaid).toBe(pieces.length);
    const by = Object.fromEntries(pieces.map((p) => [p.investmentAccountId, p]));
    expect(by[loan.accounts.a]).toMatchObject({
      principalAmount: 2384.57,
      interestAmount: 241.85,
      cashAmount: 2626.42,
    });
    expect(by[loan.accounts.b]).toMatchObject({
      principalAmount: 3179.42,
      interestAmount: 383.89,
      cashAmount: 3563.31,
    });
    expect(by[houseAccountId]).toMatchObject({ principalAmount: 95.38, interestAmount: 9.67, cashAmount: 105.05 });
    expect(by[loan.accounts.c]).toMatchObject({
      principalAmount: 1494.33,
      interestAmount: 151.56,
      taxWithheldAmount: 15.16,
      cashAmount: 1630.73,
    });
    expect(by[x]).toMatchObject({ principalAmount: 1430.74, interestAmount: 152.02, cashAmount: 1582.76 });
    expect(by[y]).toMatchObject({ principalAmount: 953.83, interestAmount: 92.13, cashAmount: 1045.96 });
    expect(split!.commissionAmount).toBe(120.55);
    expect(pieces.map((p) => p.investmentId)).not.toContain(investmentA);

    // the investment screens: X's holding shares the repayments from the sale on, as 15% of the loan
    const xInvestment = result.newInvestments[0].investmentId;
    const xRepayments = await t.call('GET', `/api/investments/${xInvestment}/repayments?$top=100`, {
      token: management,
    });
    expect(xRepayments.status, JSON.stringify(xRepayments.body)).toBe(200);
    expect(xRepayments.body.data[0]).toMatchObject({
      dueDate: '2027-03-20',
      principalDue: 1430.74,
      principalPaid: 1430.74,
      interestPaid: 152.02,
    });
    expect(xRepayments.body.data).toHaveLength(11);
    const aRepayments = await t.call('GET', `/api/investments/${investmentA}/repayments`, { token: management });
    expect(aRepayments.body.data.map((r: any) => [r.dueDate, r.principalPaid])).toEqual([['2027-02-20', 4719.97]]);
    const xDetail = await t.call('GET', `/api/investments/${xInvestment}`, { token: management });
    expect(xDetail.body.data).toMatchObject({
      investmentPercentage: 15,
      investedAmount: 16_584.01,
      originalInvestmentId: investmentA,
    });
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
  });
});

describe('after the example', () => {
  it('two concurrent sales of one investment sell it once', async () => {
    await at('2027-03-25T10:00:00+11:00');
    await deposit(t.ctx, x, 10_000_000n);
    await deposit(t.ctx, y, 10_000_000n);
    const request = (buyer: number) => ({
      investmentId: investmentB,
      saleDate: '2027-03-25',
      purchaserDetailsRequests: [{ investmentAccountId: buyer, interestRate: 12, purchasedFraction: 40 }],
    });
    const before = { x: await cents(x), y: await cents(y) };
    const [one, two] = await Promise.all([sell(request(x), 'race-x'), sell(request(y), 'race-y')]);
    const statuses = [one.status, two.status].sort();
    expect(statuses, JSON.stringify([one.body, two.body])).toEqual([200, 422]);
    const refused = one.status === 422 ? one : two;
    expect(refused.body.userMessage).toBe('Investment has been sold');
    const paid = [before.x - (await cents(x)), before.y - (await cents(y))].filter((c) => c !== 0n);
    expect(paid).toHaveLength(1);
    const children = await t.ctx.db
      .selectFrom('investments')
      .select('id')
      .where('originalInvestmentId', '=', investmentB)
      .execute();
    expect(children).toHaveLength(2);
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('after the last repayment, and a loan not Active, are refused', async () => {
    await at('2027-03-05T10:00:00+11:00');
    const owner = await openFundedAccount(t.ctx, { name: 'Small owner', depositCents: 1_000_000n });
    const small = await createDeployedLoan(t.ctx, {
      amountCents: 1_000_000n,
      baseRate: '12.5',
      schedule: [
        { dueDate: '2027-03-10', principalDueCents: 500_000n, interestDueCents: 1_000n },
        { dueDate: '2027-03-20', principalDueCents: 500_000n, interestDueCents: 500n },
      ],
      investments: [{ accountId: owner, amountCents: 1_000_000n, rate: '10' }],
    });
    await at('2027-03-25T10:00:00+11:00');
    const request = {
      investmentId: small.investmentIds[0],
      saleDate: '2027-03-22',
      purchaserDetailsRequests: [{ investmentAccountId: x, interestRate: 10, purchasedFraction: 50 }],
    };
    const last = await quote(request);
    expect([last.status, last.body.userMessage]).toEqual([422, 'A sale cannot occur after the last repayment.']);
    const arrears = await t.call('POST', '/api/loans/actions/arrearsCheck', { token: management, body: {} });
    expect(arrears.status, JSON.stringify(arrears.body)).toBe(200);
    const inArrears = await quote({ ...request, saleDate: '2027-03-09' });
    expect([inArrears.status, inArrears.body.userMessage]).toEqual([422, "Investment's Loan is not Active"]);
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
  });
});

describe('a mandate seller, foreign, with a sale fee', () => {
  let app: TestApp;
  afterAll(() => app?.close());

  it('555 tops the interest up above base, keeps the fee, 10% is withheld, all in one balanced entry', async () => {
    app = await createTestApp({
      clockNow: '2027-02-21T10:00:00+11:00',
      env: { SALE_INTEREST_PAYOUT_FEE_PERCENT: '10' },
    });
    const m = await openFundedAccount(app.ctx, { name: 'Mandate M', isForeign: true, depositCents: 6_000_000n });
    const b = await openFundedAccount(app.ctx, { name: 'Holder B', depositCents: 6_000_000n });
    const buyer = await openFundedAccount(app.ctx, { name: 'Buyer', depositCents: 5_000_000n });
    await deposit(app.ctx, houseAccountId, 1_000_000n);
    const mandateLoan = await createDeployedLoan(app.ctx, {
      amountCents: 12_000_000n,
      baseRate: '12.5',
      schedule: fixtureSchedule,
      investments: [
        { accountId: m, amountCents: 6_000_000n, rate: '14' },
        { accountId: b, amountCents: 6_000_000n, rate: '12.5' },
      ],
    });
    await payFixtureRepayment(app.ctx, mandateLoan.loanId, 0, `MS-${process.pid}`, 'M');
    app.ctx.clock.set('2027-03-05T10:00:00+11:00');
    const token = await app.login(demo.management);
    const houseBefore = (await balancesOf(app.ctx.db, houseAccountId)).availableCents;
    const body = {
      investmentId: mandateLoan.investmentIds[0],
      saleDate: '2027-03-05',
      purchaserDetailsRequests: [{ investmentAccountId: buyer, interestRate: 12, purchasedFraction: 50 }],
    };
    const preview = await app.call('POST', '/api/investments/actions/sell/quote', { token, body });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // 27,640.02 x 14% x 13 / 365 = 137.82 accrued; the buyer pays 12.5%: 123.05; 555 the 14.77 above base
    expect(preview.body.data).toMatchObject({
      principalOutstanding: 55_280.03,
      principalAmount: 27_640.02,
      interestPayout: 137.82,
      interestTopUpAmount: 14.77,
      interestPayoutFee: 12.31,
      taxWithheldAmount: 13.78,
      sellerNetAmount: 27_751.75,
      orgInterestCommission: 14.77,
      orgInterestFee: 12.31,
      orgFundsRequired: 14.77,
      orgHasFunds: true,
      isForeign: true,
    });
    expect(preview.body.data.purchaserDetails[0]).toMatchObject({
      principalAmount: 27_640.02,
      interestPayout: 123.05,
      interestPayoutFee: 12.31,
      interestTopUpAmountFee: 14.77,
      fundsRequired: 27_763.07,
    });
    const sold = await app.call('POST', '/api/investments/actions/sell', {
      token,
      body: { ...body, quoteId: preview.body.data.quoteId },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect((await balancesOf(app.ctx.db, houseAccountId)).availableCents - houseBefore).toBe(1_231n - 1_477n);
    const rows = await app.ctx.db
      .selectFrom('accountTransactions')
      .select(['investmentAccountId', 'type', 'grossAmount', 'feesAmount', 'taxWithheldAmount'])
      .where('ledgerEntryId', '=', sold.body.data.ledgerEntryId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        investmentAccountId: buyer,
        type: 'PURCHASE',
        grossAmount: '27763.07',
        feesAmount: '0.00',
        taxWithheldAmount: '0.00',
      },
      {
        investmentAccountId: m,
        type: 'SALE',
        grossAmount: '27751.75',
        feesAmount: '12.31',
        taxWithheldAmount: '13.78',
      },
      {
        investmentAccountId: houseAccountId,
        type: 'FEE',
        grossAmount: '12.31',
        feesAmount: '12.31',
        taxWithheldAmount: '0.00',
      },
      {
        investmentAccountId: houseAccountId,
        type: 'INTEREST_TOP_UP',
        grossAmount: '14.77',
        feesAmount: '0.00',
        taxWithheldAmount: '0.00',
      },
    ]);
    // the seller's remainder keeps the mandate rate
    const kept = await app.ctx.db
      .selectFrom('investments')
      .select(['investmentAccountId', 'investedAmount', 'investmentInterestRate', 'mandateRate'])
      .where('originalInvestmentId', '=', mandateLoan.investmentIds[0]!)
      .orderBy('id')
      .execute();
    expect(kept.map((k) => [k.investmentAccountId, k.investedAmount, Number(k.investmentInterestRate)])).toEqual([
      [buyer, '27640.02', 12],
      [m, '27640.01', 14],
    ]);
    expect((await checkLedger(app.ctx.db)).problems).toEqual([]);
  });

  it('In Advance: the seller refunds each buyer the interest from the sale to the next due date', async () => {
    const seller = await openFundedAccount(app.ctx, { name: 'Advance seller', depositCents: 1_000_000n });
    const buyer = await openFundedAccount(app.ctx, { name: 'Advance buyer', depositCents: 1_000_000n });
    const advance = await createDeployedLoan(app.ctx, {
      amountCents: 1_000_000n,
      baseRate: '12.5',
      schedule: [
        { dueDate: '2027-03-20', principalDueCents: 500_000n, interestDueCents: 5_000n },
        { dueDate: '2027-04-20', principalDueCents: 500_000n, interestDueCents: 2_500n },
      ],
      investments: [{ accountId: seller, amountCents: 1_000_000n, rate: '10' }],
    });
    await app.ctx.db
      .updateTable('loans')
      .set({ interestType: 'IN_ADVANCE' })
      .where('id', '=', advance.loanId)
      .execute();
    const token = await app.login(demo.management);
    const body = {
      investmentId: advance.investmentIds[0],
      saleDate: '2027-03-05',
      purchaserDetailsRequests: [{ investmentAccountId: buyer, interestRate: 10, purchasedFraction: 40 }],
    };
    const preview = await app.call('POST', '/api/investments/actions/sell/quote', { token, body });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // 4,000.00 x 10% x 15 days (to 2027-03-20) / 365 = 16.44 refunded to the buyer
    expect(preview.body.data).toMatchObject({
      interestType: 'IN_ADVANCE',
      principalAmount: 4000,
      interestPayout: -16.44,
      sellerFundsRequired: 16.44,
      sellerHasFunds: true,
      sellerNetAmount: 3983.56,
      taxWithheldAmount: 0,
    });
    expect(preview.body.data.purchaserDetails[0]).toMatchObject({ interestPayout: -16.44, fundsRequired: 3983.56 });
    const before = { seller: await balancesOf(app.ctx.db, seller), buyer: await balancesOf(app.ctx.db, buyer) };
    const sold = await app.call('POST', '/api/investments/actions/sell', {
      token,
      body: { ...body, quoteId: preview.body.data.quoteId },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect((await balancesOf(app.ctx.db, seller)).availableCents - before.seller.availableCents).toBe(398_356n);
    expect(before.buyer.availableCents - (await balancesOf(app.ctx.db, buyer)).availableCents).toBe(398_356n);
    expect((await checkLedger(app.ctx.db)).problems).toEqual([]);
  });
});
