/**
 * Australian tax identifiers (investor-and-admin §5 "Investor application"): the tax file number,
 * the Australian Business Number and the Australian Company Number, each checked by its published
 * check-digit rule. Spaces and dashes between digits are allowed and ignored.
 */

/** The digits of an identifier as typed, or null when it holds anything but digits, spaces and dashes. */
export function identifierDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

const tfnWeights9 = [1, 4, 3, 7, 5, 8, 6, 9, 10] as const;
const tfnWeights8 = [10, 7, 8, 4, 6, 3, 5, 1] as const;

function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] as number);
  return sum;
}

/** A tax file number: 8 or 9 digits whose weighted sum is divisible by 11. */
export function isValidTfn(value: string): boolean {
  const digits = identifierDigits(value);
  if (digits === null) return false;
  if (digits.length === 9) return weightedSum(digits, tfnWeights9) % 11 === 0;
  if (digits.length === 8) return weightedSum(digits, tfnWeights8) % 11 === 0;
  return false;
}

const abnWeights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The ABN sum: the first digit less one, then every digit weighted 10, 1, 3, ..., 19. */
function abnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < abnWeights.length; i++) {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0);
    sum += digit * (abnWeights[i] as number);
  }
  return sum;
}

/** An Australian Business Number: 11 digits, first digit less one, weights 10,1,3,...,19, sum divisible by 89. */
export function isValidAbn(value: string): boolean {
  const digits = identifierDigits(value);
  if (digits === null || digits.length !== 11) return false;
  return abnSum(digits) % 89 === 0;
}

const acnWeights = [8, 7, 6, 5, 4, 3, 2, 1] as const;

/** The check digit of the first eight digits of an ACN: the complement of the weighted sum modulo 10. */
export function acnCheckDigit(firstEight: string): number {
  return (10 - (weightedSum(firstEight, acnWeights) % 10)) % 10;
}

/** An Australian Company Number: 9 digits, the last the check digit of the first eight (weights 8 down to 1). */
export function isValidAcn(value: string): boolean {
  const digits = identifierDigits(value);
  if (digits === null || digits.length !== 9) return false;
  return acnCheckDigit(digits.slice(0, 8)) === Number(digits[8]);
}

/**
 * The ABN a company receives from its ACN: two check digits (10 to 99) followed by the nine ACN
 * digits, chosen so that the ABN checks. Null when the ACN itself does not check.
 */
export function abnFromAcn(acn: string): string | null {
  const digits = identifierDigits(acn);
  if (digits === null || digits.length !== 9 || !isValidAcn(digits)) return null;
  for (let prefix = 10; prefix <= 99; prefix++) {
    const candidate = `${prefix}${digits}`;
    if (isValidAbn(candidate)) return candidate;
  }
  return null;
}

/** True when an ABN ends with the given ACN (the ABN of that company). */
export function abnMatchesAcn(abn: string, acn: string): boolean {
  const abnDigits = identifierDigits(abn);
  const acnDigits = identifierDigits(acn);
  return abnDigits !== null && acnDigits !== null && abnDigits.length === 11 && abnDigits.slice(2) === acnDigits;
}
