import type Decimal from 'decimal.js';
import { allocateLargestRemainderExact, type Cents, Decimal as D, sumCents } from '../money';

/** Withholding tax on the interest of accounts marked foreign (DOMAIN.md). */
export const foreignWithholdingRate = new D('0.10');

export interface Holder {
  investmentId: number;
  investmentAccountId: number;
  /** Outstanding principal of this investment at the repayment's due date. */
  outstandingPrincipalCents: Cents;
  /** The investment's rate, percent per annum. */
  rate: Decimal.Value;
  isForeign: boolean;
}

export interface RepaymentPaid {
  principalPaidCents: Cents;
  interestPaidCents: Cents;
  /** The loan's baseInterestRate (the maximum rate), percent per annum. */
  baseRate: Decimal.Value;
}

export interface HolderPiece {
  investmentId: number;
  investmentAccountId: number;
  principalCents: Cents;
  /** Interest out of what the borrower paid. */
  interestCents: Cents;
  /** Interest top-up paid by the house account to a mandate rate above the base rate. */
  topUpCents: Cents;
  taxWithheldCents: Cents;
  /** What reaches the holder's cash: principal + interest + top-up - tax. */
  cashCents: Cents;
}

export interface Fractionalised {
  pieces: HolderPiece[];
  /** The rest of the interest, to the lender (house account 555). */
  commissionCents: Cents;
  topUpTotalCents: Cents;
  taxWithheldTotalCents: Cents;
}

/** Rates carry at most 6 decimal places (numeric(9,6)); scaled by 10^12 they are exact integers. */
const rateScale = 10n ** 12n;

const rateScaleDigits = 12;
/** A plain decimal string (what numeric columns read back as): read without decimal.js. */
const plainDecimal = /^(-?)(\d+)(?:\.(\d*))?$/;

function scaledRate(value: Decimal.Value): bigint {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  const plain = text === null ? null : plainDecimal.exec(text);
  if (plain) {
    const [, sign, whole, fraction = ''] = plain;
    const significant = fraction.replace(/0+$/, '');
    if (significant.length <= rateScaleDigits) {
      const scaled = BigInt(whole! + significant.padEnd(rateScaleDigits, '0'));
      return sign ? -scaled : scaled;
    }
  }
  return scaledRateByDecimal(value);
}

function scaledRateByDecimal(value: Decimal.Value): bigint {
  const scaled = new D(value).times(rateScale.toString());
  if (!scaled.isInteger()) throw new RangeError(`rate ${String(value)} has more than 12 decimal places`);
  return BigInt(scaled.toFixed(0));
}

/** n / d rounded half-up, for n >= 0 and d > 0. */
const divHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Splits one paid repayment across the loan's holders (DOMAIN.md "Fractionalising a repayment"):
 * principal pro rata to outstanding principal by the largest-remainder method (ties to the lower
 * investment id); interest at each holder's own rate capped at the base rate, rounded half-up;
 * the rest of the interest is commission; a mandate rate above base is topped up by the house
 * account; 10% of a foreign holder's interest (top-up included) is withheld.
 *
 * Half-up rounding could, in rare ties, hand out a cent more interest than was paid; commission
 * can never be negative, so those cents are taken back from the pieces that gained most by
 * rounding (ties to the higher investment id). See docs/domain.md.
 *
 * The arithmetic is exact: with rates scaled to integers, every holder's exact interest and top-up
 * is a fraction over one common denominator (total outstanding x base rate), so rounding and the
 * comparison of rounding gains are integer operations.
 */
