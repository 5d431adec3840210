import { describe, expect, it } from 'vitest';
import { amountsMatch } from '../dialogs/amount-match';
import { parseNumericInput } from './numeric';

describe('numeric inputs', () => {
  it('clamps negatives to 0 for currency, terms and percentages', () => {
    expect(parseNumericInput('-5', { clampNegative: true })).toEqual({ text: '0', value: 0 });
    expect(parseNumericInput('-', { clampNegative: true })).toEqual({ text: '', value: null });
    expect(parseNumericInput('-5', { clampNegative: false })).toEqual({ text: '-5', value: -5 });
  });

  it('turns non-numbers into empty', () => {
    expect(parseNumericInput('abc')).toEqual({ text: '', value: null });
    expect(parseNumericInput('12a')).toEqual({ text: '', value: null });
    expect(parseNumericInput('')).toEqual({ text: '', value: null });
  });

  it('parses numbers while they are typed', () => {
    expect(parseNumericInput('12.')).toEqual({ text: '12.', value: 12 });
    expect(parseNumericInput('.5')).toEqual({ text: '0.5', value: 0.5 });
    expect(parseNumericInput('007')).toEqual({ text: '7', value: 7 });
    expect(parseNumericInput('1,250.75')).toEqual({ text: '1250.75', value: 1250.75 });
  });

  it('keeps whole numbers and places as asked', () => {
    expect(parseNumericInput('12.9', { integer: true })).toEqual({ text: '12', value: 12 });
    expect(parseNumericInput('10.129', { decimals: 2 })).toEqual({ text: '10.12', value: 10.12 });
  });
});

describe('retyped amounts', () => {
  it('match to the cent whatever the writing', () => {
    expect(amountsMatch('1000', 1000)).toBe(true);
    expect(amountsMatch('1,000.00', 1000)).toBe(true);
    expect(amountsMatch('$1000.0', 1000)).toBe(true);
    expect(amountsMatch('1000.01', 1000)).toBe(false);
    expect(amountsMatch('', 1000)).toBe(false);
    expect(amountsMatch('abc', 1000)).toBe(false);
  });
});
