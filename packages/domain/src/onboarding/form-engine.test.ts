import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../clock';
import {
  certificateExpiryDate,
  conditionHolds,
  type FieldDefinition,
  type FormDefinition,
  type FormValues,
  getValue,
  hasCriticalIssue,
  pruneHidden,
  type Rule,
  setValue,
  stepState,
  validateForm,
  visibleDocumentKeys,
  visibleFields,
  visibleSections,
  visibleSteps,
} from './form-engine';

const today = '2027-03-05';

/** A one-field form, to try one rule. */
function oneField(field: Partial<FieldDefinition>, rules: Rule[]): FormDefinition {
  return {
    id: 'test',
    version: 1,
    steps: [
      {
        id: 'only',
        title: 'Only',
        sections: [
          { id: 's', title: 'S', path: 's', fields: [{ name: 'v', label: 'V', kind: 'text', ...field, rules }] },
        ],
      },
    ],
  };
}

function passes(
  rule: Omit<Rule, 'severity' | 'message'>,
  value: unknown,
  field: Partial<FieldDefinition> = {},
): boolean {
  const definition = oneField(field, [{ ...rule, severity: 'critical', message: 'no' } as Rule]);
  return validateForm(definition, { s: { v: value } }, { today }).length === 0;
}

describe('conditions', () => {
  const values = { a: { type: 'X', empty: '' } };
  it('in, ex, eq, ne; an absent value and a blank text read as null', () => {
    expect(conditionHolds({ field: 'a.type', op: 'in', values: ['X', 'Y'] }, values)).toBe(true);
    expect(conditionHolds({ field: 'a.type', op: 'ex', values: ['X'] }, values)).toBe(false);
    expect(conditionHolds({ field: 'a.type', op: 'eq', value: 'X' }, values)).toBe(true);
    expect(conditionHolds({ field: 'a.type', op: 'ne', value: 'X' }, values)).toBe(false);
    expect(conditionHolds({ field: 'a.missing', op: 'ex', values: [null] }, values)).toBe(false);
    expect(conditionHolds({ field: 'a.empty', op: 'eq', value: null }, values)).toBe(true);
    expect(conditionHolds({ field: '.type', op: 'eq', value: 'X' }, values, 'a')).toBe(true);
  });
});

