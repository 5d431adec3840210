import { investorKindOf, loanMessages } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { investedAmount, investorInvestForm } from './invest-form';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => i.message);

describe("the investor's invest form", () => {
  const facts = { remainingCents: 1_000_000n, availableCents: 300_000n, kind: 'MAIN' as const };

  it('takes an account and an amount within the remaining value and the balance', () => {
    expect(messagesOf(investorInvestForm(facts).safeParse({ investmentAccountId: 4, amount: 2999.99 }))).toEqual([]);
    expect(messagesOf(investorInvestForm(facts).safeParse({ investmentAccountId: 4, amount: 3000 }))).toEqual([]);
  });

  it('refuses with the words of core §5', () => {
    const form = investorInvestForm(facts);
    expect(messagesOf(form.safeParse({ investmentAccountId: 4, amount: 0 }))).toEqual([
      loanMessages.investAmountGreaterThanZero,
    ]);
    expect(messagesOf(form.safeParse({ investmentAccountId: 4, amount: 3000.01 }))).toEqual([
      loanMessages.amountAboveBalance,
    ]);
    const rich = investorInvestForm({ ...facts, availableCents: 5_000_000n });
    expect(messagesOf(rich.safeParse({ investmentAccountId: 4, amount: 10_000.01 }))).toEqual([
      loanMessages.amountAboveRemaining,
    ]);
    expect(messagesOf(form.safeParse({ investmentAccountId: null, amount: 10 }))).toEqual([
      loanMessages.selectAccountAndAmount,
    ]);
    expect(messagesOf(form.safeParse({ investmentAccountId: 4, amount: null }))).toEqual([
      loanMessages.selectAccountAndAmount,
    ]);
  });

  it('asks the second investor kind for whole dollars of at least $100', () => {
    expect(investorKindOf('INVESTOR')).toBe('MAIN');
    expect(investorKindOf('INVESTOR_READ_ONLY')).toBe('WHOLE_DOLLAR');
    const form = investorInvestForm({ ...facts, kind: 'WHOLE_DOLLAR' });
    expect(messagesOf(form.safeParse({ investmentAccountId: 4, amount: 99.99 }))).toEqual([
      loanMessages.investAmountGreaterThanHundred,
    ]);
    expect(messagesOf(form.safeParse({ investmentAccountId: 4, amount: 150.75 }))).toEqual([]);
    expect(investedAmount(150.75, 'WHOLE_DOLLAR')).toBe(150);
    expect(investedAmount(150.75, 'MAIN')).toBe(150.75);
  });
});
