import {
  Decimal,
  fillRemainderFraction,
  isSellerRemainderRow,
  normaliseSaleInstant,
  type SalePreview,
  type SaleReceiver,
  type SaleRequestInput,
  type SaleRow,
  saleBuyersMax,
  saleDateInput,
  saleFractionTotal,
  saleMessages,
  salePurchaserRequestSchema,
  saleRequestProblems,
  sellDisabledReason,
  toggleSaleReceiver,
} from '@lm/domain';
import { z } from 'zod';
import { operationSignature } from '../../shared/api/idempotency-key';

/**
 * The sale dialog's form (spec core §4 sale flow, §5 sale rules): a sale date and the buyer rows,
 * validated with the domain's request schema and sale rules; Fill gives the part no buyer takes to
 * the seller's own account at the original rate; a preview is current only while the request it
 * was made for is unchanged (PREVIEW_SUCCESS).
 */

/** One buyer row as the form holds it (numbers or empty). */
export interface SaleBuyerValues {
  investmentAccountId: number | null;
  purchasedFraction: number | null;
  interestRate: number | null;
}

export interface SaleFormValues {
  /** A Sydney business date, YYYY-MM-DD. */
  saleDate: string | null;
  buyers: SaleBuyerValues[];
}

/** The seller and the loan, as the rules need them. */
export interface SaleFacts {
  investmentId: number;
  sellerAccountId: number;
  sellerRate: number;
  /** The loan's maximum interest rate (its base rate). */
  maximumRate: number;
}

export const emptyBuyer = (): SaleBuyerValues => ({
  investmentAccountId: null,
  purchasedFraction: null,
  interestRate: null,
});

const sellerOf = (facts: SaleFacts) => ({ investmentAccountId: facts.sellerAccountId, rate: facts.sellerRate });

/** The row that keeps the seller's remainder: the seller's own account at the original rate. */
export function isSellerRow(row: SaleBuyerValues, facts: SaleFacts): boolean {
  return (
    row.investmentAccountId !== null &&
    row.interestRate !== null &&
    isSellerRemainderRow(row as SaleRow, sellerOf(facts))
  );
}

/** The sum of the rows' percentages (empty rows count 0), exact: the domain's sale rule. */
export const percentageTotal = (buyers: readonly SaleBuyerValues[]) => saleFractionTotal(buyers);

/** `purchaserDetailsRequests.1.interestRate` (the domain's field names) as the form's `buyers.1.interestRate`. */
function formPath(field: string): (string | number)[] {
  const [, index, name] = field.split('.');
  if (index === undefined) return ['buyers'];
  return ['buyers', Number(index), ...(name ? [name] : [])];
}

/**
 * The form's schema: each row by the domain's request row (account required, rate > 0,
 * percentage > 0 and <= 100), then the domain's rules that need the loan and the seller (a buyer's
 * rate at most the loan's maximum, the total at most 100, no buying of what one sells).
 */
export function saleForm(facts: SaleFacts) {
  return z
    .object({
      saleDate: saleDateInput,
      buyers: z
        .array(salePurchaserRequestSchema)
        .min(1, saleMessages.buyersRequired)
        .max(saleBuyersMax, saleMessages.buyersTooMany(saleBuyersMax)),
    })
    .superRefine((values, ctx) => {
      const problems = saleRequestProblems(values.buyers, { maximumRate: facts.maximumRate, seller: sellerOf(facts) });
      for (const problem of problems) {
        const path = formPath(problem.field);
        if (path.length === 1 && problem.message === saleMessages.percentageTotalAboveHundred) {
          // the total is every row's percentage's business: each says so
          values.buyers.forEach((_row, index) => {
            ctx.addIssue({ code: 'custom', path: ['buyers', index, 'purchasedFraction'], message: problem.message });
          });
        } else {
          ctx.addIssue({ code: 'custom', path, message: problem.message });
        }
      }
    });
}
export type SaleFormOutput = z.output<ReturnType<typeof saleForm>>;

