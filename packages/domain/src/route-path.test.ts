import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestRoutePath, routePathMatcher, routePathTable } from './route-path';

describe('route patterns', () => {
  it('an optional segment matches the list and one record, a required one only the record', () => {
    const optional = routePathMatcher('/loans/:id?');
    expect(['/loans', '/loans/', '/loans/42'].every((p) => optional.test(p))).toBe(true);
    expect(['/loans/42/x', '/loansx', '/'].some((p) => optional.test(p))).toBe(false);
    const required = routePathMatcher('/investors/:id');
    expect(required.test('/investors/7')).toBe(true);
    expect(required.test('/investors')).toBe(false);
    expect(routePathMatcher('/').test('/')).toBe(true);
  });

  it('static segments win over parameters, and the first route wins a tie', () => {
    const table = routePathTable([
      { path: '/loans/:id?', name: 'loan' },
      { path: '/loans/new', name: 'new loan' },
      { path: '/transactions/:id?', name: 'transaction' },
      { path: '/transactions/repayments/excess', name: 'excess' },
      { path: '/investors', name: 'investors' },
      { path: '/investors/:id', name: 'investor' },
    ]);
    expect(bestRoutePath(table, '/loans/new')?.name).toBe('new loan');
    expect(bestRoutePath(table, '/loans/42')?.name).toBe('loan');
    expect(bestRoutePath(table, '/transactions/repayments/excess')?.name).toBe('excess');
    expect(bestRoutePath(table, '/transactions/repayments')?.name).toBe('transaction');
    expect(bestRoutePath(table, '/investors')?.name).toBe('investors');
    expect(bestRoutePath(table, '/nowhere')).toBeUndefined();
  });

  it('a literal pattern matches exactly its own path, whatever characters it holds', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9.()+*$-]{1,8}$/), { minLength: 1, maxLength: 4 }), (parts) => {
        const pattern = `/${parts.join('/')}`;
        const matcher = routePathMatcher(pattern);
        expect(matcher.test(pattern)).toBe(true);
        expect(matcher.test(`${pattern}/`)).toBe(true);
        expect(matcher.test(`${pattern}x`)).toBe(false);
      }),
    );
  });
});
