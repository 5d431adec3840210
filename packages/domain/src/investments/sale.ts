import type DecimalJs from 'decimal.js';
import { addDays, sydneyDate } from '../clock';
import { sydneyStartOfDay } from '../loans/sydney-instants';
import { allocateLargestRemainder, type Cents, Decimal as D, mulRound, sumCents } from '../money';
import { foreignWithholdingRate } from '../repayments/fractionalise';
import { saleBoundaryMarginMs, saleMessages, saleReceiverToggleMs } from './sale-messages';

/**
 * The rules of a secondary sale (DOMAIN.md "Secondary sale of an investment", spec core §4, §5,
 * §9): who may sell, when, to whom, and the split of the money to the cent. Pure: the server
 * reads the rows, calls these, and writes what they answer.
 */

// ---------------------------------------------------------------------------------------------
// The sale instant

/**
 * The instant a repayment falls due: the end of its Sydney due date (the next day's start). A
 * sale on the due date itself is before it by default (the buyers receive that repayment); the
 * receiver toggle moves the sale 15 minutes, across it (the seller receives it).
 */
export function repaymentDueInstant(dueDate: string): Date {
  return sydneyStartOfDay(addDays(dueDate, 1));
}

/**
 * Normalises a requested sale date (spec core §9): to the Sydney end of its day less 14.01
 * minutes, so that the sale is never within 14.01 minutes of a due instant and the 15-minute
 * receiver toggle always crosses one; an instant in the first 15 minutes of a day is the toggled
 * form (0.99 minutes after that day's start) and is kept there. A sale on today's date is capped
 * at now (moved back to 14.01 minutes before today's start if now is within 15 minutes of it).
 * A date after today is left after now: `saleDateProblem` refuses it.
 */
export function normaliseSaleInstant(requested: string, now: Date): Date {
  const isDate = /^\d{4}-\d{2}-\d{2}$/.test(requested);
  const instant = isDate ? sydneyStartOfDay(requested) : new Date(requested);
  const day = isDate ? requested : sydneyDate(instant);
  const start = sydneyStartOfDay(day).getTime();
  const toggled = !isDate && instant.getTime() - start < saleReceiverToggleMs;
  let candidate = toggled
    ? start + saleReceiverToggleMs - saleBoundaryMarginMs
    : sydneyStartOfDay(addDays(day, 1)).getTime() - saleBoundaryMarginMs;
  if (candidate > now.getTime() && day <= sydneyDate(now)) {
    candidate = now.getTime();
    const todayStart = sydneyStartOfDay(sydneyDate(now)).getTime();
    if (candidate - todayStart < saleReceiverToggleMs) candidate = todayStart - saleBoundaryMarginMs;
  }
  return new Date(candidate);
}

/**
 * The Sydney date a sale instant belongs to: a toggled instant, just after midnight, belongs to
 * the day before (the day the user chose).
 */
export function saleDayOf(saleInstant: Date): string {
  return sydneyDate(new Date(saleInstant.getTime() - saleReceiverToggleMs));
}

/** The receiver toggle (spec core §4): the other side of the due instant, 15 minutes away. */
export function toggleSaleReceiver(saleInstant: Date, receiver: 'SELLER' | 'BUYER'): Date {
  const start = sydneyStartOfDay(sydneyDate(saleInstant)).getTime();
  const afterMidnight = saleInstant.getTime() - start < saleReceiverToggleMs;
  if (receiver === 'SELLER' && !afterMidnight) return new Date(saleInstant.getTime() + saleReceiverToggleMs);
  if (receiver === 'BUYER' && afterMidnight) return new Date(saleInstant.getTime() - saleReceiverToggleMs);
  return saleInstant;
}