describe('rules', () => {
  it('rq: text, checkbox, address and file', () => {
    expect(passes({ type: 'rq' }, '  ')).toBe(false);
    expect(passes({ type: 'rq' }, 'x')).toBe(true);
    expect(passes({ type: 'rq' }, false, { kind: 'checkbox' })).toBe(false);
    expect(passes({ type: 'rq' }, true, { kind: 'checkbox' })).toBe(true);
    const address = { line1: '1 A St', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'Australia' };
    expect(passes({ type: 'rq' }, address, { kind: 'address' })).toBe(true);
    expect(passes({ type: 'rq' }, { ...address, postcode: '' }, { kind: 'address' })).toBe(false);
    const file = oneField({ kind: 'file', documentKey: 'doc' }, [{ type: 'rq', severity: 'critical', message: 'no' }]);
    // the web: the value; the server: the document keys sent, whatever the value says
    expect(validateForm(file, { s: { v: 'a.pdf' } }, { today })).toHaveLength(0);
    expect(validateForm(file, { s: { v: 'a.pdf' } }, { today, documentKeys: new Set() })).toHaveLength(1);
    expect(validateForm(file, {}, { today, documentKeys: new Set(['doc']) })).toHaveLength(0);
  });

  it('in, ex, eq, ne, re, and comparisons of numbers and dates; empty values pass all but rq, eq and cx', () => {
    expect(passes({ type: 'in', values: ['A', 'B'] }, 'A')).toBe(true);
    expect(passes({ type: 'in', values: ['A', 'B'] }, 'C')).toBe(false);
    expect(passes({ type: 'ex', values: ['A'] }, 'A')).toBe(false);
    expect(passes({ type: 'eq', value: true }, undefined)).toBe(false);
    expect(passes({ type: 'ne', value: 'A' }, 'A')).toBe(false);
    expect(passes({ type: 're', pattern: '\\d{3}' }, '123')).toBe(true);
    expect(passes({ type: 're', pattern: '\\d{3}' }, '1234')).toBe(false);
    expect(passes({ type: 'lt', value: 10 }, 9)).toBe(true);
    expect(passes({ type: 'lt', value: 10 }, '10')).toBe(false);
    expect(passes({ type: 'le', value: 10 }, '10')).toBe(true);
    expect(passes({ type: 'gt', value: 0 }, 0)).toBe(false);
    expect(passes({ type: 'ge', value: 0 }, 0)).toBe(true);
    expect(passes({ type: 'le', value: '$today' }, '2027-03-05')).toBe(true);
    expect(passes({ type: 'lt', value: '$today' }, '2027-03-05')).toBe(false);
    expect(passes({ type: 'ge', value: 0 }, 'abc')).toBe(false);
    for (const type of ['in', 'ex', 'lt', 'le', 'gt', 'ge', 'ne', 're'] as const) {
      expect(passes({ type, value: 1, values: ['A'], pattern: 'x' }, '')).toBe(true);
    }
  });

  it('cx: the named checks', () => {
    expect(passes({ type: 'cx', check: 'email' }, 'a@b.co')).toBe(true);
    expect(passes({ type: 'cx', check: 'email' }, 'a@b')).toBe(false);
    expect(passes({ type: 'cx', check: 'tfn' }, '123456782')).toBe(true);
    expect(passes({ type: 'cx', check: 'abn' }, '51824753556')).toBe(true);
    expect(passes({ type: 'cx', check: 'acn' }, '004085617')).toBe(false);
    expect(passes({ type: 'cx', check: 'notAfterToday' }, '2027-03-06')).toBe(false);
    expect(passes({ type: 'cx', check: 'date' }, '2027-02-29')).toBe(false);
    expect(passes({ type: 'cx', check: 'anyTrue', args: ['.v', 's.w'] }, false)).toBe(false);
    expect(passes({ type: 'cx', check: 'anyFilled', args: ['.v'] }, 'x')).toBe(true);
  });

  it('reports the first failing rule of each severity, critical first', () => {
    const definition = oneField({}, [
      { type: 'rq', severity: 'alert', message: 'alert' },
      { type: 're', pattern: '\\d+', severity: 'critical', message: 'digits' },
      { type: 'rq', severity: 'critical', message: 'required' },
    ]);
    expect(validateForm(definition, {}, { today }).map((issue) => issue.message)).toEqual(['required', 'alert']);
    const issues = validateForm(definition, { s: { v: 'x' } }, { today });
    expect(issues.map((issue) => [issue.severity, issue.message, issue.path])).toEqual([['critical', 'digits', 's.v']]);
    expect(hasCriticalIssue(issues)).toBe(true);
  });

  it('applies a rule only while its own conditions hold', () => {
    const definition = oneField({}, [
      { type: 'rq', severity: 'critical', message: 'no', when: [{ field: 's.on', op: 'eq', value: true }] },
    ]);
    expect(validateForm(definition, {}, { today })).toHaveLength(0);
    expect(validateForm(definition, { s: { on: true } }, { today })).toHaveLength(1);
  });
});

const repeated: FormDefinition = {
  id: 'repeat',
  version: 1,
  steps: [
    {
      id: 'people',
      title: 'People',
      sections: [
        { id: 'count', title: 'Count', path: 'group', fields: [{ name: 'count', label: 'Count', kind: 'number' }] },
        {
          id: 'person',
          title: 'Person',
          path: 'group.people',
          repeat: { countField: 'group.count', min: 0, max: 3, itemTitle: 'Person {n}' },
          fields: [
            {
              name: 'name',
              label: 'Name',
              kind: 'text',
              rules: [{ type: 'rq', severity: 'critical', message: 'name' }],
            },
            { name: 'hasId', label: 'Has id', kind: 'checkbox' },
            {
              name: 'id',
              label: 'Id',
              kind: 'file',
              documentKey: 'group.{index}.id',
              when: [{ field: '.hasId', op: 'eq', value: true }],
            },
          ],
        },
      ],
    },
    {
      id: 'extra',
      title: 'Extra',
      when: [{ field: 'group.count', op: 'in', values: [2, 3] }],
      sections: [{ id: 'x', title: 'X', path: 'x', fields: [{ name: 'y', label: 'Y', kind: 'checkbox' }] }],
    },
  ],
};

