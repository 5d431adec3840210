import type DecimalJs from 'decimal.js';
import { z } from 'zod';
import { defineRoute } from '../contract/route';
import { Decimal } from '../money';
import { saleBuyersMax, saleMessages, salePercentageDecimals, saleRateDecimals, saleReceivers } from './sale-messages';

/**
 * The secondary sale of an investment (spec core §3 "Sale preview" and "Sale request", §4 sale
 * flow, §5 sale rules; DOMAIN.md "Secondary sale of an investment"): the quote answers the
 * preview of a sale request, the sell performs exactly the quoted sale or refuses.
 */

// ---------------------------------------------------------------------------------------------
// Request

/** A decimal input given as a JSON number or a decimal string, rounded to `places`. */
function decimalInput(
  places: number,
  messages: { invalid: string; positive: string; max?: string; maxValue?: number },
) {
  return z
    .union([z.number({ error: messages.invalid }), z.string({ error: messages.invalid })], { error: messages.invalid })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      const valid = typeof value === 'number' ? Number.isFinite(value) : /^-?\d{1,12}(\.\d{1,30})?$/.test(text);
      if (!valid) {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
      const d = new Decimal(text);
      const rounded = d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
      if (!rounded.greaterThan(0)) {
        ctx.addIssue({ code: 'custom', message: messages.positive });
        return z.NEVER;
      }
      if (messages.max !== undefined && messages.maxValue !== undefined && rounded.greaterThan(messages.maxValue)) {
        ctx.addIssue({ code: 'custom', message: messages.max });
        return z.NEVER;
      }
      return rounded.toNumber();
    });
}

/**
 * One buyer row of a sale request (spec core §3 "Sale request"). The rate's maximum (the loan's
 * base rate) is checked by `saleRequestProblems`, which knows the loan; a screen builds its row
 * form with `saleBuyerRowSchema(maximumRate)`.
 */
export const salePurchaserRequestSchema = z.object({
  investmentAccountId: z
    .number({ error: saleMessages.buyerAccountRequired })
    .int(saleMessages.buyerAccountRequired)
    .positive(saleMessages.buyerAccountRequired),
  /** Percent per annum, > 0 (at most the loan's maximum rate), rounded to 6 decimals. */
  interestRate: decimalInput(saleRateDecimals, {
    invalid: saleMessages.buyerRateNotPositive,
    positive: saleMessages.buyerRateNotPositive,
  }),
  /** Percent of the investment, > 0 and <= 100, rounded to 10 decimals. */
  purchasedFraction: decimalInput(salePercentageDecimals, {
    invalid: saleMessages.percentageNotPositive,
    positive: saleMessages.percentageNotPositive,
    max: saleMessages.percentageAboveHundred,
    maxValue: 100,
  }),
});
export type SalePurchaserRequest = z.output<typeof salePurchaserRequestSchema>;

/** The buyer row of the sale dialog: the request row with the loan's maximum rate. */
export function saleBuyerRowSchema(maximumRate: DecimalJs.Value) {
  return salePurchaserRequestSchema.superRefine((row, ctx) => {
    if (new Decimal(row.interestRate).greaterThan(maximumRate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['interestRate'],
        message: saleMessages.buyerRateAboveMaximum(maximumRate),
      });
    }
  });
}

/**
 * The sale date: an ISO instant (as the dialog's date picker and receiver toggle give it) or a
 * Sydney date YYYY-MM-DD (its end of day). The server normalises it (`normaliseSaleInstant`).
 */
export const saleDateInput = z
  .string({ error: saleMessages.saleDateRequired })
  .trim()
  .min(1, saleMessages.saleDateRequired)
  .max(40, saleMessages.saleDateRequired)
  .refine((value) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const d = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
    }
    return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
  }, saleMessages.saleDateRequired);