/** Whole days between two Sydney dates (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

// ---------------------------------------------------------------------------------------------
// Who may sell

export interface SellableInvestment {
  saleDate: string | Date | null;
  reversedDate: string | Date | null;
  finalisedDate: string | Date | null;
  loanStatus: string;
}

/** Why an investment cannot be sold (spec core §4: not sold and its loan ACTIVE), or null. */
export function sellInvestmentRefusal(investment: SellableInvestment): string | null {
  if (investment.reversedDate) return saleMessages.investmentReversed;
  if (investment.saleDate) return saleMessages.investmentSold;
  if (!investment.finalisedDate) return saleMessages.investmentNotFinalised;
  if (investment.loanStatus !== 'ACTIVE') return saleMessages.loanNotActive;
  return null;
}

export interface SaleRepaymentState {
  dueDate: string;
  status: string;
  /** A paying loan transaction of it has been fractionalised. */
  fractionalised: boolean;
  /** A paying loan transaction of it is published but not yet fractionalised (not yet paid to the holders). */
  awaitingFractionalise?: boolean;
}

/** Repayment statuses that still owe money. */
const unpaidStatuses = new Set(['UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS']);
/** Repayments closed without being paid (a payout or a reschedule replaced them): no date rule reads them. */
const closedStatuses = new Set(['CLOSED_PAYOUT', 'RESCHEDULED', 'PAID_PARTIAL_RESCHEDULED']);

/** The repayments the sale rules read: those a payout or a reschedule closed are left out. */
export function saleRepaymentsOf<R extends SaleRepaymentState>(repayments: readonly R[]): R[] {
  return repayments.filter((r) => !closedStatuses.has(r.status));
}

/**
 * Unpaid for a sale: still owed by the borrower, or paid by the borrower but not yet paid to the
 * holders (not fractionalised). Every repayment due before a sale is then the seller's, every one
 * after it the buyers' (docs/domain.md).
 */
export function isUnpaidForSale(repayment: SaleRepaymentState): boolean {
  return unpaidStatuses.has(repayment.status) || repayment.awaitingFractionalise === true;
}

/**
 * The sale-date rules of spec core §5, by instants: not in the future, not after the last
 * repayment, not after an unpaid repayment (`isUnpaidForSale`; Floorplan loans excepted), not
 * before the last fractionalised repayment. Null when the date is allowed.
 */
export function saleDateProblem(input: {
  requested: string;
  saleInstant: Date;
  now: Date;
  repayments: readonly SaleRepaymentState[];
  interestCalculationMethod: string;
}): string | null {
  const { saleInstant, now } = input;
  const repayments = saleRepaymentsOf(input.repayments);
  const requestedDay = /^\d{4}-\d{2}-\d{2}$/.test(input.requested)
    ? input.requested
    : sydneyDate(new Date(input.requested));
  if (requestedDay > sydneyDate(now) || saleInstant.getTime() > now.getTime()) return saleMessages.inFuture;
  const t = saleInstant.getTime();
  const lastDue = repayments.reduce<string | null>(
    (max, r) => (max === null || r.dueDate > max ? r.dueDate : max),
    null,
  );
  if (lastDue !== null && t > repaymentDueInstant(lastDue).getTime()) return saleMessages.afterLastRepayment;
  if (
    input.interestCalculationMethod !== 'FLOORPLAN' &&
    repayments.some((r) => isUnpaidForSale(r) && repaymentDueInstant(r.dueDate).getTime() < t)
  ) {
    return saleMessages.afterUnpaidRepayment;
  }
  const lastFractionalised = lastFractionalisedDueDate(repayments);
  if (lastFractionalised !== null && t < repaymentDueInstant(lastFractionalised).getTime()) {
    return saleMessages.beforeLastFractionalised;
  }
  return null;
}

export function lastFractionalisedDueDate(repayments: readonly SaleRepaymentState[]): string | null {
  return repayments.reduce<string | null>(
    (max, r) => (r.fractionalised && (max === null || r.dueDate > max) ? r.dueDate : max),
    null,
  );
}