describe('repeatable sections and visibility', () => {
  const values: FormValues = {
    group: { count: 2, people: [{ name: 'A', hasId: true }, { name: '' }, { name: 'Beyond the count' }] },
    x: { y: true },
  };

  it('repeats a section once per item, clamped to its maximum', () => {
    const [step] = visibleSteps(repeated, values);
    const sections = visibleSections(step as never, values);
    expect(sections.map((section) => [section.title, section.path])).toEqual([
      ['Count', 'group'],
      ['Person 1', 'group.people.0'],
      ['Person 2', 'group.people.1'],
    ]);
    expect(visibleSections(step as never, setValue(values, 'group.count', 99))).toHaveLength(4);
    expect(visibleFields(sections[1] as never, values).map((field) => field.documentKey ?? field.path)).toEqual([
      'group.people.0.name',
      'group.people.0.hasId',
      'group.0.id',
    ]);
    expect([...visibleDocumentKeys(repeated, values)]).toEqual(['group.0.id']);
    expect(validateForm(repeated, values, { today }).map((issue) => issue.path)).toEqual(['group.people.1.name']);
  });

  it('shows a step only while its conditions hold, and keeps only what is visible', () => {
    expect(visibleSteps(repeated, values).map((step) => step.id)).toEqual(['people', 'extra']);
    expect(visibleSteps(repeated, setValue(values, 'group.count', 1)).map((step) => step.id)).toEqual(['people']);
    const pruned = pruneHidden(repeated, setValue(values, 'group.count', 1));
    expect(pruned).toEqual({ group: { count: 1, people: [{ name: 'A', hasId: true }] } });
  });

  it('step states: disabled when hidden or not reached, in progress when current, error or complete once touched', () => {
    const [people, extra] = repeated.steps as [never, never];
    const context = { today };
    expect(stepState(people, values, context, { current: true, touched: true })).toBe('inProgress');
    expect(stepState(people, values, context, { current: false, touched: true })).toBe('error');
    const fixed = setValue(values, 'group.people.1.name', 'B');
    expect(stepState(people, fixed, context, { current: false, touched: true })).toBe('complete');
    expect(stepState(people, fixed, context, { current: false, touched: false })).toBe('disabled');
    expect(stepState(extra, setValue(values, 'group.count', 1), context, { current: false, touched: true })).toBe(
      'disabled',
    );
  });
});

describe('values', () => {
  it('reads and writes dot paths without changing the original', () => {
    const original: FormValues = { a: { list: [{ b: 1 }] } };
    const changed = setValue(original, 'a.list.1.b', 2);
    expect(getValue(changed, 'a.list.1.b')).toBe(2);
    expect(Array.isArray(getValue(changed, 'a.list'))).toBe(true);
    expect(getValue(original, 'a.list.1')).toBeUndefined();
    expect(getValue(setValue({}, 'x.0.y', 'z'), 'x')).toEqual([{ y: 'z' }]);
  });
});

describe('certificate expiry', () => {
  it('is two years after the issue date; 29 February expires on 28 February', () => {
    expect(certificateExpiryDate('2025-03-05')).toBe('2027-03-05');
    expect(certificateExpiryDate('2024-02-29')).toBe('2026-02-28');
    expect(certificateExpiryDate('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('always falls 730 or 731 days after the issue date, on the same day of the month (or 28 Feb)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (offset) => {
        const issue = addDays('1990-01-01', offset);
        const expiry = certificateExpiryDate(issue);
        const days = (Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${issue}T00:00:00Z`)) / 86_400_000;
        expect([730, 731]).toContain(days);
        expect(expiry.slice(8) === issue.slice(8) || (issue.slice(5) === '02-29' && expiry.slice(5) === '02-28')).toBe(
          true,
        );
      }),
    );
  });
});