export function fractionaliseRepayment(paid: RepaymentPaid, holdersIn: readonly Holder[]): Fractionalised {
  if (paid.principalPaidCents < 0n || paid.interestPaidCents < 0n)
    throw new RangeError('paid amounts must not be negative');
  const holders = [...holdersIn].sort((a, b) => a.investmentId - b.investmentId);
  if (holders.length === 0) throw new RangeError('a repayment needs at least one holder');
  const totalOutstanding = sumCents(holders.map((h) => h.outstandingPrincipalCents));
  if (totalOutstanding <= 0n) throw new RangeError('holders have no outstanding principal');

  const principal = allocateLargestRemainderExact(
    paid.principalPaidCents,
    holders.map((h) => h.outstandingPrincipalCents),
  );

  const base = scaledRate(paid.baseRate);
  // a loan's holders mostly share a handful of rates: each distinct one is read once
  const rateOf = new Map<Decimal.Value, bigint>();
  const rates = holders.map((h) => {
    let rate = rateOf.get(h.rate);
    if (rate === undefined) {
      rate = scaledRate(h.rate);
      rateOf.set(h.rate, rate);
    }
    return rate;
  });
  const interestPaid = paid.interestPaidCents;
  // exact interest of holder i = numerator_i / denominator: paid x share x min(rate, base) / base
  const denominator = totalOutstanding * base;
  const numerators = holders.map((h, index) =>
    base === 0n ? 0n : interestPaid * h.outstandingPrincipalCents * minBig(rates[index]!, base),
  );
  const interest = numerators.map((n) => (base === 0n ? 0n : divHalfUp(n, denominator)));
  let over = sumCents(interest) - paid.interestPaidCents;
  if (over > 0n) {
    // gain of rounding = interest - exact = (interest x denominator - numerator) / denominator
    const gains = numerators
      .map((n, index) => ({ index, gain: (interest[index] ?? 0n) * denominator - n }))
      .sort((a, b) => (a.gain === b.gain ? b.index - a.index : a.gain > b.gain ? -1 : 1));
    for (const { index } of gains) {
      if (over === 0n) break;
      interest[index] = (interest[index] ?? 0n) - 1n;
      over -= 1n;
    }
  }

  const withholding = scaledRate(foreignWithholdingRate);
  const pieces = holders.map((h, index): HolderPiece => {
    const rate = rates[index]!;
    const topUpCents =
      base !== 0n && rate > base
        ? divHalfUp(interestPaid * h.outstandingPrincipalCents * (rate - base), denominator)
        : 0n;
    const interestCents = interest[index] ?? 0n;
    const taxWithheldCents = h.isForeign ? divHalfUp((interestCents + topUpCents) * withholding, rateScale) : 0n;
    const principalCents = principal[index] ?? 0n;
    return {
      investmentId: h.investmentId,
      investmentAccountId: h.investmentAccountId,
      principalCents,
      interestCents,
      topUpCents,
      taxWithheldCents,
      cashCents: principalCents + interestCents + topUpCents - taxWithheldCents,
    };
  });
  return {
    pieces,
    commissionCents: paid.interestPaidCents - sumCents(pieces.map((p) => p.interestCents)),
    topUpTotalCents: sumCents(pieces.map((p) => p.topUpCents)),
    taxWithheldTotalCents: sumCents(pieces.map((p) => p.taxWithheldCents)),
  };
}

/** What a repayment of the schedule asks and has been paid so far. */
export interface RepaymentOwed {
  principalDueCents: Cents;
  principalPaidCents: Cents;
  interestDueCents: Cents;
  interestPaidCents: Cents;
}

/**
 * A receipt (or an excess applied) pays the loan's earliest open repayment that is not fully paid
 * (DOMAIN.md "Receipt against a repayment"), interest first, by `applyReceipt`. `open` are the
 * loan's open repayments in due order; returns the index of the one paid (null when every one is
 * fully paid: the whole receipt is excess) and the split.
 */
export function receiptAgainstRepayments(
  receiptCents: Cents,
  open: readonly RepaymentOwed[],
): { index: number | null; interestPaidCents: Cents; principalPaidCents: Cents; excessCents: Cents } {
  const index = open.findIndex(
    (r) => r.principalPaidCents < r.principalDueCents || r.interestPaidCents < r.interestDueCents,
  );
  if (index < 0) return { index: null, interestPaidCents: 0n, principalPaidCents: 0n, excessCents: receiptCents };
  const r = open[index]!;
  return {
    index,
    ...applyReceipt(receiptCents, {
      interestDueCents: r.interestDueCents - r.interestPaidCents,
      principalDueCents: r.principalDueCents - r.principalPaidCents,
    }),
  };
}

/**
 * A receipt of net amount R against a repayment due pays interest first (DOMAIN.md "Receipt
 * against a repayment"): interestPaid = min(R, i), principalPaid = min(R - interestPaid, p),
 * excess = the rest.
 */
export function applyReceipt(
  receiptCents: Cents,
  due: { interestDueCents: Cents; principalDueCents: Cents },
): { interestPaidCents: Cents; principalPaidCents: Cents; excessCents: Cents } {
  if (receiptCents < 0n) throw new RangeError('a receipt must not be negative');
  const interestPaidCents = receiptCents < due.interestDueCents ? receiptCents : due.interestDueCents;
  const left = receiptCents - interestPaidCents;
  const principalPaidCents = left < due.principalDueCents ? left : due.principalDueCents;
  return { interestPaidCents, principalPaidCents, excessCents: left - principalPaidCents };
}
