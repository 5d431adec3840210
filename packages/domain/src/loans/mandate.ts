import type Decimal from 'decimal.js';
import { Decimal as D } from '../money';
import { parseTermPeriodUnit, type TermPeriodUnit } from './loan-enums';

// ---------------------------------------------------------------------------------------------
// Terms: a loan's term (term x termPeriod units) against a mandate's maximum term

const unitDays: Record<TermPeriodUnit, Decimal> = {
  DAYS: new D(1),
  WEEKS: new D(7),
  FORTNIGHTS: new D(14),
  MONTHS: new D('365.25').dividedBy(12),
  YEARS: new D('365.25'),
};

export function termInDays(length: number, unit: TermPeriodUnit): Decimal {
  return unitDays[unit].times(length);
}

/** Whether a mandate's maximum term (null: no limit) is shorter than the loan's term. */
export function mandateTermTooShort(
  mandate: { maxTerm: number | null; maxTermUnit: string | null },
  loan: { term: number; termPeriod: number; termPeriodUnit: TermPeriodUnit },
): boolean {
  if (mandate.maxTerm === null) return false;
  const unit = parseTermPeriodUnit(mandate.maxTermUnit ?? 'MONTHS') ?? 'MONTHS';
  return termInDays(mandate.maxTerm, unit).lessThan(termInDays(loan.term * loan.termPeriod, loan.termPeriodUnit));
}
