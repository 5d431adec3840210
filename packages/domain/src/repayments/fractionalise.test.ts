import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, Decimal, sumCents } from '../money';
import {
  applyReceipt,
  fractionaliseRepayment,
  type Holder,
  type RepaymentPaid,
  receiptAgainstRepayments,
} from './fractionalise';

describe('fractionaliseRepayment', () => {
  it('reproduces the DOMAIN.md worked example to the cent', () => {
    const holders: Holder[] = [
      {
        investmentId: 1,
        investmentAccountId: 10,
        outstandingPrincipalCents: 6_000_000n,
        rate: '10.5',
        isForeign: false,
      },
      {
        investmentId: 2,
        investmentAccountId: 11,
        outstandingPrincipalCents: 4_000_000n,
        rate: '12.5',
        isForeign: false,
      },
      {
        investmentId: 3,
        investmentAccountId: 555,
        outstandingPrincipalCents: 120_000n,
        rate: '10.5',
        isForeign: false,
      },
      {
        investmentId: 4,
        investmentAccountId: 12,
        outstandingPrincipalCents: 1_880_000n,
        rate: '10.5',
        isForeign: true,
      },
    ];
    const r = fractionaliseRepayment(
      { principalPaidCents: 943_994n, interestPaidCents: 125_000n, baseRate: '12.5' },
      holders,
    );
    expect(r.pieces.map((p) => [p.principalCents, p.interestCents, p.taxWithheldCents, p.cashCents])).toEqual([
      [471_997n, 52_500n, 0n, 524_497n],
      [314_665n, 41_667n, 0n, 356_332n],
      [9_440n, 1_050n, 0n, 10_490n],
      [147_892n, 16_450n, 1_645n, 162_697n],
    ]);
    expect(r.commissionCents).toBe(13_333n);
    expect(r.taxWithheldTotalCents).toBe(1_645n);
    expect(sumCents(r.pieces.map((p) => p.cashCents)) + r.commissionCents + r.taxWithheldTotalCents).toBe(1_068_994n);
  });

  it('tops up a mandate rate above base from the house account, and withholds tax on it when foreign', () => {
    const r = fractionaliseRepayment({ principalPaidCents: 0n, interestPaidCents: 100_000n, baseRate: '10' }, [
      { investmentId: 1, investmentAccountId: 1, outstandingPrincipalCents: 100n, rate: '12', isForeign: true },
    ]);
    expect(r.pieces[0]).toMatchObject({ interestCents: 100_000n, topUpCents: 20_000n, taxWithheldCents: 12_000n });
    expect(r.commissionCents).toBe(0n);
  });

  const holderArb = fc.record({
    outstanding: fc.bigInt({ min: 1n, max: 500_000_000n }),
    rate: fc.integer({ min: 1, max: 2500 }).map((r) => new Decimal(r).dividedBy(100).toString()),
    isForeign: fc.boolean(),
  });

  it('property: pieces + commission + tax sum exactly to the repayment (plus top-ups), principal within a cent of pro rata, nothing negative', () => {
    fc.assert(
      fc.property(
        fc.array(holderArb, { minLength: 1, maxLength: 40 }),
        fc.bigInt({ min: 0n, max: 100_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.integer({ min: 1, max: 2500 }).map((r) => new Decimal(r).dividedBy(100).toString()),
        (hs, principalPaidCents, interestPaidCents, baseRate) => {
          const holders: Holder[] = hs.map((h, i) => ({
            investmentId: i + 1,
            investmentAccountId: 100 + i,
            outstandingPrincipalCents: h.outstanding,
            rate: h.rate,
            isForeign: h.isForeign,
          }));
          const r = fractionaliseRepayment({ principalPaidCents, interestPaidCents, baseRate }, holders);
          const cash = sumCents(r.pieces.map((p) => p.cashCents));
          expect(cash + r.commissionCents + r.taxWithheldTotalCents).toBe(
            principalPaidCents + interestPaidCents + r.topUpTotalCents,
          );
          expect(sumCents(r.pieces.map((p) => p.principalCents))).toBe(principalPaidCents);
          const total = sumCents(holders.map((h) => h.outstandingPrincipalCents));
          r.pieces.forEach((p, i) => {
            const exactTimesTotal = principalPaidCents * holders[i]!.outstandingPrincipalCents;
            const floor = exactTimesTotal / total;
            expect(p.principalCents === floor || p.principalCents === floor + 1n).toBe(true);
            for (const v of [p.principalCents, p.interestCents, p.topUpCents, p.taxWithheldCents, p.cashCents]) {
              expect(v >= 0n).toBe(true);
            }
          });
          expect(r.commissionCents >= 0n).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('applyReceipt', () => {
  it('pays interest first, then principal, then leaves an excess', () => {
    expect(applyReceipt(1_118_994n, { interestDueCents: 105_231n, principalDueCents: 963_763n })).toEqual({
      interestPaidCents: 105_231n,
      principalPaidCents: 963_763n,
      excessCents: 50_000n,
    });
    expect(applyReceipt(50_000n, { interestDueCents: 105_231n, principalDueCents: 963_763n })).toEqual({
      interestPaidCents: 50_000n,
      principalPaidCents: 0n,
      excessCents: 0n,
    });
  });

  it('property: the three parts always add back to the receipt', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (r, i, p) => {
          const out = applyReceipt(r, { interestDueCents: i, principalDueCents: p });
          expect(out.interestPaidCents + out.principalPaidCents + out.excessCents).toBe(r);
          expect(out.interestPaidCents <= i && out.principalPaidCents <= p).toBe(true);
        },
      ),
    );
  });
});

/**
 * The split as first written, in 40-digit decimal arithmetic: the exact integer implementation
 * must agree with it on every input where decimals are exact enough to decide the rounding.
 */
function decimalReference(paid: RepaymentPaid, holdersIn: readonly Holder[]) {
  const D = Decimal;
  const roundHalfUp = (d: InstanceType<typeof Decimal>): bigint =>
    BigInt(d.toDecimalPlaces(0, D.ROUND_HALF_UP).toFixed(0));
  const holders = [...holdersIn].sort((a, b) => a.investmentId - b.investmentId);
  const totalOutstanding = sumCents(holders.map((h) => h.outstandingPrincipalCents));
  const principal = allocateLargestRemainder(
    paid.principalPaidCents,
    holders.map((h) => h.outstandingPrincipalCents.toString()),
  );
  const base = new D(paid.baseRate);
  const interestPaid = new D(paid.interestPaidCents.toString());
  const share = (h: Holder) => new D(h.outstandingPrincipalCents.toString()).dividedBy(totalOutstanding.toString());
  const exact = holders.map((h) =>
    base.isZero()
      ? new D(0)
      : interestPaid
          .times(share(h))
          .times(D.min(new D(h.rate), base))
          .dividedBy(base),
  );
  const interest = exact.map(roundHalfUp);
  let over = sumCents(interest) - paid.interestPaidCents;
  if (over > 0n) {
    const gains = exact
      .map((e, index) => ({ index, gain: new D((interest[index] ?? 0n).toString()).minus(e) }))
      .sort((a, b) => b.gain.comparedTo(a.gain) || b.index - a.index);
    for (const { index } of gains) {
      if (over === 0n) break;
      interest[index] = (interest[index] ?? 0n) - 1n;
      over -= 1n;
    }
  }
  return holders.map((h, index) => {
    const rate = new D(h.rate);
    const topUp =
      !base.isZero() && rate.greaterThan(base)
        ? roundHalfUp(interestPaid.times(share(h)).times(rate.minus(base)).dividedBy(base))
        : 0n;
    const i = interest[index] ?? 0n;
    const tax = h.isForeign ? roundHalfUp(new D((i + topUp).toString()).times('0.10')) : 0n;
    return { principal: principal[index], interest: i, topUp, tax };
  });
}

describe('fractionaliseRepayment in exact integers', () => {
  const rate = fc.integer({ min: 1, max: 25_000_000 }).map((n) => (n / 1_000_000).toFixed(6));
  const holder = fc.record({
    outstandingPrincipalCents: fc.bigInt({ min: 1n, max: 500_000_000n }),
    rate,
    isForeign: fc.boolean(),
  });
  it('agrees with the decimal arithmetic it replaced', () => {
    fc.assert(
      fc.property(
        fc.array(holder, { minLength: 1, maxLength: 30 }),
        rate,
        fc.bigInt({ min: 0n, max: 100_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (hs, baseRate, principalSeed, interestPaidCents) => {
          const holders: Holder[] = hs.map((h, i) => ({ ...h, investmentId: i + 1, investmentAccountId: 1000 + i }));
          const total = sumCents(holders.map((h) => h.outstandingPrincipalCents));
          const paid = { principalPaidCents: principalSeed % (total + 1n), interestPaidCents, baseRate };
          const mine = fractionaliseRepayment(paid, holders).pieces.map((p) => ({
            principal: p.principalCents,
            interest: p.interestCents,
            topUp: p.topUpCents,
            tax: p.taxWithheldCents,
          }));
          expect(mine).toEqual(decimalReference(paid, holders));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a rate the same whether it is a plain string (as numeric columns read back), a number or a Decimal', () => {
    fc.assert(
      fc.property(
        fc.array(holder, { minLength: 1, maxLength: 10 }),
        rate,
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (hs, baseRate, interestPaidCents) => {
          const holders: Holder[] = hs.map((h, i) => ({ ...h, investmentId: i + 1, investmentAccountId: 1000 + i }));
          const paid = { principalPaidCents: 0n, interestPaidCents, baseRate };
          const asString = fractionaliseRepayment(paid, holders);
          const asNumber = fractionaliseRepayment(
            { ...paid, baseRate: Number(baseRate) },
            holders.map((h) => ({ ...h, rate: Number(h.rate) })),
          );
          const asDecimal = fractionaliseRepayment(
            { ...paid, baseRate: new Decimal(baseRate) },
            holders.map((h) => ({ ...h, rate: new Decimal(h.rate) })),
          );
          const trimmed = fractionaliseRepayment(
            { ...paid, baseRate: new Decimal(baseRate).toString() },
            holders.map((h) => ({ ...h, rate: `${h.rate}000000` })),
          );
          expect(asNumber).toEqual(asString);
          expect(asDecimal).toEqual(asString);
          expect(trimmed).toEqual(asString);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a rate finer than 12 decimal places, however it is written', () => {
    const holders: Holder[] = [
      {
        investmentId: 1,
        investmentAccountId: 1,
        outstandingPrincipalCents: 100n,
        rate: '10.0000000000001',
        isForeign: false,
      },
    ];
    expect(() =>
      fractionaliseRepayment({ principalPaidCents: 0n, interestPaidCents: 100n, baseRate: '12' }, holders),
    ).toThrow(RangeError);
  });
});

describe('receiptAgainstRepayments', () => {
  const owed = (principalDue: bigint, principalPaid: bigint, interestDue: bigint, interestPaid: bigint) => ({
    principalDueCents: principalDue,
    principalPaidCents: principalPaid,
    interestDueCents: interestDue,
    interestPaidCents: interestPaid,
  });
  it('pays the earliest repayment not fully paid, interest first, the rest as excess', () => {
    const open = [
      owed(100_00n, 100_00n, 10_00n, 10_00n),
      owed(100_00n, 40_00n, 10_00n, 10_00n),
      owed(100_00n, 0n, 9_00n, 0n),
    ];
    expect(receiptAgainstRepayments(70_00n, open)).toEqual({
      index: 1,
      interestPaidCents: 0n,
      principalPaidCents: 60_00n,
      excessCents: 10_00n,
    });
  });
  it('is all excess when every repayment is fully paid, or there is none', () => {
    const paidUp = { index: null, interestPaidCents: 0n, principalPaidCents: 0n, excessCents: 5_00n };
    expect(receiptAgainstRepayments(5_00n, [owed(1_00n, 1_00n, 0n, 0n)])).toEqual(paidUp);
    expect(receiptAgainstRepayments(5_00n, [])).toEqual(paidUp);
  });
});