/** The latest instant a sale may have: now, or the last repayment's due instant if earlier. */
export function maximumSaleInstant(all: readonly SaleRepaymentState[], now: Date): Date {
  const repayments = saleRepaymentsOf(all);
  const lastDue = repayments.reduce<string | null>(
    (max, r) => (max === null || r.dueDate > max ? r.dueDate : max),
    null,
  );
  if (lastDue === null) return now;
  const due = repaymentDueInstant(lastDue);
  return due.getTime() < now.getTime() ? due : now;
}

// ---------------------------------------------------------------------------------------------
// The buyers

export interface SaleRow {
  investmentAccountId: number;
  interestRate: DecimalJs.Value;
  purchasedFraction: DecimalJs.Value;
}

export interface SaleRowProblem {
  /** purchaserDetailsRequests.{index}.{field}, or purchaserDetailsRequests for the whole set. */
  field: string;
  message: string;
}

/**
 * A row for the seller's own account is the seller's remainder (Fill & Preview): allowed once, at
 * the original rate; any other row of the seller's account buys what it sells.
 */
export function isSellerRemainderRow(row: SaleRow, seller: { investmentAccountId: number; rate: DecimalJs.Value }) {
  return row.investmentAccountId === seller.investmentAccountId && new D(row.interestRate).equals(seller.rate);
}

/**
 * The rules of a sale request that need the loan and the seller (spec core §5): each buyer's rate
 * at most the loan maximum, the percentages at most 100 in all, and no buying of what one sells.
 */
export function saleRequestProblems(
  rows: readonly SaleRow[],
  context: { maximumRate: DecimalJs.Value; seller: { investmentAccountId: number; rate: DecimalJs.Value } },
): SaleRowProblem[] {
  const problems: SaleRowProblem[] = [];
  let sellerRows = 0;
  rows.forEach((row, index) => {
    const isSeller = row.investmentAccountId === context.seller.investmentAccountId;
    if (isSeller) {
      sellerRows += 1;
      if (!isSellerRemainderRow(row, context.seller) || sellerRows > 1) {
        problems.push({
          field: `purchaserDetailsRequests.${index}.investmentAccountId`,
          message: saleMessages.sameInvestment,
        });
      }
      return; // the seller's remainder keeps the original rate, even a mandate rate above the maximum
    }
    if (new D(row.interestRate).greaterThan(context.maximumRate)) {
      problems.push({
        field: `purchaserDetailsRequests.${index}.interestRate`,
        message: saleMessages.buyerRateAboveMaximum(context.maximumRate),
      });
    }
  });
  if (rows.length > 0 && sellerRows === rows.length) {
    problems.push({ field: 'purchaserDetailsRequests', message: saleMessages.sameInvestment });
  }
  if (saleFractionTotal(rows).greaterThan(100)) {
    problems.push({ field: 'purchaserDetailsRequests', message: saleMessages.percentageTotalAboveHundred });
  }
  return problems;
}

/** The sum of sale rows' percentages of the investment, exact (a row not yet filled counts 0). */
export function saleFractionTotal(
  rows: readonly { purchasedFraction: ConstructorParameters<typeof D>[0] | null | undefined }[],
): InstanceType<typeof D> {
  return rows.reduce((sum, row) => sum.plus(row.purchasedFraction ?? 0), new D(0));
}

/** What Fill & Preview gives the seller: 100 less the other buyers' percentages, 10 decimals. */
export function fillRemainderFraction(rows: readonly SaleRow[], sellerAccountId: number): string {
  const taken = rows
    .filter((row) => row.investmentAccountId !== sellerAccountId)
    .reduce((sum, row) => sum.plus(row.purchasedFraction), new D(0));
  return D.max(0, new D(100).minus(taken)).toDecimalPlaces(10).toString();
}

// ---------------------------------------------------------------------------------------------
// The money

