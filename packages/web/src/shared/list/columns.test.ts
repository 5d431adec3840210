import { describe, expect, it } from 'vitest';
import { formatCell, isIdField } from './columns';

describe('cells as shown', () => {
  it('ids never get thousands separators; counts do', () => {
    const row = { id: 1001, investmentAccountId: 1001, loan: { id: 12345 }, count: 1001 };
    expect(formatCell({ field: 'id', header: 'ID', kind: 'integer' }, row)).toBe('1001');
    expect(formatCell({ field: 'investmentAccountId', header: 'Account ID', kind: 'integer' }, row)).toBe('1001');
    expect(formatCell({ field: 'loan/id', header: 'Loan', kind: 'integer' }, row)).toBe('12345');
    expect(formatCell({ field: 'count', header: 'Count', kind: 'integer' }, row)).toBe('1,001');
    expect(isIdField('thirdPartyId')).toBe(true);
    expect(isIdField('identity')).toBe(false);
  });
});
