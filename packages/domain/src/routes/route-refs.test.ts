import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import * as refs from './index';
import { isRouteContract, routeRefsFile, routeRefsSource } from './route-refs-source';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('@lm/domain/routes', () => {
  it('is the text the contracts make (npm run routes -w @lm/domain rewrites it)', () => {
    expect(readFileSync(path.join(packageDir, routeRefsFile), 'utf8')).toBe(routeRefsSource(domain));
  });

  it("holds every contract's method and path under its name, and nothing else", () => {
    const contracts = Object.entries(domain).filter(([, value]) => isRouteContract(value));
    const refTable: Record<string, unknown> = { ...refs };
    expect(contracts.length).toBeGreaterThan(100);
    expect(Object.keys(refTable).sort()).toEqual(contracts.map(([name]) => name).sort());
    for (const [name, contract] of contracts) {
      expect(refTable[name], name).toEqual({
        method: (contract as { method: string }).method,
        path: (contract as { path: string }).path,
      });
    }
  });

  it('knows a contract from the other exports', () => {
    expect(isRouteContract(domain.loanListRoute)).toBe(true);
    expect(isRouteContract(domain.loanListShape)).toBe(false);
    expect(isRouteContract({ method: 'GET', path: '/api/x' })).toBe(false);
    expect(isRouteContract(null)).toBe(false);
  });
});
