// first, as in main.tsx: zod loads after it
import './zod-config';
import { describe, expect, it } from 'vitest';
import { config, z } from 'zod';

describe('zod settings set before zod loads', () => {
  it('are the settings zod uses', () => {
    expect(config().jitless).toBe(true);
    // and a schema built afterwards parses without its compiled parser
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
