import { type SalePreview, saleMessages } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import {
  canAddBuyer,
  currentPreview,
  fillRemainder,
  percentageTotal,
  requestSignature,
  type SaleFacts,
  type SaleFormValues,
  saleForm,
  saleInstantFor,
  saleRequestOf,
  sellButtonReason,
} from './sale-form';

const facts: SaleFacts = { investmentId: 7, sellerAccountId: 11, sellerRate: 10.5, maximumRate: 12.5 };
const x = { investmentAccountId: 21, purchasedFraction: 30, interestRate: 11 };
const y = { investmentAccountId: 22, purchasedFraction: 20, interestRate: 10 };
const values = (buyers: SaleFormValues['buyers'], saleDate = '2027-03-05'): SaleFormValues => ({ saleDate, buyers });

function messages(v: SaleFormValues): string[] {
  const result = saleForm(facts).safeParse(v);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const preview = (overrides: Partial<SalePreview> = {}) =>
  ({
    quoteId: 'q1',
    saleDate: '2027-03-05T12:45:59.400Z',
    maximumSaleDate: '2027-03-04T23:00:00.000Z',
    allHaveFunds: true,
    ...overrides,
  }) as SalePreview;

describe('the sale form', () => {
  it('Fill gives the rest to the seller at the original rate, once, and refills after a change', () => {
    const filled = fillRemainder([x, y], facts);
    expect(filled).toEqual([x, y, { investmentAccountId: 11, purchasedFraction: 50, interestRate: 10.5 }]);
    const changed = fillRemainder([{ ...x, purchasedFraction: 40 }, y, filled[2] as (typeof filled)[number]], facts);
    expect(changed.at(-1)).toEqual({ investmentAccountId: 11, purchasedFraction: 40, interestRate: 10.5 });
    expect(changed).toHaveLength(3);
    expect(percentageTotal(changed).toString()).toBe('100');
    // nothing left: no seller row
    expect(fillRemainder([{ ...x, purchasedFraction: 100 }], facts)).toEqual([{ ...x, purchasedFraction: 100 }]);
  });

  it('keeps 10 decimals of a third', () => {
    const third = 33.3333333333;
    const filled = fillRemainder(
      [
        { ...x, purchasedFraction: third },
        { ...y, purchasedFraction: third },
      ],
      facts,
    );
    expect(filled.at(-1)?.purchasedFraction).toBe(33.3333333334);
  });

  it('says the §5 buyer messages word for word', () => {
    expect(messages(values([{ investmentAccountId: null, purchasedFraction: 10, interestRate: 10 }]))).toEqual([
      `buyers.0.investmentAccountId: ${saleMessages.buyerAccountRequired}`,
    ]);
    expect(messages(values([{ ...x, interestRate: 0 }]))).toEqual([
      `buyers.0.interestRate: ${saleMessages.buyerRateNotPositive}`,
    ]);
    expect(messages(values([{ ...x, interestRate: 12.6 }]))).toEqual([
      'buyers.0.interestRate: Please input a rate less than or equal to the loan Maximum Interest Rate 12.5',
    ]);
    expect(messages(values([x, { ...y, purchasedFraction: 71 }]))).toEqual([
      `buyers.0.purchasedFraction: ${saleMessages.percentageTotalAboveHundred}`,
      `buyers.1.purchasedFraction: ${saleMessages.percentageTotalAboveHundred}`,
    ]);
    expect(messages(values([x, { ...y, investmentAccountId: 11 }]))).toEqual([
      `buyers.1.investmentAccountId: ${saleMessages.sameInvestment}`,
    ]);
  });

  it('adds a buyer only while the rows are valid and leave something to sell', () => {
    expect(canAddBuyer(values([x]), facts)).toBe(true);
    expect(canAddBuyer(values([{ ...x, interestRate: null }]), facts)).toBe(false);
    expect(canAddBuyer(values([{ ...x, purchasedFraction: 100 }]), facts)).toBe(false);
  });

  it('a preview is current only while its date, investment and buyers are unchanged', () => {
    const request = saleRequestOf(values([x, y]), facts, null);
    expect(request).toEqual({ investmentId: 7, saleDate: '2027-03-05', purchaserDetailsRequests: [x, y] });
    const quoted = { signature: requestSignature(request), preview: preview() };
    expect(currentPreview(quoted, saleRequestOf(values([x, y]), facts, null))).toBe(quoted.preview);
    expect(currentPreview(quoted, saleRequestOf(values([x, y], '2027-03-04'), facts, null))).toBeNull();
    expect(currentPreview(quoted, saleRequestOf(values([x]), facts, null))).toBeNull();
    expect(currentPreview(quoted, saleRequestOf(values([x, { ...y, interestRate: 10.25 }]), facts, null))).toBeNull();
    expect(
      currentPreview(quoted, saleRequestOf({ ...values([x, y]) }, { ...facts, investmentId: 8 }, null)),
    ).toBeNull();
    expect(saleRequestOf(values([{ ...x, interestRate: null }]), facts, null)).toBeNull();
  });

  it('Sell Investment says why it is disabled, in the domain order', () => {
    const reason = (p: SalePreview | null, loading = false, buyers = [x, y]) =>
      sellButtonReason({ loading, preview: p, buyers, facts });
    expect(reason(null)).toBe(saleMessages.sellingDisabled);
    expect(reason(preview(), true)).toBe(saleMessages.loading);
    expect(reason(preview(), false, [x, { ...y, investmentAccountId: 11 }])).toBe(saleMessages.sameInvestment);
    expect(reason(preview({ saleDate: '2027-03-05T00:00:00.000Z' }))).toBe(saleMessages.afterMaximumSaleDate);
    expect(reason(preview({ saleDate: '2027-03-04T00:00:00.000Z', allHaveFunds: false }))).toBe(
      saleMessages.notEnoughFunds,
    );
    expect(reason(preview({ saleDate: '2027-03-04T00:00:00.000Z' }))).toBeNull();
  });

  it('the receiver toggle moves the sale 15 minutes across the due instant', () => {
    // 2027-03-20 ends at 2027-03-20T13:00Z (Sydney, UTC+11); the sale of that date is 14.01 minutes before it
    const now = new Date('2027-03-25T00:00:00Z');
    const dueInstant = Date.parse('2027-03-20T13:00:00Z');
    const buyer = Date.parse(saleInstantFor('2027-03-20', 'BUYER', now));
    const seller = Date.parse(saleInstantFor('2027-03-20', 'SELLER', now));
    expect(dueInstant - buyer).toBe(14.01 * 60_000);
    expect(seller - buyer).toBe(15 * 60_000);
    expect(seller).toBeGreaterThan(dueInstant);
  });
});
