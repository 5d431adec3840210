import { houseAccountId, loanMessages } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, checkLedger } from '../ledger';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import {
  createLoanViaApi,
  fixtureLoanBody,
  fundHouse,
  fundingClock,
  investorWithAccount,
  smallLoanBody,
} from './investing.test-support';
import { loanDailyJob } from './loan-daily-job';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clockNow: fundingClock });
  admin = await t.login(demo.management);
  await fundHouse(t.ctx, 10_000_000n);
});
afterAll(() => t.close());

const dollars = (cents: bigint) => Number(cents) / 100;

async function loanRow(id: number) {
  const res = await t.call('GET', `/api/loans?$filter=id eq ${id}&$expand=loanDetails`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

async function balances(accountId: number) {
  const b = await balancesOf(t.ctx.db, accountId);
  return { current: dollars(b.currentCents), available: dollars(b.availableCents) };
}

describe('investing until fully funded, then deploy', () => {
  it('two investors fund the fixture loan; deploy finalises, pays the borrower and the loan is Active', async () => {
    const body = await fixtureLoanBody(t, admin, { loan: { disbursementDate: '2026-12-10' } });
    const loanId = await createLoanViaApi(t, admin, body);
    expect((await loanRow(loanId)).status).toBe('FUNDING');

    const market = await t.call('GET', '/api/marketplace/loans', { token: admin });
    expect(market.body.data.map((l: { id: number }) => l.id)).toContain(loanId);

    const a = await investorWithAccount(t.ctx, { balanceCents: 10_000_000n });
    const b = await investorWithAccount(t.ctx, { balanceCents: 5_000_000n });
    const first = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: a.token,
      body: { investmentAccountId: a.accountId, amount: 80_000 },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.userMessage).toBe('Investment successful');
    expect(first.body.data).toMatchObject({ investedAmount: 80_000, investmentInterestRate: 10.5, loanId });
    expect(await balances(a.accountId)).toEqual({ current: 100_000, available: 20_000 });

    const second = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: b.token,
      body: { investmentAccountId: b.accountId, amount: 40_000 },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const funded = await loanRow(loanId);
    expect(funded).toMatchObject({ status: 'FULLY_FUNDED', fundedAmount: 120_000, fundedProgress: 100 });
    expect(funded.fundedDate).toBeTruthy();
    const after = await t.call('GET', '/api/marketplace/loans', { token: admin });
    expect(after.body.data.map((l: { id: number }) => l.id)).not.toContain(loanId);

    const deployed = await t.call('POST', `/api/loans/${loanId}/actions/deploy`, { token: admin });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    expect(deployed.body.data.status).toBe('ACTIVE');
    expect(await balances(a.accountId)).toEqual({ current: 20_000, available: 20_000 });
    // a deployed loan is not open for investment: the refusal says so, not that the amount is too large
    const late = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: a.token,
      body: { investmentAccountId: a.accountId, amount: 100 },
    });
    expect(late.status).toBe(422);
    expect(late.body.userMessage).toBe(loanMessages.notOpenForInvestment);
    const lateManagement = await t.call('POST', `/api/loans/${loanId}/invest`, {
      token: admin,
      body: { investmentAccountId: a.accountId, amount: 100, rate: 5 },
    });
    expect(lateManagement.status).toBe(422);
    expect(lateManagement.body.userMessage).toBe(loanMessages.notOpenForInvestment);
    expect(await balances(b.accountId)).toEqual({ current: 10_000, available: 10_000 });

    const investments = await t.call('GET', `/api/loans/${loanId}/investments?$expand=investmentAccount`, {
      token: admin,
    });
    expect(investments.body.data).toHaveLength(2);
    for (const i of investments.body.data) expect(i.finalisedDate).toBeTruthy();
  });
});

