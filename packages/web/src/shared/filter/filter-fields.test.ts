import { describe, expect, it } from 'vitest';
import {
  activeCriteria,
  buildFilter,
  combineFilters,
  conditionFor,
  type FilterField,
  odataNumber,
} from './filter-fields';
import { sydneyStartOfDay } from './sydney-time';

const f = (field: Partial<FilterField> & Pick<FilterField, 'type'>): FilterField => ({
  id: 'x',
  label: 'X',
  field: 'x',
  ...field,
});

describe('conditions', () => {
  it('writes each criteria type as a $filter condition', () => {
    expect(conditionFor(f({ type: 'string', field: 'name' }), "O'Brien")).toBe("contains(name,'O''Brien')");
    expect(conditionFor(f({ type: 'string', field: 'name', operator: 'eq' }), 'Acme')).toBe("name eq 'Acme'");
    expect(conditionFor(f({ type: 'integer', field: 'id' }), '42')).toBe('id eq 42');
    expect(conditionFor(f({ type: 'currency', field: 'amount', operator: 'ge' }), '1000.5')).toBe('amount ge 1000.5');
    expect(conditionFor(f({ type: 'percentage', field: 'rate', operator: 'le' }), '12.5')).toBe('rate le 12.5');
    expect(conditionFor(f({ type: 'boolean', field: 'isForeign' }), 'true')).toBe('isForeign eq true');
    expect(conditionFor(f({ type: 'date', field: 'dueDate', operator: 'ge' }), '2027-03-05')).toBe(
      'dueDate ge 2027-03-05',
    );
    expect(conditionFor(f({ type: 'selection', field: 'loan/status' }), 'ACTIVE')).toBe("loan/status eq 'ACTIVE'");
    expect(conditionFor(f({ type: 'selection', field: 'status', multiple: true }), ['A', 'B'])).toBe(
      "status in ('A','B')",
    );
    expect(conditionFor(f({ type: 'file', field: 'id' }), ['3', '4'])).toBe("id in ('3','4')");
    expect(
      conditionFor(f({ type: 'term', field: 'term', operator: 'le', unitField: 'termPeriodUnit' }), '12:MONTHS'),
    ).toBe("(term le 12 and termPeriodUnit eq 'MONTHS')");
  });

  it('compares date-time fields with the Sydney day boundaries', () => {
    // 5 March 2027 is in daylight saving (+11:00)
    expect(sydneyStartOfDay('2027-03-05')).toBe('2027-03-04T13:00:00Z');
    // 1 July 2026 is standard time (+10:00)
    expect(sydneyStartOfDay('2026-07-01')).toBe('2026-06-30T14:00:00Z');
    // the day daylight saving ends (4 April 2027) still starts at +11:00 midnight
    expect(sydneyStartOfDay('2027-04-04')).toBe('2027-04-03T13:00:00Z');
    expect(sydneyStartOfDay('2027-04-04', 1)).toBe('2027-04-04T14:00:00Z');
    const field = f({ type: 'datetime', field: 'creationDate', operator: 'le' });
    expect(conditionFor(field, '2027-03-05')).toBe('creationDate lt 2027-03-05T13:00:00Z');
    expect(conditionFor({ ...field, operator: 'ge' }, '2027-03-05')).toBe('creationDate ge 2027-03-04T13:00:00Z');
    expect(conditionFor({ ...field, operator: 'eq' }, '2027-03-05')).toBe(
      '(creationDate ge 2027-03-04T13:00:00Z and creationDate lt 2027-03-05T13:00:00Z)',
    );
  });

  it('drops empty and unusable values', () => {
    expect(conditionFor(f({ type: 'integer' }), '')).toBeNull();
    expect(conditionFor(f({ type: 'integer' }), 'abc')).toBeNull();
    expect(conditionFor(f({ type: 'date' }), '05/03/2027')).toBeNull();
    expect(conditionFor(f({ type: 'file' }), [])).toBeNull();
    expect(odataNumber('1e3')).toBe('1000');
    expect(odataNumber(' ')).toBeNull();
  });

  it('uses at most 100 values of a file', () => {
    const values = Array.from({ length: 150 }, (_, i) => String(i + 1));
    const condition = conditionFor(f({ type: 'file', field: 'id' }), values) ?? '';
    expect(condition.split(',').length).toBe(100);
  });

  it('joins criteria with and, bracketing the ors', () => {
    const fields = [
      f({ id: 'a', type: 'integer', field: 'id' }),
      f({ id: 'b', type: 'datetime', field: 'd', operator: 'ne' }),
    ];
    expect(buildFilter(fields, { a: '1', b: '2027-03-05' })).toBe(
      '(id eq 1) and (d lt 2027-03-04T13:00:00Z or d ge 2027-03-05T13:00:00Z)',
    );
    expect(buildFilter(fields, {})).toBeUndefined();
    expect(combineFilters('a eq 1 or b eq 2', 'c eq 3')).toBe('(a eq 1 or b eq 2) and (c eq 3)');
  });

  it('keeps each part whole when combining: an or between bracketed terms stays inside its part', () => {
    expect(combineFilters('(a eq 1) or (b eq 2)', 'c eq 3')).toBe('((a eq 1) or (b eq 2)) and (c eq 3)');
    expect(combineFilters('c eq 3', '(a eq 1) or (b eq 2)')).toBe('(c eq 3) and ((a eq 1) or (b eq 2))');
    // a part already one bracketed group is not bracketed again, a lone part is left as it is
    expect(combineFilters('(a eq 1 or b eq 2)', 'c eq 3')).toBe('(a eq 1 or b eq 2) and (c eq 3)');
    expect(combineFilters('(a eq 1) or (b eq 2)', undefined, ' ')).toBe('(a eq 1) or (b eq 2)');
    // brackets inside a string literal do not count
    expect(combineFilters("contains(name,'x)') or contains(name,'(y')", 'c eq 3')).toBe(
      "(contains(name,'x)') or contains(name,'(y')) and (c eq 3)",
    );
    expect(combineFilters("(name eq ')(') or (b eq 2)", 'c eq 3')).toBe("((name eq ')(') or (b eq 2)) and (c eq 3)");
  });

  it('describes the active criteria for the chips', () => {
    const fields = [
      f({ id: 's', type: 'selection', options: [{ value: 'ACTIVE', label: 'Active' }] }),
      f({ id: 'd', type: 'date' }),
      f({ id: 'n', type: 'file' }),
      f({ id: 'a', type: 'currency' }),
      f({ id: 'r', type: 'percentage' }),
    ];
    expect(
      activeCriteria(fields, { s: 'ACTIVE', d: '2027-03-05', n: ['1', '2'], a: '40000', r: '12.5' }).map((c) => c.text),
    ).toEqual(['Active', '05/03/2027', '2 values', '$40,000.00', '12.5%']);
  });
});
