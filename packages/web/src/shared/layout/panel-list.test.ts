import { describe, expect, it } from 'vitest';
import { toggled } from './panel-list';

describe('toggled', () => {
  it('opens a closed panel and closes an open one, leaving the others and the given set as they were', () => {
    const open: ReadonlySet<number> = new Set([1, 3]);
    expect([...toggled(open, 2)].sort()).toEqual([1, 2, 3]);
    expect([...toggled(open, 3)]).toEqual([1]);
    expect([...open]).toEqual([1, 3]);
  });
});
