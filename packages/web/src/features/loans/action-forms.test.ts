import { loanMessages } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { autoInvestForm, managementInvestForm, writeOffForm } from './action-forms';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('invest with a chosen rate', () => {
  const facts = { remainingCents: 1_000_000n, availableCents: 500_000n, baseRate: 12.5, mandateRate: null };

  it('takes an amount within the remaining value and the balance, at a rate above 0 up to the maximum', () => {
    const form = managementInvestForm(facts);
    expect(messagesOf(form.safeParse({ investmentAccountId: 7, amount: 5000, rate: 12.5 }))).toEqual([]);
    expect(messagesOf(form.safeParse({ investmentAccountId: 7, amount: 5000, rate: 12.6 }))).toEqual([
      'rate: The investment rate cannot exceed the Maximum Interest rate of 12.5%',
    ]);
    expect(messagesOf(form.safeParse({ investmentAccountId: 7, amount: 5000, rate: 0 }))).toEqual([
      'rate: The investment rate cannot be zero',
    ]);
  });

  it('refuses amounts with the words of core §5', () => {
    const form = managementInvestForm(facts);
    expect(messagesOf(form.safeParse({ investmentAccountId: 7, amount: 0, rate: 10 }))).toEqual([
      `amount: ${loanMessages.investAmountGreaterThanZero}`,
    ]);
    expect(messagesOf(form.safeParse({ investmentAccountId: 7, amount: 10_000.01, rate: 10 }))).toEqual([
      `amount: ${loanMessages.amountAboveRemaining}`,
    ]);
    expect(messagesOf(form.safeParse({ investmentAccountId: 7, amount: 5000.01, rate: 10 }))).toEqual([
      `amount: ${loanMessages.amountAboveBalance}`,
    ]);
    const noAccount = managementInvestForm({ ...facts, availableCents: null });
    expect(messagesOf(noAccount.safeParse({ investmentAccountId: null, amount: 10, rate: 10 }))).toContain(
      `investmentAccountId: ${loanMessages.selectAccountAndAmount}`,
    );
  });

  it('takes the mandate rate of a mandate account whatever the rate field holds', () => {
    const form = managementInvestForm({ ...facts, mandateRate: 14.5 });
    expect(messagesOf(form.safeParse({ investmentAccountId: 7, amount: 100, rate: null }))).toEqual([]);
  });
});

describe('auto invest', () => {
  it('takes an amount above 0 and at most the remaining funding', () => {
    const form = autoInvestForm(250_000n);
    expect(messagesOf(form.safeParse({ amount: 2500 }))).toEqual([]);
    expect(messagesOf(form.safeParse({ amount: 2500.01 }))).toEqual([`amount: ${loanMessages.amountAboveRemaining}`]);
    expect(messagesOf(form.safeParse({ amount: 0 }))).toEqual([`amount: ${loanMessages.investAmountGreaterThanZero}`]);
  });
});

describe('write off', () => {
  const form = writeOffForm({ principalCents: 100_000n, interestCents: 5_000n });

  it('takes amounts up to what remains, zero in both included', () => {
    expect(messagesOf(form.safeParse({ principalAmount: 0, interestAmount: 0 }))).toEqual([]);
    expect(messagesOf(form.safeParse({ principalAmount: 1000, interestAmount: 50 }))).toEqual([]);
  });

  it('names the amount that is too large', () => {
    expect(messagesOf(form.safeParse({ principalAmount: 1000.01, interestAmount: 0 }))).toEqual([
      'principalAmount: The principal amount cannot be more than the principal remaining of $1,000.00.',
    ]);
    expect(messagesOf(form.safeParse({ principalAmount: 0, interestAmount: 50.01 }))).toEqual([
      'interestAmount: The interest amount cannot be more than the interest remaining of $50.00.',
    ]);
    // both at once: each field names its own limit, as money
    expect(messagesOf(form.safeParse({ principalAmount: 1000.01, interestAmount: 50.01 }))).toEqual([
      'principalAmount: The principal amount cannot be more than the principal remaining of $1,000.00.',
      'interestAmount: The interest amount cannot be more than the interest remaining of $50.00.',
    ]);
  });
});
