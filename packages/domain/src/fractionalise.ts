import type Decimal from 'decimal.js';
import { allocateLargestRemainder, type Cents, Decimal as D, sumCents } from './money';

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

const roundHalfUp = (d: Decimal): Cents => BigInt(d.toDecimalPlaces(0, D.ROUND_HALF_UP).toFixed(0));

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
 */
export function fractionaliseRepayment(paid: RepaymentPaid, holdersIn: readonly Holder[]): Fractionalised {
  if (paid.principalPaidCents < 0n || paid.interestPaidCents < 0n)
    throw new RangeError('paid amounts must not be negative');
  const holders = [...holdersIn].sort((a, b) => a.investmentId - b.investmentId);
  if (holders.length === 0) throw new RangeError('a repayment needs at least one holder');
  const totalOutstanding = sumCents(holders.map((h) => h.outstandingPrincipalCents));
  if (totalOutstanding <= 0n) throw new RangeError('holders have no outstanding principal');

  const principal = allocateLargestRemainder(
    paid.principalPaidCents,
    holders.map((h) => h.outstandingPrincipalCents.toString()),
  );

  const base = new D(paid.baseRate);
  const interestPaid = new D(paid.interestPaidCents.toString());
  const share = (h: Holder) => new D(h.outstandingPrincipalCents.toString()).dividedBy(totalOutstanding.toString());
  const exactInterest = holders.map((h) => {
    if (base.isZero()) return new D(0);
    const rate = D.min(new D(h.rate), base);
    return interestPaid.times(share(h)).times(rate).dividedBy(base);
  });
  const interest = exactInterest.map(roundHalfUp);
  let over = sumCents(interest) - paid.interestPaidCents;
  if (over > 0n) {
    const gains = exactInterest
      .map((exact, index) => ({ index, gain: new D((interest[index] ?? 0n).toString()).minus(exact) }))
      .sort((a, b) => b.gain.comparedTo(a.gain) || b.index - a.index);
    for (const { index } of gains) {
      if (over === 0n) break;
      interest[index] = (interest[index] ?? 0n) - 1n;
      over -= 1n;
    }
  }

  const pieces = holders.map((h, index): HolderPiece => {
    const rate = new D(h.rate);
    const topUpCents =
      !base.isZero() && rate.greaterThan(base)
        ? roundHalfUp(interestPaid.times(share(h)).times(rate.minus(base)).dividedBy(base))
        : 0n;
    const interestCents = interest[index] ?? 0n;
    const taxWithheldCents = h.isForeign
      ? roundHalfUp(new D((interestCents + topUpCents).toString()).times(foreignWithholdingRate))
      : 0n;
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
