import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { malformedDataMessage } from './display-messages';
import {
  accountChoiceLabel,
  formatCents,
  formatDate,
  formatDateTime,
  formatFractionAsPercent,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatPercent,
  isEmptyDate,
  truncateText,
} from './format';
import { centsToString } from './money';

describe('money formatting', () => {
  it('shows full amounts with separators and cents', () => {
    expect(formatMoney(1234567.8)).toBe('$1,234,567.80');
    expect(formatMoney('120000.00')).toBe('$120,000.00');
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('');
    expect(formatCents(1068994n)).toBe('$10,689.94');
  });

  it('formats cents exactly as formatMoney formats the same amount in dollars', () => {
    for (const cents of [0n, 1n, -1n, 99n, 100n, -100n, 99999n, 100000n, 123456789n, -100000000n]) {
      expect(formatCents(cents)).toBe(formatMoney(centsToString(cents)));
    }
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (cents) => {
        expect(formatCents(cents)).toBe(formatMoney(centsToString(cents)));
      }),
    );
  });

  it('shows compact amounts with three significant digits and K or M', () => {
    expect(formatMoneyCompact(1234567)).toBe('$1.23M');
    expect(formatMoneyCompact(12345)).toBe('$12.3K');
    expect(formatMoneyCompact(120000)).toBe('$120K');
    expect(formatMoneyCompact(999)).toBe('$999');
    expect(formatMoneyCompact(12.34)).toBe('$12.3');
    expect(formatMoneyCompact(0)).toBe('$0');
    expect(formatMoneyCompact(999_950)).toBe('$1M');
    expect(formatMoneyCompact(999_499)).toBe('$999K');
    expect(formatMoneyCompact(-2500)).toBe('-$2.5K');
    expect(formatMoneyCompact(1_500_000_000)).toBe('$1,500M');
  });
});

describe('percentages and numbers', () => {
  it('shows percentages to 2 places', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent('9.125')).toBe('9.13%');
    expect(formatPercent(10.5, 4)).toBe('10.5000%');
    expect(formatFractionAsPercent(0.125)).toBe('12.50%');
    expect(formatPercent(undefined)).toBe('');
  });

  it('groups plain numbers', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(2.5, 1)).toBe('2.5');
  });
});

describe('dates', () => {
  it('shows instants as DD/MM/YYYY h:mm a in Sydney time', () => {
    expect(formatDateTime('2027-03-05T10:00:00+11:00')).toBe('05/03/2027 10:00 am');
    // 23:30 UTC on 30 June is 9:30 am on 1 July in Sydney (winter, +10)
    expect(formatDateTime('2026-06-30T23:30:00Z')).toBe('01/07/2026 9:30 am');
    expect(formatDateTime('2027-01-01T06:05:00Z')).toBe('01/01/2027 5:05 pm');
  });

  it('shows business dates without a time and without shifting the day', () => {
    expect(formatDate('2027-03-05')).toBe('05/03/2027');
    expect(formatDateTime('2027-03-05')).toBe('05/03/2027');
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('01/07/2026');
  });

  it('treats 0001-01-01 and null as empty', () => {
    expect(isEmptyDate('0001-01-01')).toBe(true);
    expect(isEmptyDate('0001-01-01T00:00:00Z')).toBe(true);
    expect(isEmptyDate(null)).toBe(true);
    expect(isEmptyDate('not a date')).toBe(true);
    expect(isEmptyDate('2027-03-05')).toBe(false);
    expect(formatDateTime('0001-01-01T00:00:00Z')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('texts', () => {
  it('truncates with an ellipsis', () => {
    expect(truncateText('Agriculture, Forestry & Fishing', 20)).toBe('Agriculture, Forestr...');
    expect(truncateText('Short', 20)).toBe('Short');
    expect(accountChoiceLabel({ id: 1001, name: 'Ivy Investor (Offshore)' })).toBe('Ivy Investor (Offshore) (1001)');
    expect(accountChoiceLabel({ id: 7, name: 'x'.repeat(61) })).toBe(`${'x'.repeat(60)}... (7)`);
  });

  it('names the malformed kind', () => {
    expect(malformedDataMessage('Loan')).toBe('Loan data is malformed, please contact support if this continues.');
  });
});
