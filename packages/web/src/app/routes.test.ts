import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../../../tools/source-imports';
import {
  isAllowed,
  menuFor,
  menuTabsMax,
  returnPathAfterLogin,
  routeFor,
  routeOutcome,
  routes,
  screenBuilt,
  usesQueries,
} from './routes';

const { INVESTOR, INVESTOR_READ_ONLY, MANAGEMENT, SUPPORT, AUDITOR } = Role;
const everyone = [INVESTOR, INVESTOR_READ_ONLY, MANAGEMENT, SUPPORT, AUDITOR];

// spec core §2.1 and investor-and-admin §2, with the role mapping of DESIGN §1, written out
const expected: Record<string, readonly Role[] | 'public'> = {
  '/': 'public',
  '/login': 'public',
  '/invest': 'public',
  '/reset-password': 'public',
  '/403': 'public',
  '/404': 'public',
  '/dashboard': everyone,
  '/marketplace': everyone,
  '/marketplace/7': everyone,
  '/profile': everyone,
  '/faq': everyone,
  '/logout': everyone,
  '/portfolio': [INVESTOR, INVESTOR_READ_ONLY],
  '/portfolio/3': [INVESTOR, INVESTOR_READ_ONLY],
  '/accounts': [INVESTOR, INVESTOR_READ_ONLY],
  '/accounts/3': [INVESTOR, INVESTOR_READ_ONLY],
  '/reports': [INVESTOR, MANAGEMENT],
  '/loans': [MANAGEMENT, SUPPORT],
  '/loans/42': [MANAGEMENT, SUPPORT],
  '/investments': [MANAGEMENT, SUPPORT],
  '/investments/9': [MANAGEMENT, SUPPORT],
  '/investors': [MANAGEMENT, SUPPORT, AUDITOR],
  '/investors/5': [MANAGEMENT, SUPPORT],
  '/transactions': [MANAGEMENT, SUPPORT],
  '/transactions/8': [MANAGEMENT, SUPPORT],
  '/investorAccounts': [MANAGEMENT, SUPPORT],
  '/investorAccounts/555': [MANAGEMENT, SUPPORT],
  '/investorGroups': [MANAGEMENT, SUPPORT],
  '/investorGroups/2': [MANAGEMENT, SUPPORT],
  '/staff': [MANAGEMENT, SUPPORT],
  '/staff/1': [MANAGEMENT, SUPPORT],
  '/clients': [MANAGEMENT, SUPPORT],
  '/clients/4': [MANAGEMENT, SUPPORT],
  '/loans/new': [MANAGEMENT],
  '/clients/new': [MANAGEMENT],
  '/transactions/repayments/upload': [MANAGEMENT],
  '/transactions/repayments/excess': [MANAGEMENT],
  '/transactions/withdrawals/pending': [MANAGEMENT],
  '/onboarding/investorApplications': [MANAGEMENT],
  '/onboarding/investorApplications/12': [MANAGEMENT],
};

describe('route table', () => {
  it.each(Object.entries(expected))('%s admits exactly the roles of the specification', (path, roles) => {
    const route = routeFor(path);
    expect(route, path).toBeDefined();
    const admitted = everyone.filter((role) => isAllowed(route!.access, role));
    expect(admitted.sort()).toEqual(roles === 'public' ? [...everyone].sort() : [...roles].sort());
    if (roles === 'public') expect(['public', 'guest']).toContain(route!.access);
  });

  it('prefers static segments: /loans/new is the New Loan route, not loan "new"', () => {
    expect(routeFor('/loans/new')?.title).toBe('New Loan');
    expect(routeFor('/clients/new')?.title).toBe('New Client');
    expect(routeFor('/loans/new/x')).toBeUndefined();
  });

  it('/invest sends a signed-in user away (guest)', () => {
    expect(routeFor('/invest')?.access).toBe('guest');
  });

  it('has no unknown paths', () => {
    expect(routeFor('/nope')).toBeUndefined();
    expect(routeFor('/loansx')).toBeUndefined();
  });
});

