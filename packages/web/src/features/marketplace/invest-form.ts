import {
  type Cents,
  centsToNumber,
  type InvestorKind,
  investAmountRefusal,
  investorInvestBody,
  normaliseInvestAmount,
} from '@lm/domain';

/**
 * The investor's invest form (spec core §5 "Invest amount"): an account and an amount at most the
 * remaining value of the loan and at most the account's available balance; above $0 for the main
 * investor kind, whole dollars of at least $100 for the other. The words are the domain's.
 */
export interface InvestorInvestValues {
  investmentAccountId: number | null;
  amount: number | null;
}

export interface InvestorInvestFacts {
  remainingCents: Cents;
  /** The chosen account's available balance; null while no account is chosen. */
  availableCents: Cents | null;
  kind: InvestorKind;
}

/** Why this amount is refused, or null (checked again by the server). */
export function investorInvestRefusal(values: InvestorInvestValues, facts: InvestorInvestFacts): string | null {
  return investAmountRefusal({
    amount: values.amount,
    accountSelected: values.investmentAccountId !== null && facts.availableCents !== null,
    remainingCents: facts.remainingCents,
    availableCents: facts.availableCents ?? 0n,
    kind: facts.kind,
  });
}

/** The zod schema of the form: the body schema plus the amount rule with the screen's facts. */
export function investorInvestForm(facts: InvestorInvestFacts) {
  return investorInvestBody.superRefine((values, ctx) => {
    const problem = investorInvestRefusal(values, facts);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
}

/** The amount that is invested: as typed to the cent, or whole dollars for the second kind. */
export function investedAmount(amount: number, kind: InvestorKind): number {
  return centsToNumber(normaliseInvestAmount(amount, kind));
}
