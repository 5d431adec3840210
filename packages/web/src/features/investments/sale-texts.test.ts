import type { PurchaserDetail, SalePreview, SaleRepayment } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { saleMoneyLines, saleWhen } from './sale-texts';

const buyer = (overrides: Partial<PurchaserDetail>): PurchaserDetail => ({
  investmentAccountId: 21,
  investmentAccountName: 'Olivia Chen',
  interestRate: 11,
  purchasedFraction: 30,
  isSeller: false,
  principalAmount: 16_584.01,
  interestPayout: 62.02,
  interestPayoutFee: 0,
  interestTopUpAmountFee: 0,
  availableBalance: 20_000,
  hasFunds: true,
  fundsRequired: 16_646.03,
  totalFundsRequired: 16_646.03,
  repayments: [],
  ...overrides,
});

const repayment = (overrides: Partial<SaleRepayment>): SaleRepayment => ({
  repaymentId: 1,
  dueDate: '2027-03-20',
  dueInstant: '2027-03-20T13:00:00.000Z',
  status: 'UNPAID',
  principalDue: 9_538.27,
  interestDue: 1_151.67,
  grossAmount: 10_689.94,
  afterSale: true,
  receiver: 'BUYER',
  onSaleDate: false,
  fractionalised: false,
  ...overrides,
});

/** DOMAIN.md's worked example: A sells 30% to X at 11% and 20% to Y at 10%, keeping 50%. */
const example = {
  saleDay: '2027-03-05',
  investmentAccountId: 11,
  investmentAccountName: 'Account A',
  interestTopUpAmount: 0,
  taxWithheldAmount: 0,
  interestPayoutFee: 0,
  sellerNetAmount: 27_743.39,
  purchaserDetails: [
    buyer({ investmentAccountName: 'X' }),
    buyer({
      investmentAccountId: 22,
      investmentAccountName: 'Y',
      interestRate: 10,
      purchasedFraction: 20,
      principalAmount: 11_056.01,
      interestPayout: 41.35,
      fundsRequired: 11_097.36,
    }),
    buyer({
      investmentAccountId: 11,
      investmentAccountName: 'Account A',
      interestRate: 10.5,
      purchasedFraction: 50,
      isSeller: true,
      principalAmount: 27_640.01,
      interestPayout: 0,
      fundsRequired: 0,
    }),
  ],
  repayments: [repayment({})],
} as unknown as SalePreview;

describe('the sale texts', () => {
  it('state who pays whom what in the worked example', () => {
    expect(saleMoneyLines(example)).toEqual([
      'X (21) pays Account A (11) $16,646.03 for 30% at 11.00%: $16,584.01 of principal and $62.02 of accrued interest.',
      'Y (22) pays Account A (11) $11,097.36 for 20% at 10.00%: $11,056.01 of principal and $41.35 of accrued interest.',
      'Account A (11) keeps 50%: $27,640.01 of principal at 10.50%.',
      'Account A (11) receives $27,743.39 in all.',
    ]);
  });

  it('name the top-up, the withholding, the fee and an In Advance refund', () => {
    const lines = saleMoneyLines({
      ...example,
      interestTopUpAmount: 4.1,
      taxWithheldAmount: 10.34,
      interestPayoutFee: 1.03,
      purchaserDetails: [buyer({ investmentAccountName: 'X', interestPayout: -12.5, fundsRequired: 16_584.01 })],
    });
    expect(lines).toEqual([
      'X (21) pays Account A (11) $16,584.01 for 30% at 11.00%: $16,584.01 of principal and less $12.50 of interest the seller refunds.',
      'House account 555 pays Account A (11) $4.10 of interest top-up.',
      'Account A (11) receives $27,743.39 in all, after $10.34 of withholding tax and a sale fee of $1.03 to house account 555.',
    ]);
  });

  it('give the sale day and, on a repayment date, who receives that repayment', () => {
    expect(saleWhen(example)).toBe('05/03/2027');
    const onDueDate = {
      ...example,
      saleDay: '2027-03-20',
      repayments: [repayment({ onSaleDate: true, receiver: 'SELLER', afterSale: false })],
    };
    expect(saleWhen(onDueDate)).toBe('20/03/2027 (the repayment due that day goes to the Seller)');
  });
});