describe('menu', () => {
  it('shows each role the items of its routes, in the specification order', () => {
    expect(menuFor(INVESTOR).map((i) => i.label)).toEqual([
      'Dashboard',
      'Marketplace',
      'Portfolio',
      'Reports',
      'Accounts',
      'Profile',
      'FAQ',
      'Logout',
    ]);
    expect(menuFor(INVESTOR_READ_ONLY).map((i) => i.label)).toEqual([
      'Dashboard',
      'Marketplace',
      'Portfolio',
      'Accounts',
      'Profile',
      'FAQ',
      'Logout',
    ]);
    expect(menuFor(AUDITOR).map((i) => i.label)).toEqual([
      'Dashboard',
      'Marketplace',
      'Investors',
      'Profile',
      'FAQ',
      'Logout',
    ]);
    expect(menuFor(SUPPORT).map((i) => i.path)).toEqual([
      '/dashboard',
      '/marketplace',
      '/loans',
      '/investments',
      '/investors',
      '/investorGroups',
      '/investorAccounts',
      '/clients',
      '/transactions',
      '/staff',
      '/profile',
      '/faq',
      '/logout',
    ]);
    expect(menuFor(MANAGEMENT).map((i) => i.path)).toEqual([
      '/dashboard',
      '/marketplace',
      '/loans',
      '/investments',
      '/reports',
      '/investors',
      '/investorGroups',
      '/investorAccounts',
      '/clients',
      '/transactions',
      '/staff',
      '/profile',
      '/faq',
      '/logout',
    ]);
  });

  it('shows only Login when signed out', () => {
    expect(menuFor(null)).toEqual([{ label: 'Login', path: '/login' }]);
  });

  it('uses a drawer (more than 8 items) for the staff roles only', () => {
    const drawer = everyone.filter((role) => menuFor(role).length > menuTabsMax);
    expect(drawer.sort()).toEqual([MANAGEMENT, SUPPORT].sort());
  });
});

describe('return after login', () => {
  it('returns to the page the user came from; a logout path maps to home; nothing goes to the dashboard', () => {
    expect(returnPathAfterLogin('/loans?page=2')).toBe('/loans?page=2');
    expect(returnPathAfterLogin('/logout')).toBe('/');
    expect(returnPathAfterLogin(undefined)).toBe('/dashboard');
    expect(returnPathAfterLogin('/login')).toBe('/dashboard');
  });
});

describe('screens not built yet', () => {
  it('a path whose screen is not built is known as such, so no button leads to a placeholder', () => {
    expect(screenBuilt('/investors')).toBe(true);
    // the onboarding review is built, so the Investors list shows its Investor Applications button
    expect(screenBuilt('/onboarding/investorApplications')).toBe(true);
    expect(screenBuilt('/onboarding/investorApplications/4')).toBe(true);
    expect(screenBuilt('/no-such-page')).toBe(false);
  });
});

describe('screens without the query cache', () => {
  const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

  /** The source file a relative import names (with its extension, or its folder's index). */
  function resolveImport(from: string, specifier: string): string | null {
    const base = path.resolve(path.dirname(from), specifier);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    return null;
  }

  /** The packages a source file reaches through its relative imports, static and on demand. */
  function packagesReached(start: string): Set<string> {
    const packages = new Set<string>();
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) packages.add(specifier);
        else {
          const next = resolveImport(file, specifier);
          if (next) stack.push(next);
        }
      }
    }
    return packages;
  }

  it('a screen marked queries: false reaches no TanStack Query code (the router gives it no query cache)', () => {
    const marked = routes.filter((route) => !usesQueries(route));
    expect(marked.map((route) => route.path)).toEqual(['/login', '/403', '/404', '/logout']);
    for (const route of marked) {
      const reached = packagesReached(path.join(srcDir, 'features', `${route.screen}.tsx`));
      expect(
        [...reached].filter((name) => name.startsWith('@tanstack/')),
        route.path,
      ).toEqual([]);
    }
    // and the walk does find it where it is: the dashboard reads through the query cache
    expect(packagesReached(path.join(srcDir, 'features', 'dashboard/dashboard-page.tsx'))).toContain(
      '@tanstack/react-query',
    );
  });
});

describe('where a visitor goes on a route (the route gate)', () => {
  it('public pages open for anyone; guest pages for the signed-out only', () => {
    expect(routeOutcome('public', null)).toBe('screen');
    expect(routeOutcome('public', Role.INVESTOR)).toBe('screen');
    expect(routeOutcome('guest', null)).toBe('screen');
    expect(routeOutcome('guest', Role.MANAGEMENT)).toBe('home');
  });

  it("a role's page: signed out to login, another role to 403, the role to the screen", () => {
    const staff = [Role.MANAGEMENT, Role.SUPPORT] as const;
    expect(routeOutcome(staff, null)).toBe('login');
    expect(routeOutcome(staff, Role.INVESTOR)).toBe('forbidden');
    expect(routeOutcome(staff, Role.SUPPORT)).toBe('screen');
  });
});