/** POST api/investments/actions/sell/quote: the sale request of spec core §3. */
export const saleRequestSchema = z.object({
  investmentId: z.number().int().positive(),
  saleDate: saleDateInput,
  purchaserDetailsRequests: z
    .array(salePurchaserRequestSchema, { error: saleMessages.buyersRequired })
    .min(1, saleMessages.buyersRequired)
    .max(saleBuyersMax, saleMessages.buyersTooMany(saleBuyersMax)),
});
export type SaleRequest = z.output<typeof saleRequestSchema>;
export type SaleRequestInput = z.input<typeof saleRequestSchema>;

/**
 * POST api/investments/actions/sell: the same request, with the `quoteId` of the preview it
 * confirms. Given, the sale is refused unless it is exactly that preview (same date, investment,
 * buyers and figures: PREVIEW_SUCCESS); the sale dialog always sends it.
 */
export const sellRequestSchema = saleRequestSchema.extend({
  quoteId: z.string().trim().min(1).max(128).optional(),
});
export type SellRequest = z.output<typeof sellRequestSchema>;
export type SellRequestInput = z.input<typeof sellRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Preview

/** One repayment of the loan as the sale sees it: the repayment cards of the dialog. */
export const saleRepaymentSchema = z.object({
  repaymentId: z.number().int(),
  dueDate: z.string(),
  /** The instant the repayment falls due: the end of its Sydney due date. */
  dueInstant: z.string(),
  status: z.string(),
  principalDue: z.number(),
  interestDue: z.number(),
  grossAmount: z.number(),
  /** True when it falls due after the sale instant (the new holders receive it). */
  afterSale: z.boolean(),
  receiver: z.enum(saleReceivers),
  /** The sale date is this repayment's due date: the receiver toggle applies. */
  onSaleDate: z.boolean(),
  fractionalised: z.boolean(),
});
export type SaleRepayment = z.infer<typeof saleRepaymentSchema>;