describe('the race for the last $10,000', () => {
  it('30 concurrent investors: the funded amount ends exactly at the amount, the others are refused', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(50_000));
    const early = await investorWithAccount(t.ctx, { balanceCents: 4_000_000n });
    const pre = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: early.token,
      body: { investmentAccountId: early.accountId, amount: 40_000 },
    });
    expect(pre.status).toBe(200);
    const racers = [];
    for (let i = 0; i < 30; i++) racers.push(await investorWithAccount(t.ctx, { balanceCents: 1_000_000n }));
    const results = await Promise.all(
      racers.map((r) =>
        t.call('POST', `/api/user/loans/${loanId}/invest`, {
          token: r.token,
          body: { investmentAccountId: r.accountId, amount: 4_000 },
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(succeeded).toHaveLength(2); // 2 x 4,000 fit in the last 10,000; a third would pass it
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect(r.body.userMessage).toBe(loanMessages.amountAboveRemaining);
    }
    const loan = await loanRow(loanId);
    expect(loan.fundedAmount).toBe(48_000);
    const last = await investorWithAccount(t.ctx, { balanceCents: 1_000_000n });
    const raceToEnd = await Promise.all(
      [last, ...racers.slice(0, 5)].map((r) =>
        t.call('POST', `/api/user/loans/${loanId}/invest`, {
          token: r.token,
          body: { investmentAccountId: r.accountId, amount: 2_000 },
        }),
      ),
    );
    expect(raceToEnd.filter((r) => r.status === 200)).toHaveLength(1);
    const full = await loanRow(loanId);
    expect(full.fundedAmount).toBe(50_000);
    expect(full.status).toBe('FULLY_FUNDED');
    const sum = await t.ctx.db
      .selectFrom('investments')
      .select((eb) => eb.fn.sum<string>('investedAmount').as('total'))
      .where('loanId', '=', loanId)
      .where('reversedDate', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(sum.total)).toBe(50_000);
  });
});

describe('house account', () => {
  it('invests 1% rounded up to the cent, then refuses with the reasons of §8', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(12_345.02));
    const res = await t.call('POST', `/api/loans/${loanId}/actions/investOnePercent`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ investmentAccountId: houseAccountId, investedAmount: 123.46 });
    const again = await t.call('POST', `/api/loans/${loanId}/actions/investOnePercent`, { token: admin });
    expect(again.status).toBe(422);
    expect(again.body.userMessage).toBe('1% investment already exists');
    // a house holding of at least 1% made otherwise than by Invest 1%
    const other = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const chosen = await t.call('POST', `/api/loans/${other}/invest`, {
      token: admin,
      body: { investmentAccountId: houseAccountId, amount: 250, rate: 10 },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const refused = await t.call('POST', `/api/loans/${other}/actions/investOnePercent`, { token: admin });
    expect(refused.status).toBe(422);
    expect(refused.body.userMessage).toBe('the house account is already invested in this loan');
  });
});

describe('investor invest rules (core §5)', () => {
  it('refuses with the specification messages', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const investor = await investorWithAccount(t.ctx, { balanceCents: 50_000n });
    const invest = (body: Record<string, unknown>, token = investor.token) =>
      t.call('POST', `/api/user/loans/${loanId}/invest`, { token, body });
    const zero = await invest({ investmentAccountId: investor.accountId, amount: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.userMessage).toBe('Please input an investment amount greater than $0');
    const noAccount = await invest({ amount: 100 });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.userMessage).toBe('Please select an account and enter in an investment amount');
    const noAmount = await invest({ investmentAccountId: investor.accountId });
    expect(noAmount.body.userMessage).toBe('Please select an account and enter in an investment amount');
    const tooMuch = await invest({ investmentAccountId: investor.accountId, amount: 10_000.01 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.userMessage).toBe(
      'Please input an amount less than or equal to the remaining value of the loan',
    );
    const balance = await invest({ investmentAccountId: investor.accountId, amount: 500.01 });
    expect(balance.status).toBe(422);
    expect(balance.body.userMessage).toBe('Please input an amount less than or equal to your account balance');
    const ok = await invest({ investmentAccountId: investor.accountId, amount: 500 });
    expect(ok.status).toBe(200);
    expect(await balances(investor.accountId)).toEqual({ current: 500, available: 0 });
  });

  it("invests only for the caller's own accounts; the read-only investor changes nothing", async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const mine = await investorWithAccount(t.ctx, { balanceCents: 50_000n });
    const other = await investorWithAccount(t.ctx, { balanceCents: 50_000n });
    const res = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: mine.token,
      body: { investmentAccountId: other.accountId, amount: 100 },
    });
    expect(res.status).toBe(404);
    const readOnly = await investorWithAccount(t.ctx, { balanceCents: 50_000n, role: 'INVESTOR_READ_ONLY' });
    const refused = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: readOnly.token,
      body: { investmentAccountId: readOnly.accountId, amount: 100 },
    });
    expect(refused.status).toBe(403);
    expect(await balances(other.accountId)).toEqual({ current: 500, available: 500 });
  });

  it('replays an Idempotency-Key: the same response, and the money moves once', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const investor = await investorWithAccount(t.ctx, { balanceCents: 100_000n });
    const send = (amount: number) =>
      t.call('POST', `/api/user/loans/${loanId}/invest`, {
        token: investor.token,
        body: { investmentAccountId: investor.accountId, amount },
        headers: { 'idempotency-key': `invest-${loanId}` },
      });
    const first = await send(300);
    const again = await send(300);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balances(investor.accountId)).toEqual({ current: 1000, available: 700 });
    const other = await send(400);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });
});