export interface SaleMoneyInput {
  /** P: the investment's principal outstanding. */
  principalOutstandingCents: Cents;
  /** r_s: the seller's investment rate, percent per annum. */
  sellerRate: DecimalJs.Value;
  sellerAccountId: number;
  sellerIsForeign: boolean;
  /** The loan's base (maximum) rate. */
  baseRate: DecimalJs.Value;
  interestType: string;
  /** Days of accrued interest: from the last fractionalised due date (or disbursement) to the sale day. */
  accruedDays: number;
  /** In Advance: days from the sale day to the next due date, refunded by the seller. */
  refundDays: number;
  /** The sale fee on the interest payout, percent (default 0). */
  interestPayoutFeeRate: DecimalJs.Value;
  rows: readonly SaleRow[];
}

export interface SaleMoneyRow {
  investmentAccountId: number;
  interestRate: string;
  purchasedFraction: string;
  isSeller: boolean;
  principalCents: Cents;
  /** What this buyer pays as accrued interest (negative: refunded to it, In Advance). */
  interestPayoutCents: Cents;
  feeCents: Cents;
  topUpCents: Cents;
  /** Principal plus interest payout, never below 0 (0 for the seller's remainder). */
  fundsRequiredCents: Cents;
}

export interface SaleMoney {
  rows: SaleMoneyRow[];
  remainder: { purchasedFraction: string; principalCents: Cents } | null;
  /** Principal the buyers take (the remainder excluded). */
  principalCents: Cents;
  /** Accrued interest the seller is paid (buyers' payouts plus top-up); negative In Advance. */
  interestPayoutCents: Cents;
  feeCents: Cents;
  topUpCents: Cents;
  taxWithheldCents: Cents;
  /** The seller's cash movement: principal + interest payout + top-up - tax - fee. */
  sellerNetCents: Cents;
  /** What the seller pays out: the In Advance refunds. */
  sellerFundsRequiredCents: Cents;
}

const dayBasis = 36_500;

/**
 * Splits a sale to the cent (DOMAIN.md): P over the rows by purchased fraction, the seller's
 * remainder last, by the largest-remainder method (the pieces sum exactly to P); accrued interest
 * per buyer at the seller's rate, half-up, the part above the base rate paid by house account 555;
 * the fee on each buyer's interest payout; 10% withholding on a foreign seller's interest.
 */
export function splitSale(input: SaleMoneyInput): SaleMoney {
  const sellerRate = new D(input.sellerRate);
  const base = new D(input.baseRate);
  const seller = { investmentAccountId: input.sellerAccountId, rate: sellerRate };
  const buyers = input.rows.map((row) => ({ row, isSeller: isSellerRemainderRow(row, seller) }));
  const taken = buyers.filter((b) => !b.isSeller).reduce((sum, b) => sum.plus(b.row.purchasedFraction), new D(0));
  if (taken.greaterThan(100)) throw new RangeError('purchased fractions exceed 100');
  const remainderFraction = new D(100).minus(taken);
  const weights = [...buyers.map((b) => (b.isSeller ? new D(0) : new D(b.row.purchasedFraction))), remainderFraction];
  const pieces = allocateLargestRemainder(input.principalOutstandingCents, weights);
  const remainderCents = pieces[pieces.length - 1] ?? 0n;

  const inAdvance = input.interestType === 'IN_ADVANCE';
  const buyerRate = sellerRate.greaterThan(base) && base.greaterThan(0) ? base : sellerRate;
  const rows = buyers.map(({ row, isSeller }, index): SaleMoneyRow => {
    const principalCents = isSeller ? remainderCents : (pieces[index] ?? 0n);
    const common = {
      investmentAccountId: row.investmentAccountId,
      interestRate: new D(row.interestRate).toString(),
      purchasedFraction: isSeller ? remainderFraction.toString() : new D(row.purchasedFraction).toString(),
      isSeller,
      principalCents,
    };
    if (isSeller) return { ...common, interestPayoutCents: 0n, feeCents: 0n, topUpCents: 0n, fundsRequiredCents: 0n };
    if (inAdvance) {
      const refund = mulRound(principalCents, sellerRate.times(input.refundDays).div(dayBasis));
      const fundsRequired = principalCents - refund;
      return {
        ...common,
        interestPayoutCents: -refund,
        feeCents: 0n,
        topUpCents: 0n,
        fundsRequiredCents: fundsRequired > 0n ? fundsRequired : 0n,
      };
    }
    const full = mulRound(principalCents, sellerRate.times(input.accruedDays).div(dayBasis));
    const paid = buyerRate.equals(sellerRate)
      ? full
      : mulRound(principalCents, buyerRate.times(input.accruedDays).div(dayBasis));
    const topUp = full - paid;
    const fee = mulRound(paid, new D(input.interestPayoutFeeRate).div(100));
    return {
      ...common,
      interestPayoutCents: paid,
      feeCents: fee,
      topUpCents: topUp,
      fundsRequiredCents: principalCents + paid,
    };
  });

  const bought = rows.filter((r) => !r.isSeller);
  const principalCents = sumCents(bought.map((r) => r.principalCents));
  const interestPayoutCents = sumCents(bought.map((r) => r.interestPayoutCents));
  const feeCents = sumCents(bought.map((r) => r.feeCents));
  const topUpCents = sumCents(bought.map((r) => r.topUpCents));
  const interestReceived = interestPayoutCents + topUpCents;
  const taxWithheldCents =
    input.sellerIsForeign && interestReceived > 0n ? mulRound(interestReceived, foreignWithholdingRate) : 0n;
  return {
    rows,
    remainder:
      remainderCents > 0n || remainderFraction.greaterThan(0)
        ? { purchasedFraction: remainderFraction.toString(), principalCents: remainderCents }
        : null,
    principalCents,
    interestPayoutCents: interestReceived,
    feeCents,
    topUpCents,
    taxWithheldCents,
    sellerNetCents: principalCents + interestReceived - taxWithheldCents - feeCents,
    sellerFundsRequiredCents: inAdvance ? -interestPayoutCents : 0n,
  };
}

