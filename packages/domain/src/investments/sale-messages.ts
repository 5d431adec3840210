import type DecimalJs from 'decimal.js';
import { Decimal } from '../money';

/**
 * The secondary sale's messages, limits and receivers (spec core §4, §5, §8, §9): apart from the
 * sale's schemas (sale.contract.ts), which building needs zod, so a screen that shows a sale's
 * state paints without them (docs/decisions/014-route-refs.md).
 */

// ---------------------------------------------------------------------------------------------
// Messages, word for word from spec core §5 and §8 (ours where marked)

const rateText = (rate: DecimalJs.Value) => new Decimal(rate).toString();

export const saleMessages = {
  // §5 sale buyer
  buyerRateNotPositive: 'Please input a rate greater than 0',
  buyerRateAboveMaximum: (maximumRate: DecimalJs.Value) =>
    `Please input a rate less than or equal to the loan Maximum Interest Rate ${rateText(maximumRate)}`,
  buyerAccountRequired: 'Please input an account',
  // ours: §5 names the percentage rules without their texts
  percentageNotPositive: 'Please input a percentage greater than 0',
  percentageAboveHundred: 'Please input a percentage less than or equal to 100',
  percentageTotalAboveHundred: 'The buyer percentages cannot add up to more than 100',
  // §5 sale date
  afterLastRepayment: 'A sale cannot occur after the last repayment.',
  afterUnpaidRepayment: 'A sale cannot occur after an unpaid repayment.',
  inFuture: 'A sale cannot occur in the future.',
  beforeLastFractionalised: 'A sale cannot occur before the last fractionalised repayment.',
  // §5 sell-disabled reasons
  sellingDisabled: 'Selling is disabled',
  loading: 'Cannot sell while data is loading',
  sameInvestment: 'Cannot buy and sell the same investment',
  afterMaximumSaleDate: 'Cannot sell after the maximum sale date',
  notEnoughFunds: 'Not all buyers/sellers/organisation have enough funds',
  // §8 investment tooltips
  investmentSold: 'Investment has been sold',
  loanNotActive: "Investment's Loan is not Active",
  // §8 success toast
  saleSuccessful: 'Sale was successful',
  // ours: the specification is silent on these situations
  investmentNotFinalised: 'Investment has not been finalised',
  investmentReversed: 'Investment has been reversed',
  saleDateRequired: 'Please input a sale date',
  buyersRequired: 'Please add a buyer',
  buyersTooMany: (max: number) => `A sale can have at most ${max} buyers`,
  nothingOutstanding: 'The investment has no principal outstanding to sell',
  percentageTooSmall: 'A buyer percentage is too small to buy a cent of the principal outstanding',
  quoteChanged: 'The sale has changed since it was previewed; please preview it again.',
  buyerAccountNotFound: (accountId: number) => `Investment account ${accountId} not found`,
} as const;

// ---------------------------------------------------------------------------------------------
// Limits

/** Buyers in one sale request (the seller's own remainder row included). */
export const saleBuyersMax = 20;
/** Decimal places of a purchased fraction (spec core §9: rounded to 10 decimals). */
export const salePercentageDecimals = 10;
/** Decimal places of a rate, numeric(9,6). */
export const saleRateDecimals = 6;
/** The sale instant keeps this far from a repayment's due instant (spec core §9: 14.01 minutes). */
export const saleBoundaryMarginMs = 14.01 * 60_000;
/** The receiver toggle moves the sale instant by this much (spec core §4, §9: 15 minutes). */
export const saleReceiverToggleMs = 15 * 60_000;

/** Who receives a repayment in the light of the sale. */
export const saleReceivers = ['SELLER', 'BUYER'] as const;
export type SaleReceiver = (typeof saleReceivers)[number];
export const saleReceiverLabels: Record<SaleReceiver, string> = { SELLER: 'Seller', BUYER: 'Buyer' };
