import { centsFromNumber, displayMessages } from '@lm/domain';
import { parseNumericInput } from '../inputs/numeric';

/**
 * Whether a retyped amount is the same amount (to the cent) as the one being confirmed: 1000,
 * 1000.0 and 1,000.00 all match 1000 (spec core §5, 'Please enter the same amount to confirm').
 */
export function amountsMatch(typed: string, amount: number): boolean {
  const value = parseNumericInput(typed.replace(/[$,\s]/g, ''), { clampNegative: false }).value;
  if (value === null) return false;
  try {
    return centsFromNumber(value, true) === centsFromNumber(amount, true);
  } catch {
    return false;
  }
}

export function amountMismatchMessage(typed: string, amount: number): string | null {
  if (typed.trim() === '') return null;
  return amountsMatch(typed, amount) ? null : displayMessages.amountMismatch;
}
