import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { centsFromNumber, centsToString } from '../money';
import { hasControlCharacters, idParams, inputMessages, moneyFields, moneyInput, textInput } from './inputs';

const amount = z.object({ amount: moneyInput({ positive: inputMessages.amountGreaterThanZero }) });

describe('moneyInput: one strict policy for every amount', () => {
  it.each([
    ['"0x10"', '0x10'],
    ['true', true],
    ['[5]', [5]],
    ['"1e2"', '1e2'],
    ['1.005', 1.005],
    ['1e308', 1e308],
    ['"NaN"', 'NaN'],
    ['""', ''],
    ['null', null],
    ['-0.01', -0.01],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['" 5"', ' 5'],
    ['"5."', '5.'],
    ['14 whole digits', '12345678901234'],
    ['-0', -0],
    ['0', 0],
  ])('refuses %s naming the field', (_label, value) => {
    const result = amount.safeParse({ amount: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.every((issue) => issue.path.join('.') === 'amount')).toBe(true);
  });

  it.each([
    [5, 5],
    ['5', 5],
    ['5.1', 5.1],
    [1234.56, 1234.56],
    ['0.01', 0.01],
    ['999999999999.99', 999999999999.99],
  ])('accepts %j as %d', (value, expected) => {
    expect(amount.parse({ amount: value }).amount).toBe(expected);
  });

  it('round-trips every amount to the cent, as a number or as a decimal string (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }), fc.boolean(), (cents, asText) => {
        const text = centsToString(cents);
        const parsed = amount.parse({ amount: asText ? text : Number(text) }).amount;
        return centsFromNumber(parsed) === cents;
      }),
      { numRuns: 2000 },
    );
  });

  it('registers each money schema so the API amount table can find it', () => {
    expect(moneyFields.has(amount.shape.amount)).toBe(true);
  });
});

describe('textInput and idParams', () => {
  const name = textInput(10);
  it('refuses control characters and long text, trims the rest', () => {
    expect(name.safeParse('a\u0000b').success).toBe(false);
    expect(name.safeParse('\u001b[31m').success).toBe(false);
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
    expect(name.parse('  Ann  ')).toBe('Ann');
    expect(hasControlCharacters('line\nbreak\ttab')).toBe(false);
  });

  it('path ids are positive whole numbers written plainly', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', '1e3', '0x10', 'abc', '', '01', '99999999999999999']) {
      expect(idParams.safeParse({ id }).success).toBe(false);
    }
  });
});
