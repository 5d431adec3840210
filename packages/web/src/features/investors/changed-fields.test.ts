import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  const fields = ['firstName', 'middleName', 'notes'] as const;

  it('keeps only the fields whose value changed', () => {
    expect(
      changedFields(
        { firstName: 'Ivy', middleName: null, notes: 'a' },
        { firstName: 'Ivy', middleName: 'Grace', notes: 'b' },
        fields,
      ),
    ).toEqual({ middleName: 'Grace', notes: 'b' });
  });

  it('treats a missing value and null alike, and sends a cleared field as null', () => {
    expect(
      changedFields({ firstName: 'Ivy', notes: 'x' }, { firstName: 'Ivy', middleName: null, notes: null }, fields),
    ).toEqual({
      notes: null,
    });
  });

  it('is empty when nothing changed', () => {
    expect(changedFields({ firstName: 'Ivy' }, { firstName: 'Ivy', middleName: undefined }, fields)).toEqual({});
  });
});