/** A buyer's estimated share of one repayment after the sale (at its outstanding share and rate). */
export const purchaserRepaymentSchema = z.object({
  repaymentId: z.number().int(),
  dueDate: z.string(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  totalAmount: z.number(),
});
export type PurchaserRepayment = z.infer<typeof purchaserRepaymentSchema>;

/** One row of the request, as the sale would perform it. */
export const purchaserDetailSchema = z.object({
  investmentAccountId: z.number().int(),
  investmentAccountName: z.string(),
  interestRate: z.number(),
  purchasedFraction: z.number(),
  /** The row is the seller's own remainder (the seller's account at the original rate): it pays nothing. */
  isSeller: z.boolean(),
  principalAmount: z.number(),
  /** Accrued interest this buyer pays the seller (negative: the seller refunds it, In Advance). */
  interestPayout: z.number(),
  /** The sale fee on this buyer's interest payout, kept from the seller for house account 555. */
  interestPayoutFee: z.number(),
  /** The part of this buyer's accrued interest above the base rate, paid by house account 555. */
  interestTopUpAmountFee: z.number(),
  availableBalance: z.number(),
  hasFunds: z.boolean(),
  /** What this row needs: principal plus interest payout (0 for the seller's remainder). */
  fundsRequired: z.number(),
  /** What the account needs over every row of the request it appears in. */
  totalFundsRequired: z.number(),
  repayments: z.array(purchaserRepaymentSchema),
});
export type PurchaserDetail = z.infer<typeof purchaserDetailSchema>;

/** What the seller keeps: the part no buyer takes, a new investment at the original rate. */
export const saleRemainderSchema = z.object({
  investmentAccountId: z.number().int(),
  interestRate: z.number(),
  purchasedFraction: z.number(),
  principalAmount: z.number(),
});

/** The sale preview (spec core §3 "Sale preview"). */
export const salePreviewSchema = z.object({
  /** Names exactly this preview; POST api/investments/actions/sell refuses a sale that differs from it. */
  quoteId: z.string(),
  /** The normalised sale instant (spec core §9). */
  saleDate: z.string(),
  /** Its Sydney date. */
  saleDay: z.string(),
  /** The latest instant a sale of this investment may have (now, or the last repayment's due instant). */
  maximumSaleDate: z.string(),
  originalInvestmentId: z.number().int(),
  loanId: z.number().int(),
  interestType: z.string(),
  /** The seller's account and rate. */
  investmentAccountId: z.number().int(),
  investmentAccountName: z.string(),
  isForeign: z.boolean(),
  interestRate: z.number(),
  baseInterestRate: z.number(),
  /** P: the investment's principal outstanding before the sale. */
  principalOutstanding: z.number(),
  /** The day interest accrues from (the last fractionalised repayment, or the disbursement date). */
  accruedFromDate: z.string(),
  accruedDays: z.number().int(),

  // seller side
  sellerHasFunds: z.boolean(),
  /** What the seller pays out (In Advance: the interest refunded to the buyers). */
  sellerFundsRequired: z.number(),
  /** Principal the buyers take (the seller's remainder excluded). */
  principalAmount: z.number(),
  /** Accrued interest the seller is paid for the buyers' part (buyers' payouts plus the top-up). */
  interestPayout: z.number(),
  /** The sale fee on the interest payout, to house account 555. */
  interestPayoutFee: z.number(),
  /** The part of the accrued interest above the base rate, paid by house account 555. */
  interestTopUpAmount: z.number(),
  /** 10% withholding on the seller's interest when the seller's account is foreign. */
  taxWithheldAmount: z.number(),
  /** The seller's cash movement: principal + interest payout - tax - fee (In Advance: principal - refunds). */
  sellerNetAmount: z.number(),

  // organisation side (house account 555)
  /** What 555 gives up of its commission: the top-up it pays. */
  orgInterestCommission: z.number(),
  /** What 555 receives: the sale fee. */
  orgInterestFee: z.number(),
  orgInterestCommissionHasFunds: z.boolean(),
  orgHasFunds: z.boolean(),
  orgFundsRequired: z.number(),

  // provider side: no third-party provider takes part in our sales (docs/domain.md), always zero
  providerInterestPayout: z.number(),
  providerInterestPayoutFee: z.number(),
  providerHasFunds: z.boolean(),
  providerFundsRequired: z.number(),

  purchaserDetails: z.array(purchaserDetailSchema),
  sellerRemainder: saleRemainderSchema.nullable(),
  repayments: z.array(saleRepaymentSchema),
  /** Every buyer, the seller and the organisation have the funds (else sell is refused). */
  allHaveFunds: z.boolean(),
});
export type SalePreview = z.infer<typeof salePreviewSchema>;

/** A performed sale. */
export const saleResultSchema = z.object({
  originalInvestmentId: z.number().int(),
  saleDate: z.string(),
  ledgerEntryId: z.number().int(),
  /** The seller's SALE row (the sold investment's investmentSaleTransactionId). */
  saleTransactionId: z.number().int(),
  newInvestments: z.array(
    z.object({
      investmentId: z.number().int(),
      investmentAccountId: z.number().int(),
      interestRate: z.number(),
      principalAmount: z.number(),
      isSeller: z.boolean(),
      /** The buyer's PURCHASE row (null for the seller's remainder, which moves no cash). */
      transactionId: z.number().int().nullable(),
    }),
  ),
  preview: salePreviewSchema,
});
export type SaleResult = z.infer<typeof saleResultSchema>;

// ---------------------------------------------------------------------------------------------
// Routes

export const saleQuoteRoute = defineRoute({
  method: 'POST',
  path: '/api/investments/actions/sell/quote',
  tag: 'investments',
  summary: 'Preview the sale of an investment',
  description:
    'The sale preview of spec core §3: seller, organisation and provider sides, each purchaser with principal, ' +
    'interest payout, fees, top-up, funds and the repayments it will receive. Refuses with the §5 sale rules.',
  body: saleRequestSchema,
  response: salePreviewSchema,
});

export const saleSellRoute = defineRoute({
  method: 'POST',
  path: '/api/investments/actions/sell',
  tag: 'investments',
  summary: 'Sell an investment',
  description:
    'Performs exactly the quoted sale (quoteId) or refuses; moves nothing unless every party has the funds. ' +
    `Answers "${saleMessages.saleSuccessful}".`,
  body: sellRequestSchema,
  response: saleResultSchema,
  idempotent: true,
});
