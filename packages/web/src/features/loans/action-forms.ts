import {
  autoInvestBody,
  type Cents,
  centsFromNumber,
  investAmountRefusal,
  investRateRefusal,
  loanMessages,
  managementInvestBody,
  writeOffBody,
  writeOffRefusal,
} from '@lm/domain';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The forms of the loan actions (spec core §5 "Administrator invest", "Invest amount", "Write
 * off", auto invest): the domain's request schemas plus the domain's rules with the facts of the
 * screen (what remains of the loan, the chosen account's balance and mandate rate), so the dialog
 * refuses what the server would refuse, with the same words.
 */

const typedCents = (value: number) => centsFromNumber(value, true);

export interface ManagementInvestValues {
  investmentAccountId: number | null;
  amount: number | null;
  rate: number | null;
}

export interface ManagementInvestFacts {
  remainingCents: Cents;
  /** The chosen account's available balance (null before one is chosen). */
  availableCents: Cents | null;
  /** The loan's maximum (base) rate. */
  baseRate: number;
  /** The chosen account's mandate rate: the rate is fixed to it. */
  mandateRate: number | null;
}

/** Invest with a chosen rate (management): amount as for investors, rate above 0 and at most the maximum. */
export function managementInvestForm(facts: ManagementInvestFacts) {
  return managementInvestBody.superRefine((values, ctx) => {
    const amountProblem = investAmountRefusal({
      amount: values.amount,
      accountSelected: facts.availableCents !== null,
      remainingCents: facts.remainingCents,
      availableCents: facts.availableCents ?? 0n,
      kind: 'MAIN',
    });
    if (amountProblem) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountProblem });
    if (facts.mandateRate === null) {
      const rateProblem = investRateRefusal(values.rate ?? 0, facts.baseRate);
      if (rateProblem) ctx.addIssue({ code: 'custom', path: ['rate'], message: rateProblem });
    }
  });
}
export type ManagementInvestOutput = z.output<ReturnType<typeof managementInvestForm>>;

/** The account chosen in the invest dialog, as the form reads it. */
export interface InvestAccountChoice {
  id: number;
  availableBalance: number;
  mandateRate: number | null;
}

/**
 * An account chosen in the invest dialog: the facts follow it at once, a mandate account fixes the
 * rate to its mandate rate, and a field already showing a message is checked again, so a stale
 * 'The investment rate cannot be zero' goes when the rate becomes the read-only mandate rate.
 */
export async function chooseInvestAccount(
  form: Pick<UseFormReturn<ManagementInvestValues, unknown, never>, 'setValue' | 'getFieldState' | 'trigger'>,
  facts: { current: ManagementInvestFacts },
  picked: InvestAccountChoice | null,
): Promise<void> {
  facts.current = {
    ...facts.current,
    availableCents: picked ? typedCents(picked.availableBalance) : null,
    mandateRate: picked?.mandateRate ?? null,
  };
  form.setValue('investmentAccountId', picked?.id ?? null, { shouldDirty: true });
  if (picked?.mandateRate != null) form.setValue('rate', picked.mandateRate, { shouldDirty: true });
  const shown = (['investmentAccountId', 'amount', 'rate'] as const).filter((name) => form.getFieldState(name).error);
  if (shown.length > 0) await form.trigger(shown);
}

export interface AutoInvestValues {
  amount: number | null;
}

/** Auto Invest: an amount above $0 and at most the remaining funding, with the server's messages (core §5). */
export function autoInvestForm(remainingCents: Cents) {
  return autoInvestBody.superRefine((values, ctx) => {
    if (values.amount === null || values.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: loanMessages.investAmountGreaterThanZero });
      return;
    }
    const amountCents = typedCents(values.amount);
    if (amountCents <= 0n)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: loanMessages.investAmountGreaterThanZero });
    else if (amountCents > remainingCents) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: loanMessages.amountAboveRemaining });
    }
  });
}
export type AutoInvestOutput = z.output<ReturnType<typeof autoInvestForm>>;

export interface WriteOffValues {
  principalAmount: number | null;
  interestAmount: number | null;
}

/** Write off: each amount at most what remains (rounded to cents); zero in both is allowed (core §5). */
export function writeOffForm(remaining: { principalCents: Cents; interestCents: Cents }) {
  return writeOffBody.omit({ loanId: true }).superRefine((values, ctx) => {
    // each amount on its own, so both fields show their message as you type
    const principalProblem = writeOffRefusal(
      { principalCents: typedCents(values.principalAmount), interestCents: 0n },
      remaining,
    );
    if (principalProblem) ctx.addIssue({ code: 'custom', path: ['principalAmount'], message: principalProblem });
    const interestProblem = writeOffRefusal(
      { principalCents: 0n, interestCents: typedCents(values.interestAmount) },
      remaining,
    );
    if (interestProblem) ctx.addIssue({ code: 'custom', path: ['interestAmount'], message: interestProblem });
  });
}
export type WriteOffOutput = z.output<ReturnType<typeof writeOffForm>>;
