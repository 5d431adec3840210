import { zodResolver } from '@hookform/resolvers/zod';
import { loanMessages } from '@lm/domain';
import { createFormControl, type Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  chooseInvestAccount,
  type ManagementInvestFacts,
  type ManagementInvestValues,
  managementInvestForm,
} from './action-forms';

describe('the invest dialog when an account is chosen', () => {
  it('a rate of 0 refused, then a mandate account: the rate becomes its mandate rate and the message goes', async () => {
    const facts: { current: ManagementInvestFacts } = {
      current: { remainingCents: 1_000_000n, availableCents: null, baseRate: 13, mandateRate: null },
    };
    const resolver: Resolver<ManagementInvestValues> = (values, context, options) =>
      zodResolver(managementInvestForm(facts.current))(values as never, context, options as never) as never;
    const form = createFormControl<ManagementInvestValues>({
      resolver,
      defaultValues: { investmentAccountId: null, amount: null, rate: 10 },
    });
    form.register('investmentAccountId');
    form.register('amount');
    form.register('rate');
    // what mounting the dialog does (the form takes values from then on)
    form.control._state.mount = true;
    // an account without a mandate and an amount, the rate set to 0: refused
    await chooseInvestAccount(form as never, facts, { id: 1000, availableBalance: 5000, mandateRate: null });
    form.setValue('amount', 1000);
    form.setValue('rate', 0);
    await form.trigger();
    expect(form.getFieldState('rate').error?.message).toBe(loanMessages.investRateZero);

    await chooseInvestAccount(form as never, facts, { id: 1001, availableBalance: 5000, mandateRate: 14.5 });
    expect(form.getValues('rate')).toBe(14.5);
    expect(form.getValues('investmentAccountId')).toBe(1001);
    expect(form.getFieldState('rate').error).toBeUndefined();
    expect(facts.current).toMatchObject({ mandateRate: 14.5, availableCents: 500_000n });
  });
});