describe('strict invest input (docs/decisions/006-one-contract.md)', () => {
  it('refuses coerced amounts, ids and rates as bad input naming the field, and moves nothing', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const investor = await investorWithAccount(t.ctx, { balanceCents: 50_000n });
    const account = investor.accountId;
    const asInvestor = (body: Record<string, unknown>) =>
      t.call('POST', `/api/user/loans/${loanId}/invest`, { token: investor.token, body });
    const asManagement = (body: Record<string, unknown>) =>
      t.call('POST', `/api/loans/${loanId}/invest`, { token: admin, body });
    const fieldsOf = (res: Awaited<ReturnType<typeof asInvestor>>) =>
      (res.body.details ?? []).map((d: { field: string }) => d.field);
    for (const amount of ['0x10', '1e2', true, [5], 1.005, '5.', null]) {
      const res = await asInvestor({ investmentAccountId: account, amount });
      expect(res.status, JSON.stringify({ amount, body: res.body })).toBe(400);
      expect(fieldsOf(res)).toContain('amount');
      expect(res.body.userMessage).toBe(loanMessages.selectAccountAndAmount);
    }
    const textId = await asInvestor({ investmentAccountId: String(account), amount: 100 });
    expect(textId.status).toBe(400);
    expect(fieldsOf(textId)).toContain('investmentAccountId');
    const textRate = await asManagement({ investmentAccountId: account, amount: 100, rate: '10' });
    expect(textRate.status).toBe(400);
    expect(fieldsOf(textRate)).toContain('rate');
    const badPath = await t.call('POST', '/api/loans/0x10/invest', {
      token: admin,
      body: { investmentAccountId: account, amount: 100, rate: 10 },
    });
    expect(badPath.status).toBe(400);
    const autoText = await t.call('POST', `/api/loans/${loanId}/actions/autoInvest`, {
      token: admin,
      body: { amount: '0x10' },
    });
    expect(autoText.status).toBe(400);
    expect(fieldsOf(autoText)).toContain('amount');
    // the whole remaining funding is asked by leaving the amount out, not by null
    const autoNull = await t.call('POST', `/api/loans/${loanId}/actions/autoInvest`, {
      token: admin,
      body: { amount: null },
    });
    expect(autoNull.status).toBe(400);
    expect(fieldsOf(autoNull)).toContain('amount');
    expect(await balances(account)).toEqual({ current: 500, available: 500 });
    // a decimal string with at most two places is an amount
    const asText = await asInvestor({ investmentAccountId: account, amount: '100.25' });
    expect(asText.status, JSON.stringify(asText.body)).toBe(200);
    expect(asText.body.data.investedAmount).toBe(100.25);
  });
});

