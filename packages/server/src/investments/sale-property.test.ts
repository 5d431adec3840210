import { addDays, centsFromNumber, centsFromString, Decimal, houseAccountId } from '@lm/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger';
import {
  createWorkedExampleLoan,
  deposit,
  openFundedAccount,
  payFixtureRepayment,
  type TestLoan,
} from '../repayments/repayments.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/**
 * Property (issue 13): for any sale through the API — 1 to 5 buyers, any fractions and rates, any
 * day of the period, a foreign seller or not — the principal moved is the sold fraction of the
 * outstanding principal to the cent per buyer, the new holdings plus what the seller keeps equal
 * the original, and the ledger check passes after every sale.
 */

let t: TestApp;
let management: string;
let loan: TestLoan & { accounts: { a: number; b: number; c: number } };
const buyers: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-02-21T10:00:00+11:00' });
  loan = await createWorkedExampleLoan(t.ctx, { thirdPartyId: `SALE-PROPERTY-${process.pid}` });
  await payFixtureRepayment(t.ctx, loan.loanId, 0, `SP-${process.pid}`, 'SP');
  for (let i = 0; i < 5; i++) {
    buyers.push(
      await openFundedAccount(t.ctx, { name: `Buyer ${i}`, isForeign: i === 4, depositCents: 10_000_000_000n }),
    );
  }
  await deposit(t.ctx, loan.accounts.a, 10_000_000_000n);
  t.ctx.clock.set('2027-03-19T10:00:00+11:00');
  management = await t.login(demo.management);
});
afterAll(() => t.close());

async function holdings() {
  return t.ctx.db
    .selectFrom('investments as i')
    .innerJoin('investmentAccounts as a', 'a.id', 'i.investmentAccountId')
    .select([
      'i.id',
      'i.investmentAccountId',
      'i.investedAmount',
      'i.principalRepaid',
      'i.principalWrittenOff',
      'a.isForeign',
    ])
    .where('i.loanId', '=', loan.loanId)
    .where('i.saleDate', 'is', null)
    .where('i.reversedDate', 'is', null)
    .where('i.investmentAccountId', '<>', houseAccountId)
    .orderBy('i.id')
    .execute();
}

describe('any sale through the API', () => {
  it('moves the sold fractions of P to the cent, keeps P whole, and the ledger check passes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(
          fc.record({
            weight: fc.integer({ min: 1, max: 1_000_000 }),
            rateMillionths: fc.integer({ min: 1, max: 12_500_000 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 1_000, max: 100_000 }),
        fc.integer({ min: 1, max: 27 }),
        async (pick, raw, totalThousandths, dayOffset) => {
          const held = (await holdings()).filter(
            (h) => centsFromString(h.investedAmount) - centsFromString(h.principalRepaid) >= 100_000n,
          );
          const seller = held[pick % held.length]!;
          const p =
            centsFromString(seller.investedAmount) -
            centsFromString(seller.principalRepaid) -
            centsFromString(seller.principalWrittenOff);
          // fractions of the weights, together totalThousandths / 1000 percent, each at least 0.01
          const weightSum = raw.reduce((s, r) => s + r.weight, 0);
          const total = new Decimal(totalThousandths).div(1000);
          // any holder sells, the buyers' holdings of earlier runs included, to other accounts
          const pool = [...buyers, loan.accounts.a].filter((id) => id !== seller.investmentAccountId);
          const rows = raw.map((r, index) => ({
            investmentAccountId: pool[index]!,
            interestRate: new Decimal(r.rateMillionths).div(1_000_000).toNumber(),
            purchasedFraction: Decimal.max(
              '0.01',
              total.times(r.weight).div(weightSum).toDecimalPlaces(10, Decimal.ROUND_DOWN),
            ).toNumber(),
          }));
          const fractionSum = rows.reduce((s, r) => s.plus(r.purchasedFraction), new Decimal(0));
          fc.pre(fractionSum.lessThanOrEqualTo(100));
          const saleDate = addDays('2027-02-20', dayOffset);
          const res = await t.call('POST', '/api/investments/actions/sell', {
            token: management,
            body: { investmentId: seller.id, saleDate, purchaserDetailsRequests: rows },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const made = res.body.data.newInvestments as {
            principalAmount: number;
            isSeller: boolean;
            investmentAccountId: number;
          }[];
          const madeCents = made.map((m) => centsFromNumber(m.principalAmount));
          expect(madeCents.reduce((s, c) => s + c, 0n)).toBe(p);
          // the buyers' holdings come first, in request order, the seller's remainder last
          rows.forEach((row, index) => {
            expect(made[index]?.isSeller).toBe(false);
            const exact = new Decimal(row.purchasedFraction).div(100).times(p.toString());
            expect(exact.minus(madeCents[index]!.toString()).abs().lessThan(1)).toBe(true);
          });
          const preview = res.body.data.preview;
          expect(preview.accruedDays).toBe(dayOffset);
          expect(preview.taxWithheldAmount > 0).toBe(seller.isForeign && preview.interestPayout >= 0.05);
          expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  });
});
