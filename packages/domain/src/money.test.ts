import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateLargestRemainder,
  centsFromNumber,
  centsFromString,
  centsToNumber,
  centsToString,
  sumCents,
} from './money';

describe('money', () => {
  it('parses and prints numeric(20,2) text exactly', () => {
    expect(centsFromString('120000.00')).toBe(12000000n);
    expect(centsFromString('-0.05')).toBe(-5n);
    expect(centsFromString('10.5')).toBe(1050n);
    expect(centsFromString('-0.00')).toBe(0n);
    expect(centsFromString('007.05')).toBe(705n);
    expect(centsFromString(' 12.34 ')).toBe(1234n);
    expect(centsFromString('12345678901234567.89')).toBe(1234567890123456789n);
    expect(centsToString(-5n)).toBe('-0.05');
    expect(centsToString(12000000n)).toBe('120000.00');
    expect(centsToNumber(1068994n)).toBe(10689.94);
  });

  it('an amount as a JSON number is the number its two-place text reads as', () => {
    const asText = (c: bigint) => Number(centsToString(c));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
          fc.bigInt({ min: -(2n ** 53n) - 5n, max: 2n ** 53n + 5n }),
          fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        ),
        (c) => {
          expect(Object.is(centsToNumber(c), asText(c))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
    for (const c of [0n, 1n, -1n, 10n, 99n, 101n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n]) {
      expect(Object.is(centsToNumber(c), asText(c))).toBe(true);
    }
  });

  it('refuses more than two decimals unless asked to round', () => {
    expect(() => centsFromNumber(1.005)).toThrow();
    expect(centsFromNumber(1.005, true)).toBe(101n);
    expect(centsFromNumber(0.1 + 0.2, true)).toBe(30n);
  });

  it('round-trips every cents value through text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (c) => {
        expect(centsFromString(centsToString(c))).toBe(c);
      }),
    );
  });

  it('largest remainder: pieces sum exactly to the whole, each within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const pieces = allocateLargestRemainder(total, weights);
          expect(sumCents(pieces)).toBe(total);
          const weightSum = weights.reduce((a, b) => a + b, 0);
          pieces.forEach((p, i) => {
            const exactTimesSum = total * BigInt(weights[i]!);
            const lower = exactTimesSum / BigInt(weightSum);
            expect(p === lower || p === lower + 1n).toBe(true);
          });
        },
      ),
    );
  });

  it('largest remainder: the DOMAIN.md worked example', () => {
    // principal 9,439.94 across 60,000 / 40,000 / 1,200 / 18,800 of 120,000
    const pieces = allocateLargestRemainder(943994n, [60000, 40000, 1200, 18800]);
    expect(pieces).toEqual([471997n, 314665n, 9440n, 147892n]);
  });
});