/** Whether a row buys what the seller sells ('Cannot buy and sell the same investment'). */
export function buysOwnInvestment(buyers: readonly SaleBuyerValues[], facts: SaleFacts): boolean {
  const rows = buyers.filter((row): row is SaleRow & SaleBuyerValues => row.investmentAccountId !== null);
  return saleRequestProblems(
    rows.map((row) => ({ ...row, interestRate: row.interestRate ?? 0, purchasedFraction: row.purchasedFraction ?? 0 })),
    { maximumRate: facts.maximumRate, seller: sellerOf(facts) },
  ).some((problem) => problem.message === saleMessages.sameInvestment);
}

/** Another buyer may be added (spec core §5): the rows are valid and leave some of the investment unsold. */
export function canAddBuyer(values: SaleFormValues, facts: SaleFacts): boolean {
  const rowsValid = saleForm(facts).safeParse({ saleDate: '2000-01-01', buyers: values.buyers }).success;
  return values.buyers.length < saleBuyersMax && rowsValid && percentageTotal(values.buyers).lessThan(100);
}

/**
 * Fill (spec core §4): the percentage no buyer takes goes to the seller's own account at the
 * original rate, in one seller row (added, or updated when there is one). Nothing left to fill
 * drops the seller row.
 */
export function fillRemainder(buyers: readonly SaleBuyerValues[], facts: SaleFacts): SaleBuyerValues[] {
  const others = buyers.filter((row) => !isSellerRow(row, facts));
  const remainder = new Decimal(
    fillRemainderFraction(
      others.map((row) => ({
        ...row,
        investmentAccountId: row.investmentAccountId ?? 0,
        interestRate: 0,
        purchasedFraction: row.purchasedFraction ?? 0,
      })),
      facts.sellerAccountId,
    ),
  );
  if (!remainder.greaterThan(0)) return others;
  return [
    ...others,
    {
      investmentAccountId: facts.sellerAccountId,
      purchasedFraction: remainder.toNumber(),
      interestRate: facts.sellerRate,
    },
  ];
}

/** The sale request of the form's values (at `saleInstant` when the receiver was toggled), or null while they are not valid. */
export function saleRequestOf(
  values: SaleFormValues,
  facts: SaleFacts,
  saleInstant: string | null,
): SaleRequestInput | null {
  const parsed = saleForm(facts).safeParse(values);
  if (!parsed.success) return null;
  return {
    investmentId: facts.investmentId,
    saleDate: saleInstant ?? parsed.data.saleDate,
    purchaserDetailsRequests: parsed.data.buyers.map((row) => ({
      investmentAccountId: row.investmentAccountId,
      interestRate: row.interestRate,
      purchasedFraction: row.purchasedFraction,
    })),
  };
}

/** A preview and the request it answers. */
export interface QuotedSale {
  signature: string;
  preview: SalePreview;
}

export const requestSignature = (request: SaleRequestInput | null) => operationSignature(request);

/** The preview is current (PREVIEW_SUCCESS): its date, investment and buyers are the form's now. */
export function currentPreview(quoted: QuotedSale | null, request: SaleRequestInput | null): SalePreview | null {
  if (!quoted || !request) return null;
  return quoted.signature === requestSignature(request) ? quoted.preview : null;
}

/**
 * The receiver toggle (spec core §4, §9): when the sale date is a repayment's due date, the sale
 * instant (the date normalised as the server does) moves 15 minutes across that repayment's due
 * instant, so that `receiver` gets it. Worked out once, when the user toggles, so the request
 * stays the same until the inputs change.
 */
export function saleInstantFor(saleDate: string, receiver: SaleReceiver, now: Date): string {
  return toggleSaleReceiver(normaliseSaleInstant(saleDate, now), receiver).toISOString();
}

/** Why Sell Investment is disabled (the domain's five reasons, in their order), or null. */
export function sellButtonReason(input: {
  loading: boolean;
  preview: SalePreview | null;
  buyers: readonly SaleBuyerValues[];
  facts: SaleFacts;
}): string | null {
  const { preview } = input;
  return sellDisabledReason({
    sellingEnabled: preview !== null,
    loading: input.loading,
    sameInvestment: buysOwnInvestment(input.buyers, input.facts),
    saleInstant: preview ? new Date(preview.saleDate) : null,
    maximumSaleInstant: preview ? new Date(preview.maximumSaleDate) : null,
    allHaveFunds: preview?.allHaveFunds ?? false,
  });
}