describe('management invest (core §5 Administrator invest)', () => {
  it('invests at a chosen rate in (0, maximum], and refuses zero and above the maximum', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const account = await investorWithAccount(t.ctx, { balanceCents: 500_000n });
    const invest = (rate: number | undefined) =>
      t.call('POST', `/api/loans/${loanId}/invest`, {
        token: admin,
        body: { investmentAccountId: account.accountId, amount: 1000, rate },
      });
    const zero = await invest(0);
    expect(zero.status).toBe(400);
    expect(zero.body.userMessage).toBe('The investment rate cannot be zero');
    const above = await invest(12.6);
    expect(above.status).toBe(400);
    expect(above.body.userMessage).toBe('The investment rate cannot exceed the Maximum Interest rate of 12.5%');
    const ok = await invest(12.5);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ investmentInterestRate: 12.5, mandateRate: null, investedAmount: 1000 });
    const support = await t.login(demo.support);
    const forbidden = await t.call('POST', `/api/loans/${loanId}/invest`, {
      token: support,
      body: { investmentAccountId: account.accountId, amount: 10, rate: 10 },
    });
    expect(forbidden.status).toBe(403);
  });

  it("fixes the rate to the account's mandate rate; above the maximum only as an active mandate option", async () => {
    const mandate = await investorWithAccount(t.ctx, { balanceCents: 500_000n, mandateRate: '13.5' });
    const withOption = await createLoanViaApi(t, admin, {
      ...smallLoanBody(10_000),
      investmentTopups: [{ investmentAccountId: mandate.accountId, mandateRate: 13.5, isActive: true }],
    });
    const res = await t.call('POST', `/api/loans/${withOption}/invest`, {
      token: admin,
      body: { investmentAccountId: mandate.accountId, amount: 1000, rate: 5 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ investmentInterestRate: 13.5, mandateRate: 13.5 });
    const without = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const refused = await t.call('POST', `/api/loans/${without}/invest`, {
      token: admin,
      body: { investmentAccountId: mandate.accountId, amount: 1000, rate: 5 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.userMessage).toBe(loanMessages.mandateNotActiveOnLoan);
  });

  it('refuses the 1% on a fully funded loan', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(1_000));
    const account = await investorWithAccount(t.ctx, { balanceCents: 500_000n });
    await t.call('POST', `/api/loans/${loanId}/invest`, {
      token: admin,
      body: { investmentAccountId: account.accountId, amount: 1000, rate: 10 },
    });
    const res = await t.call('POST', `/api/loans/${loanId}/actions/investOnePercent`, { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.userMessage).toBe('Loan is fully funded');
  });
});

