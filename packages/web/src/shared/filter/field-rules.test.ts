import { describe, expect, it } from 'vitest';
import { blocksConfirm, evaluateRules, type FieldRule } from './field-rules';

const field = (rules: FieldRule[]) => [{ id: 'v', rules }];

describe('field rules', () => {
  it('checks every operator', () => {
    const cases: [FieldRule, string | string[] | undefined, boolean][] = [
      [{ op: 'rq', severity: 'critical', message: 'm' }, '', false],
      [{ op: 'rq', severity: 'critical', message: 'm' }, 'x', true],
      [{ op: 'in', value: ['A', 'B'], severity: 'critical', message: 'm' }, 'C', false],
      [{ op: 'in', value: ['A', 'B'], severity: 'critical', message: 'm' }, ['A', 'B'], true],
      [{ op: 'ex', value: ['A'], severity: 'critical', message: 'm' }, 'A', false],
      [{ op: 'lt', value: 10, severity: 'critical', message: 'm' }, '9.99', true],
      [{ op: 'lt', value: 10, severity: 'critical', message: 'm' }, '10', false],
      [{ op: 'le', value: 10, severity: 'critical', message: 'm' }, '10', true],
      [{ op: 'gt', value: 0, severity: 'critical', message: 'm' }, '0', false],
      [{ op: 'ge', value: 0, severity: 'critical', message: 'm' }, '0', true],
      [{ op: 'eq', value: 6, severity: 'critical', message: 'm' }, '6', true],
      [{ op: 'ne', value: 6, severity: 'critical', message: 'm' }, '6', false],
      [{ op: 'le', value: '2100-12-31', severity: 'critical', message: 'm' }, '2101-01-01', false],
      [{ op: 're', value: /^\d{6}$/, severity: 'critical', message: 'm' }, '12345', false],
      [{ op: 'cx', test: (v) => v !== 'bad', severity: 'critical', message: 'm' }, 'bad', false],
      // only rq judges an empty value
      [{ op: 'gt', value: 0, severity: 'critical', message: 'm' }, '', true],
    ];
    for (const [rule, value, ok] of cases) {
      expect(evaluateRules(field([rule]), { v: value }).length === 0, `${rule.op} ${String(value)}`).toBe(ok);
    }
  });

  it('compares numbers as decimals, not text', () => {
    expect(evaluateRules(field([{ op: 'le', value: 100, severity: 'critical', message: 'm' }]), { v: '20' })).toEqual(
      [],
    );
  });

  it('lets only a critical result block confirm', () => {
    const alert = evaluateRules(field([{ op: 'gt', value: 5, severity: 'alert', message: 'low' }]), { v: '1' });
    expect(alert).toEqual([{ fieldId: 'v', severity: 'alert', message: 'low' }]);
    expect(blocksConfirm(alert)).toBe(false);
    const critical = evaluateRules(
      [
        { id: 'a', rules: [{ op: 'gt', value: 5, severity: 'alert', message: 'low' }] },
        { id: 'b', rules: [{ op: 'rq', severity: 'critical', message: 'required' }] },
      ],
      { a: '1' },
    );
    expect(critical[0]?.severity).toBe('critical');
    expect(blocksConfirm(critical)).toBe(true);
  });

  it('gives a custom rule every value', () => {
    const rules: FieldRule[] = [
      { op: 'cx', test: (v, all) => Number(v) >= Number(all.min ?? 0), severity: 'critical', message: 'max < min' },
    ];
    expect(evaluateRules([{ id: 'max', rules }], { min: '10', max: '5' })).toHaveLength(1);
    expect(evaluateRules([{ id: 'max', rules }], { min: '1', max: '5' })).toHaveLength(0);
  });
});
