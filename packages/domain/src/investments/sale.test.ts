import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sydneyDate } from '../clock';
import { sydneyStartOfDay } from '../loans/sydney-instants';
import { Decimal, sumCents } from '../money';
import { fractionaliseRepayment } from '../repayments/fractionalise';
import {
  daysBetween,
  fillRemainderFraction,
  maximumSaleInstant,
  normaliseSaleInstant,
  repaymentDueInstant,
  saleDateProblem,
  saleDayOf,
  saleRequestProblems,
  sellDisabledReason,
  sellInvestmentRefusal,
  splitSale,
  toggleSaleReceiver,
} from './sale';
import { saleBuyerRowSchema, saleRequestSchema } from './sale.contract';
import { saleMessages } from './sale-messages';

const minutes = (n: number) => n * 60_000;

/** DOMAIN.md's worked example: A's 60,000 at 10.5% after the first repayment, sold on 2027-03-05. */
const exampleSale = (
  rows = [
    { investmentAccountId: 11, interestRate: 11, purchasedFraction: 30 },
    { investmentAccountId: 12, interestRate: 10, purchasedFraction: 20 },
  ],
) =>
  splitSale({
    principalOutstandingCents: 6_000_000n - 471_997n,
    sellerRate: '10.5',
    sellerAccountId: 1,
    sellerIsForeign: false,
    baseRate: '12.5',
    interestType: 'IN_ARREARS',
    accruedDays: daysBetween('2027-02-20', '2027-03-05'),
    refundDays: 0,
    interestPayoutFeeRate: 0,
    rows,
  });

describe('the DOMAIN.md sale example', () => {
  it('splits 30% to X and 20% to Y, 50% kept by A, to the cent', () => {
    expect(daysBetween('2027-02-20', '2027-03-05')).toBe(13);
    const sale = exampleSale();
    expect(sale.rows.map((r) => [r.principalCents, r.interestPayoutCents, r.fundsRequiredCents])).toEqual([
      [1_658_401n, 6_202n, 1_664_603n],
      [1_105_601n, 4_135n, 1_109_736n],
    ]);
    expect(sale.remainder).toEqual({ purchasedFraction: '50', principalCents: 2_764_001n });
    expect(sale.principalCents).toBe(2_764_002n);
    expect(sale.interestPayoutCents).toBe(10_337n);
    expect(sale.sellerNetCents).toBe(2_774_339n);
    expect(sale.taxWithheldCents + sale.feeCents + sale.topUpCents).toBe(0n);
  });

  it('Fill & Preview gives the same sale with the remainder as an explicit row', () => {
    const rows = [
      { investmentAccountId: 11, interestRate: 11, purchasedFraction: 30 },
      { investmentAccountId: 12, interestRate: 10, purchasedFraction: 20 },
    ];
    const fill = fillRemainderFraction(rows, 1);
    expect(fill).toBe('50');
    const sale = exampleSale([
      ...rows,
      { investmentAccountId: 1, interestRate: 10.5, purchasedFraction: Number(fill) },
    ]);
    expect(sale.rows[2]).toMatchObject({ isSeller: true, principalCents: 2_764_001n, fundsRequiredCents: 0n });
    expect(sale.sellerNetCents).toBe(2_774_339n);
  });

  it('the next repayment pays the new holders as the example says', () => {
    const holders = [
      {
        investmentId: 2,
        investmentAccountId: 2,
        outstandingPrincipalCents: 3_685_335n,
        rate: '12.5',
        isForeign: false,
      },
      {
        investmentId: 3,
        investmentAccountId: 555,
        outstandingPrincipalCents: 110_560n,
        rate: '10.5',
        isForeign: false,
      },
      { investmentId: 4, investmentAccountId: 4, outstandingPrincipalCents: 1_732_108n, rate: '10.5', isForeign: true },
      { investmentId: 5, investmentAccountId: 11, outstandingPrincipalCents: 1_658_401n, rate: '11', isForeign: false },
      { investmentId: 6, investmentAccountId: 12, outstandingPrincipalCents: 1_105_601n, rate: '10', isForeign: false },
      {
        investmentId: 7,
        investmentAccountId: 1,
        outstandingPrincipalCents: 2_764_001n,
        rate: '10.5',
        isForeign: false,
      },
    ];
    const split = fractionaliseRepayment(
      { principalPaidCents: 953_827n, interestPaidCents: 115_167n, baseRate: '12.5' },
      holders,
    );
    const by = new Map(split.pieces.map((p) => [p.investmentAccountId, p]));
    expect([by.get(1)?.principalCents, by.get(1)?.interestCents, by.get(1)?.cashCents]).toEqual([
      238_457n,
      24_185n,
      262_642n,
    ]);
    expect([by.get(2)?.principalCents, by.get(2)?.interestCents]).toEqual([317_942n, 38_389n]);
    expect([by.get(555)?.principalCents, by.get(555)?.interestCents]).toEqual([9_538n, 967n]);
    expect([
      by.get(4)?.principalCents,
      by.get(4)?.interestCents,
      by.get(4)?.taxWithheldCents,
      by.get(4)?.cashCents,
    ]).toEqual([149_433n, 15_156n, 1_516n, 163_073n]);
    expect([by.get(11)?.principalCents, by.get(11)?.interestCents, by.get(11)?.cashCents]).toEqual([
      143_074n,
      15_202n,
      158_276n,
    ]);
    expect([by.get(12)?.principalCents, by.get(12)?.interestCents, by.get(12)?.cashCents]).toEqual([
      95_383n,
      9_213n,
      104_596n,
    ]);
    expect(split.commissionCents).toBe(12_055n);
  });
});