describe('auto invest', () => {
  it('splits the remaining funding across the active mandate accounts pro rata to capacity (the mandate wording)', async () => {
    // investor-and-admin §5: 20 members with 100,000 each on a 100,000 loan fund 5,000 each
    const members = [];
    for (let i = 0; i < 20; i++)
      members.push(await investorWithAccount(t.ctx, { balanceCents: 10_000_000n, mandateRate: '13' }));
    const loanId = await createLoanViaApi(t, admin, {
      ...smallLoanBody(100_000),
      investmentTopups: members.map((m) => ({ investmentAccountId: m.accountId, mandateRate: 13, isActive: true })),
    });
    const res = await t.call('POST', `/api/loans/${loanId}/actions/autoInvest`, { token: admin, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amount).toBe(100_000);
    expect(res.body.data.investments).toHaveLength(20);
    for (const i of res.body.data.investments)
      expect(i).toMatchObject({ investedAmount: 5000, investmentInterestRate: 13 });
    expect((await loanRow(loanId)).status).toBe('FULLY_FUNDED');
  });

  it('limits each account by its balance and maximum exposure, skips short mandate terms and inactive options', async () => {
    const rich = await investorWithAccount(t.ctx, { balanceCents: 10_000_000n, mandateRate: '13' });
    const capped = await investorWithAccount(t.ctx, {
      balanceCents: 10_000_000n,
      mandateRate: '13',
      mandateMaxExposureCents: 100_000n,
    });
    const poor = await investorWithAccount(t.ctx, { balanceCents: 50_000n, mandateRate: '13' });
    const shortTerm = await investorWithAccount(t.ctx, {
      balanceCents: 10_000_000n,
      mandateRate: '13',
      mandateMaxTerm: 1,
      mandateMaxTermUnit: 'MONTHS',
    });
    const inactive = await investorWithAccount(t.ctx, { balanceCents: 10_000_000n, mandateRate: '13' });
    const loanId = await createLoanViaApi(t, admin, {
      ...smallLoanBody(20_000),
      investmentTopups: [rich, capped, poor, shortTerm, inactive].map((m) => ({
        investmentAccountId: m.accountId,
        mandateRate: 13,
        isActive: m !== inactive,
      })),
    });
    const tooMuch = await t.call('POST', `/api/loans/${loanId}/actions/autoInvest`, {
      token: admin,
      body: { amount: 20_000.01 },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.userMessage).toBe(loanMessages.amountAboveRemaining);
    const res = await t.call('POST', `/api/loans/${loanId}/actions/autoInvest`, {
      token: admin,
      body: { amount: 1_500 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byAccount = Object.fromEntries(
      res.body.data.investments.map((i: { investmentAccountId: number; investedAmount: number }) => [
        i.investmentAccountId,
        i.investedAmount,
      ]),
    );
    // capacities 100,000 / 1,000 / 500 (of 101,500): 1,500 splits 1,477.83 / 14.78 / 7.39 (largest remainder)
    expect(byAccount).toEqual({ [rich.accountId]: 1477.83, [capped.accountId]: 14.78, [poor.accountId]: 7.39 });
  });
});

describe('reverse and deploy', () => {
  it('reverses a pending investment: the reservation is released and a fully funded loan returns to Funding', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(2_000));
    const investor = await investorWithAccount(t.ctx, { balanceCents: 300_000n });
    const invested = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: investor.token,
      body: { investmentAccountId: investor.accountId, amount: 2_000 },
    });
    expect((await loanRow(loanId)).status).toBe('FULLY_FUNDED');
    const res = await t.call('POST', `/api/investments/${invested.body.data.id}/reverse`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Reversal was successful');
    expect(res.body.data).toEqual({ investmentId: invested.body.data.id, loanId });
    expect(await balances(investor.accountId)).toEqual({ current: 3000, available: 3000 });
    expect(await loanRow(loanId)).toMatchObject({ status: 'FUNDING', fundedAmount: 0, fundedDate: null });
    const row = await t.ctx.db
      .selectFrom('accountTransactions')
      .select(['status', 'finalisedDate'])
      .where('id', '=', invested.body.data.investmentAccountTransactionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('CANCELLED');
    const twice = await t.call('POST', `/api/investments/${invested.body.data.id}/reverse`, { token: admin });
    expect(twice.status).toBe(422);
  });

  it('refuses to deploy a loan that is not fully funded, and to reverse a finalised investment', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(2_000, { disbursementDate: '2027-01-20' }));
    const refused = await t.call('POST', `/api/loans/${loanId}/actions/deploy`, { token: admin });
    expect(refused.status).toBe(422);
    expect(refused.body.userMessage).toBe('Loan is not fully funded');
    const investor = await investorWithAccount(t.ctx, { balanceCents: 300_000n });
    const invested = await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: investor.token,
      body: { investmentAccountId: investor.accountId, amount: 2_000 },
    });
    const deployed = await t.call('POST', `/api/loans/${loanId}/actions/deploy`, { token: admin });
    expect(deployed.status).toBe(200);
    // deployed ahead of its planned disbursement date: the borrower is paid today, the loan is Active
    expect(deployed.body.data).toMatchObject({ status: 'ACTIVE', disbursementDate: '2026-12-10' });
    const repayments = await t.ctx.db
      .selectFrom('repayments')
      .select(['investorsInterestDue', 'organisationCommissionDue', 'investorAmount', 'principalDue'])
      .where('loanId', '=', loanId)
      .orderBy('dueDate')
      .execute();
    // interest 10 at 10.5% of a 12.5% maximum: 8.40 to the investor, 1.60 to the lender
    expect(repayments[0]).toMatchObject({
      investorsInterestDue: '8.40',
      organisationCommissionDue: '1.60',
      investorAmount: '1008.40',
    });
    const reverse = await t.call('POST', `/api/investments/${invested.body.data.id}/reverse`, { token: admin });
    expect(reverse.status).toBe(422);
    expect(reverse.body.userMessage).toBe('Investment has been finalised');
  });

  it('the daily job deploys fully funded loans whose disbursement date has come', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(2_000, { disbursementDate: '2026-12-09' }));
    const investor = await investorWithAccount(t.ctx, { balanceCents: 300_000n });
    await t.call('POST', `/api/user/loans/${loanId}/invest`, {
      token: investor.token,
      body: { investmentAccountId: investor.accountId, amount: 2_000 },
    });
    const result = (await loanDailyJob.run(t.ctx)) as { deployed: number[] };
    expect(result.deployed).toContain(loanId);
    expect((await loanRow(loanId)).status).toBe('ACTIVE');
    expect(await balances(investor.accountId)).toEqual({ current: 1000, available: 1000 });
  });
});

describe('the ledger', () => {
  it('holds every invariant after all of the above (DESIGN §3)', async () => {
    const result = await checkLedger(t.ctx.db);
    expect(result.problems).toEqual([]);
  });
});
