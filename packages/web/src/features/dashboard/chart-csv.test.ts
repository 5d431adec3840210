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
});