describe('sale money', () => {
  it('a seller above the base rate is topped up by 555 and a foreign seller has 10% withheld', () => {
    const sale = splitSale({
      principalOutstandingCents: 1_000_000n,
      sellerRate: '14',
      sellerAccountId: 1,
      sellerIsForeign: true,
      baseRate: '12.5',
      interestType: 'IN_ARREARS',
      accruedDays: 30,
      refundDays: 0,
      interestPayoutFeeRate: '10',
      rows: [{ investmentAccountId: 2, interestRate: 12, purchasedFraction: 100 }],
    });
    // full accrued 10,000 x 14% x 30/365 = 115.07; buyers pay at 12.5%: 102.74; top-up 12.33
    expect(sale.rows[0]).toMatchObject({
      principalCents: 1_000_000n,
      interestPayoutCents: 10_274n,
      topUpCents: 1_233n,
    });
    expect(sale.rows[0]?.feeCents).toBe(1_027n);
    expect(sale.interestPayoutCents).toBe(11_507n);
    expect(sale.taxWithheldCents).toBe(1_151n);
    expect(sale.sellerNetCents).toBe(1_000_000n + 11_507n - 1_151n - 1_027n);
    expect(sale.remainder).toBeNull();
  });

  it('In Advance, the seller refunds each buyer the interest to the next due date', () => {
    const sale = splitSale({
      principalOutstandingCents: 1_000_000n,
      sellerRate: '10',
      sellerAccountId: 1,
      sellerIsForeign: false,
      baseRate: '12',
      interestType: 'IN_ADVANCE',
      accruedDays: 10,
      refundDays: 20,
      interestPayoutFeeRate: 0,
      rows: [{ investmentAccountId: 2, interestRate: 10, purchasedFraction: 40 }],
    });
    // 4,000 x 10% x 20/365 = 21.92
    expect(sale.rows[0]).toMatchObject({
      principalCents: 400_000n,
      interestPayoutCents: -2_192n,
      fundsRequiredCents: 397_808n,
    });
    expect(sale.sellerFundsRequiredCents).toBe(2_192n);
    expect(sale.sellerNetCents).toBe(397_808n);
  });

  it('property: the pieces are the sold fractions of P to the cent and sum to P', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        fc.array(
          fc.record({
            fractionMillionths: fc.integer({ min: 1, max: 100_000_000 }),
            rateMillionths: fc.integer({ min: 1, max: 20_000_000 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 400 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 20_000_000 }),
        (principal, raw, days, foreign, sellerRateMillionths) => {
          // scale the fractions so they total at most 100
          const total = raw.reduce((s, r) => s + r.fractionMillionths, 0);
          const scale = total > 100_000_000 ? new Decimal(100).div(new Decimal(total).div(1_000_000)) : new Decimal(1);
          const rows = raw.map((r, index) => ({
            investmentAccountId: 100 + index,
            interestRate: new Decimal(r.rateMillionths).div(1_000_000).toString(),
            purchasedFraction: Decimal.max(
              '0.0000000001',
              new Decimal(r.fractionMillionths).div(1_000_000).times(scale).toDecimalPlaces(10, Decimal.ROUND_DOWN),
            ).toString(),
          }));
          const sellerRate = new Decimal(sellerRateMillionths).div(1_000_000).toString();
          const sale = splitSale({
            principalOutstandingCents: principal,
            sellerRate,
            sellerAccountId: 1,
            sellerIsForeign: foreign,
            baseRate: '12.5',
            interestType: 'IN_ARREARS',
            accruedDays: days,
            refundDays: 0,
            interestPayoutFeeRate: 0,
            rows,
          });
          const kept = sale.remainder?.principalCents ?? 0n;
          expect(sumCents(sale.rows.map((r) => r.principalCents)) + kept).toBe(principal);
          const soldFraction = rows.reduce((s, r) => s.plus(r.purchasedFraction), new Decimal(0)).div(100);
          const exact = soldFraction.times(principal.toString());
          // each piece is within a cent of its exact share, so the moved total is within a cent per row
          sale.rows.forEach((r, index) => {
            const share = new Decimal(rows[index]!.purchasedFraction).div(100).times(principal.toString());
            expect(share.minus(r.principalCents.toString()).abs().lessThan(1)).toBe(true);
          });
          expect(exact.minus(sale.principalCents.toString()).abs().lessThanOrEqualTo(rows.length)).toBe(true);
          // the seller's cash balances the buyers' payments, the top-up, the tax and the fee
          const paid = sumCents(sale.rows.map((r) => r.principalCents + r.interestPayoutCents));
          expect(paid + sale.topUpCents).toBe(sale.sellerNetCents + sale.taxWithheldCents + sale.feeCents);
          expect(sale.taxWithheldCents).toBe(foreign ? (sale.interestPayoutCents * 10n + 50n) / 100n : 0n);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: fractions over 1 to 5 buyers that Fill & Preview completes keep P whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.array(fc.integer({ min: 1, max: 20_000_000_000 }), { minLength: 1, maxLength: 5 }),
        (principal, tenths) => {
          const rows = tenths.map((t, index) => ({
            investmentAccountId: 100 + index,
            interestRate: 10,
            purchasedFraction: new Decimal(t).div(10 ** 10).toString(),
          }));
          const fill = fillRemainderFraction(rows, 1);
          const sale = splitSale({
            principalOutstandingCents: principal,
            sellerRate: '10',
            sellerAccountId: 1,
            sellerIsForeign: false,
            baseRate: '12.5',
            interestType: 'IN_ARREARS',
            accruedDays: 3,
            refundDays: 0,
            interestPayoutFeeRate: 0,
            rows: [...rows, { investmentAccountId: 1, interestRate: 10, purchasedFraction: fill }],
          });
          expect(sumCents(sale.rows.map((r) => r.principalCents))).toBe(principal);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('sale date', () => {
  const now = new Date('2027-03-05T10:00:00+11:00');

  it('a past date is its Sydney end of day less 14.01 minutes', () => {
    const instant = normaliseSaleInstant('2027-03-01', now);
    expect(instant.getTime()).toBe(sydneyStartOfDay('2027-03-02').getTime() - minutes(14.01));
    expect(saleDayOf(instant)).toBe('2027-03-01');
    expect(normaliseSaleInstant('2027-03-01T09:30:00+11:00', now)).toEqual(instant);
  });

  it('today is capped at now; near midnight it moves 14.01 minutes before it', () => {
    expect(normaliseSaleInstant('2027-03-05', now)).toEqual(now);
    const early = new Date('2027-03-05T00:05:00+11:00');
    expect(normaliseSaleInstant('2027-03-05', early).getTime()).toBe(
      sydneyStartOfDay('2027-03-05').getTime() - minutes(14.01),
    );
  });

  it('the receiver toggle crosses the due instant and back', () => {
    const seller = normaliseSaleInstant('2027-02-20', now);
    expect(seller.getTime()).toBeLessThan(repaymentDueInstant('2027-02-20').getTime());
    const after = toggleSaleReceiver(seller, 'SELLER');
    expect(after.getTime() - seller.getTime()).toBe(minutes(15));
    expect(after.getTime()).toBeGreaterThan(repaymentDueInstant('2027-02-20').getTime());
    expect(normaliseSaleInstant(after.toISOString(), now)).toEqual(after);
    expect(saleDayOf(after)).toBe('2027-02-20');
    expect(toggleSaleReceiver(after, 'BUYER')).toEqual(seller);
  });

  const repayments = [
    { dueDate: '2027-02-20', status: 'PAID', fractionalised: true },
    { dueDate: '2027-03-20', status: 'UNPAID', fractionalised: false },
    { dueDate: '2027-04-20', status: 'UNPAID', fractionalised: false },
  ];
  const problem = (requested: string, rows = repayments, method = 'LEVEL_PAYMENT', at = now) =>
    saleDateProblem({
      requested,
      saleInstant: normaliseSaleInstant(requested, at),
      now: at,
      repayments: rows,
      interestCalculationMethod: method,
    });

  it('refuses each of the four §5 date rules', () => {
    expect(problem('2027-03-05')).toBeNull();
    expect(problem('2027-03-06')).toBe(saleMessages.inFuture);
    expect(problem('2027-02-19')).toBe(saleMessages.beforeLastFractionalised);
    // on the fractionalised repayment's date: before it (buyers receive) refused, after it allowed
    expect(problem('2027-02-20')).toBe(saleMessages.beforeLastFractionalised);
    expect(problem(toggleSaleReceiver(normaliseSaleInstant('2027-02-20', now), 'SELLER').toISOString())).toBeNull();
    const later = new Date('2027-04-01T10:00:00+11:00');
    expect(problem('2027-03-25', repayments, 'LEVEL_PAYMENT', later)).toBe(saleMessages.afterUnpaidRepayment);
    expect(problem('2027-03-25', repayments, 'FLOORPLAN', later)).toBeNull();
    const far = new Date('2027-05-01T10:00:00+10:00');
    expect(problem('2027-04-25', repayments, 'FLOORPLAN', far)).toBe(saleMessages.afterLastRepayment);
    expect(problem('2027-03-20', repayments, 'LEVEL_PAYMENT', later)).toBeNull();
    // paid by the borrower but not yet paid to the holders: still unpaid for a sale
    const awaiting = [
      repayments[0]!,
      { dueDate: '2027-03-20', status: 'PAID', fractionalised: false, awaitingFractionalise: true },
      repayments[2]!,
    ];
    expect(problem('2027-03-25', awaiting, 'LEVEL_PAYMENT', later)).toBe(saleMessages.afterUnpaidRepayment);
    expect(
      problem(
        '2027-03-25',
        [...awaiting, { dueDate: '2027-05-20', status: 'CLOSED_PAYOUT', fractionalised: false }],
        'FLOORPLAN',
        later,
      ),
    ).toBeNull();
    expect(maximumSaleInstant(repayments, far)).toEqual(repaymentDueInstant('2027-04-20'));
    expect(sydneyDate(maximumSaleInstant(repayments, now))).toBe('2027-03-05');
  });
});

describe('sale rules', () => {
  const seller = { investmentAccountId: 1, rate: '10.5' };
  it('checks rate, total and the seller buying its own investment', () => {
    expect(
      saleRequestProblems(
        [
          { investmentAccountId: 2, interestRate: 13, purchasedFraction: 60 },
          { investmentAccountId: 3, interestRate: 10, purchasedFraction: 50 },
        ],
        { maximumRate: '12.5', seller },
      ),
    ).toEqual([
      {
        field: 'purchaserDetailsRequests.0.interestRate',
        message: 'Please input a rate less than or equal to the loan Maximum Interest Rate 12.5',
      },
      { field: 'purchaserDetailsRequests', message: saleMessages.percentageTotalAboveHundred },
    ]);
    expect(
      saleRequestProblems([{ investmentAccountId: 1, interestRate: 11, purchasedFraction: 10 }], {
        maximumRate: '12.5',
        seller,
      }).map((p) => p.message),
    ).toContain(saleMessages.sameInvestment);
    expect(
      saleRequestProblems([{ investmentAccountId: 1, interestRate: 10.5, purchasedFraction: 10 }], {
        maximumRate: '12.5',
        seller,
      }).map((p) => p.message),
    ).toEqual([saleMessages.sameInvestment]);
    expect(
      saleRequestProblems(
        [
          { investmentAccountId: 2, interestRate: 12.5, purchasedFraction: 60 },
          { investmentAccountId: 1, interestRate: 10.5, purchasedFraction: 40 },
        ],
        { maximumRate: '12.5', seller },
      ),
    ).toEqual([]);
  });

  it('the request schema holds the field rules, word for word', () => {
    const issues = saleRequestSchema.safeParse({
      investmentId: 1,
      saleDate: '2027-03-05',
      purchaserDetailsRequests: [
        { interestRate: 0, purchasedFraction: 0 },
        { investmentAccountId: 2, interestRate: -1, purchasedFraction: 100.0000000001 },
        { investmentAccountId: 3, interestRate: 5, purchasedFraction: 33.33333333335 },
      ],
    });
    expect(issues.success).toBe(false);
    expect(issues.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['purchaserDetailsRequests.0.investmentAccountId', saleMessages.buyerAccountRequired],
      ['purchaserDetailsRequests.0.interestRate', saleMessages.buyerRateNotPositive],
      ['purchaserDetailsRequests.0.purchasedFraction', saleMessages.percentageNotPositive],
      ['purchaserDetailsRequests.1.interestRate', saleMessages.buyerRateNotPositive],
      ['purchaserDetailsRequests.1.purchasedFraction', saleMessages.percentageAboveHundred],
    ]);
    const ok = saleRequestSchema.parse({
      investmentId: 1,
      saleDate: '2027-03-05',
      purchaserDetailsRequests: [{ investmentAccountId: 3, interestRate: 5, purchasedFraction: '33.33333333335' }],
    });
    expect(ok.purchaserDetailsRequests[0]?.purchasedFraction).toBe(33.3333333334);
    expect(
      saleBuyerRowSchema('12.5')
        .safeParse({ investmentAccountId: 3, interestRate: 12.6, purchasedFraction: 10 })
        .error?.issues.map((i) => i.message),
    ).toEqual(['Please input a rate less than or equal to the loan Maximum Interest Rate 12.5']);
  });

  it('only an unsold, finalised investment of an ACTIVE loan sells', () => {
    const base = { saleDate: null, reversedDate: null, finalisedDate: '2027-01-20', loanStatus: 'ACTIVE' };
    expect(sellInvestmentRefusal(base)).toBeNull();
    expect(sellInvestmentRefusal({ ...base, saleDate: '2027-02-01' })).toBe(saleMessages.investmentSold);
    expect(sellInvestmentRefusal({ ...base, loanStatus: 'ACTIVE_IN_ARREARS' })).toBe(saleMessages.loanNotActive);
    expect(sellInvestmentRefusal({ ...base, finalisedDate: null })).toBe(saleMessages.investmentNotFinalised);
  });

  it('names the five sell-disabled reasons in order', () => {
    const ok = {
      sellingEnabled: true,
      loading: false,
      sameInvestment: false,
      saleInstant: new Date(1),
      maximumSaleInstant: new Date(2),
      allHaveFunds: true,
    };
    expect(sellDisabledReason(ok)).toBeNull();
    expect(sellDisabledReason({ ...ok, allHaveFunds: false })).toBe(saleMessages.notEnoughFunds);
    expect(sellDisabledReason({ ...ok, saleInstant: new Date(3), allHaveFunds: false })).toBe(
      saleMessages.afterMaximumSaleDate,
    );
    expect(sellDisabledReason({ ...ok, sameInvestment: true })).toBe(saleMessages.sameInvestment);
    expect(sellDisabledReason({ ...ok, loading: true })).toBe(saleMessages.loading);
    expect(sellDisabledReason({ ...ok, sellingEnabled: false, loading: true })).toBe(saleMessages.sellingDisabled);
  });
});
