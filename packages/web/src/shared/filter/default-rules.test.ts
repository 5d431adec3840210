import { describe, expect, it } from 'vitest';
import { blocksConfirm, evaluateRules } from './field-rules';
import { type FilterField, filterRuleTexts, withDefaultRules } from './filter-fields';

const fields: FilterField[] = [
  { id: 'amountMin', label: 'Amount from', field: 'amount', type: 'currency', operator: 'ge' },
  { id: 'amountMax', label: 'Amount to', field: 'amount', type: 'currency', operator: 'le' },
  { id: 'maxRate', label: 'Max Rate', field: 'baseInterestRate', type: 'percentage', operator: 'eq' },
  { id: 'name', label: 'Name', field: 'name', type: 'string' },
  { id: 'fromDate', label: 'Created from', field: 'createdDate', type: 'date', operator: 'ge' },
  { id: 'toDate', label: 'Created to', field: 'createdDate', type: 'date', operator: 'le' },
];
const check = (values: Record<string, string>) => evaluateRules(withDefaultRules(fields), values);

describe('the rules every filter dialog applies (spec core §5 "Filter field rules")', () => {
  it('Amount from 100000 to 10 is refused as critical: Confirm is blocked', () => {
    const results = check({ amountMin: '100000', amountMax: '10' });
    expect(results).toEqual([
      { fieldId: 'amountMin', severity: 'critical', message: filterRuleTexts.rangeOrder('Amount from', 'Amount to') },
    ]);
    expect(blocksConfirm(results)).toBe(true);
  });

  it('Max Rate 250 and negative amounts are refused', () => {
    expect(check({ maxRate: '250' })).toEqual([
      { fieldId: 'maxRate', severity: 'critical', message: filterRuleTexts.percentAtMost100 },
    ]);
    expect(check({ amountMax: '-5' }).map((r) => r.message)).toEqual([filterRuleTexts.notNegative]);
  });

  it('a sound range, one end alone, and date ranges in order pass', () => {
    expect(check({ amountMin: '10', amountMax: '100000', maxRate: '14.5', name: 'x' })).toEqual([]);
    expect(check({ amountMin: '100000' })).toEqual([]);
    expect(check({ fromDate: '2027-01-01', toDate: '2027-02-01' })).toEqual([]);
    expect(blocksConfirm(check({ fromDate: '2027-03-01', toDate: '2027-02-01' }))).toBe(true);
  });

  it("keeps a field's own rules, alerts included, which only warn", () => {
    const own: FilterField[] = [
      {
        id: 'rate',
        label: 'Rate',
        field: 'rate',
        type: 'percentage',
        rules: [{ op: 'le', value: 30, severity: 'alert', message: 'That rate is unusually high.' }],
      },
    ];
    const results = evaluateRules(withDefaultRules(own), { rate: '40' });
    expect(results).toEqual([{ fieldId: 'rate', severity: 'alert', message: 'That rate is unusually high.' }]);
    expect(blocksConfirm(results)).toBe(false);
  });
});