/**
 * A holder's estimated share of a future repayment: its part of the loan's outstanding principal,
 * interest at its own rate capped at the base rate (the top-up above it included), half-up.
 */
export function estimateRepaymentShare(input: {
  principalCents: Cents;
  loanOutstandingCents: Cents;
  rate: DecimalJs.Value;
  baseRate: DecimalJs.Value;
  principalDueCents: Cents;
  interestDueCents: Cents;
}): { principalCents: Cents; interestCents: Cents } {
  if (input.loanOutstandingCents <= 0n) return { principalCents: 0n, interestCents: 0n };
  const share = new D(input.principalCents.toString()).div(input.loanOutstandingCents.toString());
  const base = new D(input.baseRate);
  const rateFactor = base.greaterThan(0) ? new D(input.rate).div(base) : new D(0);
  return {
    principalCents: mulRound(input.principalDueCents, share),
    interestCents: mulRound(input.interestDueCents, share.times(rateFactor)),
  };
}

// ---------------------------------------------------------------------------------------------
// The dialog's Sell button

export interface SellButtonState {
  /** The investment may be sold and the preview matches the inputs (PREVIEW_SUCCESS). */
  sellingEnabled: boolean;
  loading: boolean;
  /** A buyer row buys what the seller sells (`saleRequestProblems` found it). */
  sameInvestment: boolean;
  saleInstant: Date | null;
  maximumSaleInstant: Date | null;
  allHaveFunds: boolean;
}

/** Why Sell Investment is disabled (spec core §5, the five reasons in their order), or null. */
export function sellDisabledReason(state: SellButtonState): string | null {
  if (!state.sellingEnabled) return saleMessages.sellingDisabled;
  if (state.loading) return saleMessages.loading;
  if (state.sameInvestment) return saleMessages.sameInvestment;
  if (
    state.saleInstant !== null &&
    state.maximumSaleInstant !== null &&
    state.saleInstant.getTime() > state.maximumSaleInstant.getTime()
  ) {
    return saleMessages.afterMaximumSaleDate;
  }
  if (!state.allHaveFunds) return saleMessages.notEnoughFunds;
  return null;
}
