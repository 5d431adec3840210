import { describe, expect, it } from 'vitest';
import { projectStates, stateCodeOf } from './geo';

describe('state map', () => {
  it('projects the eight states and territories into the box, west to east and north to south', () => {
    const { shapes, height } = projectStates(600);
    expect(shapes.map((s) => s.code).sort()).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    expect(height).toBeGreaterThan(400);
    expect(height).toBeLessThan(600);
    const at = (code: string) => shapes.find((s) => s.code === code);
    expect(at('WA')?.labelX).toBeLessThan(at('NSW')?.labelX ?? 0);
    expect(at('NT')?.labelY).toBeLessThan(at('TAS')?.labelY ?? 0);
    for (const shape of shapes) {
      expect(shape.path.startsWith('M')).toBe(true);
      const numbers = shape.path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
      expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...numbers)).toBeLessThanOrEqual(600);
    }
  });

  it('reads a companyState written as a code or a name', () => {
    const { shapes } = projectStates(300);
    expect(stateCodeOf('NSW', shapes)).toBe('NSW');
    expect(stateCodeOf(' victoria ', shapes)).toBe('VIC');
    expect(stateCodeOf('Unknown', shapes)).toBeNull();
  });
});
