import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abnFromAcn,
  abnMatchesAcn,
  acnCheckDigit,
  identifierDigits,
  isValidAbn,
  isValidAcn,
  isValidTfn,
} from './tax-identifiers';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

const tfnWeights9 = [1, 4, 3, 7, 5, 8, 6, 9, 10];

/** Completes eight digits into a valid 9-digit TFN, or null when no last digit makes it check. */
function completeTfn(firstEight: string): string | null {
  for (let last = 0; last <= 9; last++) {
    const candidate = `${firstEight}${last}`;
    const sum = [...candidate].reduce((total, digit, i) => total + Number(digit) * (tfnWeights9[i] as number), 0);
    if (sum % 11 === 0) return candidate;
  }
  return null;
}

/** Changes one digit of a number to another digit. */
const oneDigitChanged = (value: string) =>
  fc
    .tuple(fc.integer({ min: 0, max: value.length - 1 }), fc.integer({ min: 1, max: 9 }))
    .map(([at, by]) => value.slice(0, at) + String((Number(value[at]) + by) % 10) + value.slice(at + 1));

describe('tax file numbers', () => {
  it('accepts published examples and refuses a digit off', () => {
    expect(isValidTfn('123 456 782')).toBe(true);
    expect(isValidTfn('123-456-782')).toBe(true);
    expect(isValidTfn('876543210')).toBe(true);
    expect(isValidTfn('123 456 783')).toBe(false);
    expect(isValidTfn('1234567')).toBe(false);
    expect(isValidTfn('1234567890')).toBe(false);
    expect(isValidTfn('12345678a')).toBe(false);
    expect(isValidTfn('')).toBe(false);
  });

  it('accepts every 9-digit number whose weighted sum divides by 11, and refuses every single-digit change of it', () => {
    fc.assert(
      fc.property(
        digits(8)
          .map(completeTfn)
          .filter((tfn): tfn is string => tfn !== null),
        (tfn) => {
          expect(isValidTfn(tfn)).toBe(true);
          fc.assert(
            fc.property(oneDigitChanged(tfn), (changed) => {
              // weights 1..10 are all below 11 and non-zero, so one changed digit always breaks the sum
              expect(isValidTfn(changed)).toBe(false);
            }),
            { numRuns: 10 },
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('agrees with the weighted sum for any 8 or 9 digits', () => {
    const weights8 = [10, 7, 8, 4, 6, 3, 5, 1];
    fc.assert(
      fc.property(fc.oneof(digits(8), digits(9)), (tfn) => {
        const weights = tfn.length === 9 ? tfnWeights9 : weights8;
        const sum = [...tfn].reduce((total, digit, i) => total + Number(digit) * (weights[i] as number), 0);
        expect(isValidTfn(tfn)).toBe(sum % 11 === 0);
      }),
    );
  });
});

describe('ACN', () => {
  it('accepts published examples and refuses a digit off', () => {
    expect(isValidAcn('004 085 616')).toBe(true);
    expect(isValidAcn('000 000 019')).toBe(true);
    expect(isValidAcn('010 499 966')).toBe(true);
    expect(isValidAcn('004 085 617')).toBe(false);
    expect(isValidAcn('00408561')).toBe(false);
  });

  it('accepts any eight digits followed by their check digit, and nothing else in the last place', () => {
    fc.assert(
      fc.property(digits(8), fc.integer({ min: 0, max: 9 }), (first, last) => {
        expect(isValidAcn(`${first}${last}`)).toBe(last === acnCheckDigit(first));
      }),
    );
  });
});

describe('ABN', () => {
  it('accepts published examples and refuses a digit off', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('53 004 085 616')).toBe(true);
    expect(isValidAbn('53-004-085-616')).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('51 824 753 55x')).toBe(false);
  });

  it('derives from every valid ACN an ABN that checks and ends with the ACN', () => {
    fc.assert(
      fc.property(digits(8), (first) => {
        const acn = `${first}${acnCheckDigit(first)}`;
        const abn = abnFromAcn(acn);
        expect(abn).not.toBeNull();
        expect(isValidAbn(abn as string)).toBe(true);
        expect((abn as string).slice(2)).toBe(acn);
        expect(abnMatchesAcn(abn as string, acn)).toBe(true);
      }),
    );
  });

  it('refuses every single-digit change of a valid ABN', () => {
    fc.assert(
      fc.property(
        digits(8).chain((first) => {
          const abn = abnFromAcn(`${first}${acnCheckDigit(first)}`) as string;
          return fc.tuple(fc.constant(abn), oneDigitChanged(abn));
        }),
        ([abn, changed]) => {
          // 89 is prime and every weight and every change of a digit (1 to 9) is below it and not
          // zero, so the change of the sum is never a multiple of 89
          expect(isValidAbn(abn)).toBe(true);
          expect(isValidAbn(changed)).toBe(false);
        },
      ),
    );
  });

  it('derives nothing from an ACN that does not check', () => {
    expect(abnFromAcn('004 085 617')).toBeNull();
    expect(abnFromAcn('12')).toBeNull();
  });
});

describe('identifier digits', () => {
  it('drops spaces and dashes and refuses anything else', () => {
    expect(identifierDigits(' 12-34 5 ')).toBe('12345');
    expect(identifierDigits('12.345')).toBeNull();
    expect(identifierDigits('')).toBeNull();
  });
});
