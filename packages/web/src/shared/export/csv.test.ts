import { describe, expect, it } from 'vitest';
import { exportCell } from '../list/columns';
import { csvDefaults, csvFileName, toCsv } from './csv';

describe('CSV', () => {
  it('writes comma, CRLF, a header and no quotes by default', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          ['1', 'Acme'],
          ['2', 'Bolt'],
        ],
        csvDefaults,
      ),
    ).toBe('id,name\r\n1,Acme\r\n2,Bolt');
  });

  it('quotes only the cells that need it, doubling quotes', () => {
    expect(toCsv(['a'], [['x,y'], ['say "hi"'], ['two\nlines']], { ...csvDefaults, header: false })).toBe(
      '"x,y"\r\n"say ""hi"""\r\n"two\nlines"',
    );
  });

  it('quotes everything when asked, with other delimiters and newlines', () => {
    expect(toCsv(['a', 'b'], [['1', '2']], { delimiter: ';', newline: '\n', header: true, quoteAll: true })).toBe(
      '"a";"b"\n"1";"2"',
    );
  });

  it('names files safely', () => {
    expect(csvFileName('loans')).toBe('loans.csv');
    expect(csvFileName('a/b:c.csv')).toBe('a-b-c.csv');
    expect(csvFileName('  ')).toBe('export.csv');
  });

  it('exports amounts as plain decimals and dates as shown', () => {
    const row = { amount: 1234.5, dueDate: '2027-03-05', status: 'ACTIVE', loan: { thirdPartyId: 'L-1' } };
    expect(exportCell({ field: 'amount', header: 'Amount', kind: 'money' }, row)).toBe('1234.50');
    expect(exportCell({ field: 'dueDate', header: 'Due', kind: 'date' }, row)).toBe('05/03/2027');
    expect(exportCell({ field: 'status', header: 'S', kind: 'enum', labels: { ACTIVE: 'Active' } }, row)).toBe(
      'Active',
    );
    expect(exportCell({ field: 'loan/thirdPartyId', header: 'Loan' }, row)).toBe('L-1');
  });
});
