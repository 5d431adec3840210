import { csvFormulaTriggers } from '@lm/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartCsv } from './chart-csv';

describe('chart CSV', () => {
  it('writes the visible series per bucket with CRLF, a header and quotes only where needed', () => {
    const text = chartCsv(
      'Month',
      ['Jul 2024', 'Aug, 2024'],
      [
        { header: 'Principal', values: [1200.5, 0] },
        { header: 'Interest', values: [12.34, 0.30000000000000004] },
      ],
    );
    expect(text).toBe('Month,Principal,Interest\r\nJul 2024,1200.5,12.34\r\n"Aug, 2024",0,0.3');
  });

  it('makes a formula in a category or series name inert and keeps negative amounts as numbers', () => {
    const text = chartCsv(
      'Client',
      ['=HYPERLINK("http://evil.example","x")', '+1+2'],
      [{ header: '-Principal', values: [-1200.5, 3] }],
    );
    expect(text).toBe('Client,\'-Principal\r\n"\'=HYPERLINK(""http://evil.example"",""x"")",-1200.5\r\n\'+1+2,3');
  });

  it('starts no text cell with a formula character, whatever the first character', () => {
    fc.assert(
      fc.property(fc.constantFrom(...csvFormulaTriggers), fc.string(), (first, rest) => {
        const line = chartCsv('Bucket', [first + rest], [{ header: 'Amount', values: [1] }]).split('\r\n')[1] ?? '';
        expect((line.startsWith('"') ? line.slice(1) : line).startsWith("'")).toBe(true);
      }),
    );
  });
});
