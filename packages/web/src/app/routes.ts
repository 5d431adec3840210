import {
  allRoles,
  backOfficeRoles,
  bestRoutePath,
  investorListRoles,
  investorRoles,
  managementOnly,
  type Role,
  reportRoles,
  routePathTable,
} from '@lm/domain';

/**
 * The route table of spec core §2.1 and investor-and-admin §2, in one place: paths, who may open
 * them, the screen each one shows and the menu of spec core §2.2. Pure data (no React), so tests
 * and the chunk-size script read it too.
 *
 * - `public`: anyone. `guest`: anyone, but a signed-in user is sent to / (the /invest rule).
 * - a role list: signed-out users go to /login (and come back after login), other roles to /403.
 * - `screen`: the module under src/features that default-exports the screen, lazy-loaded (one
 *   chunk per route); null shows the "coming soon" page inside the real gate.
 */
export type RouteAccess = 'public' | 'guest' | readonly Role[];

export interface RouteDefinition {
  path: string;
  access: RouteAccess;
  title: string;
  screen: string | null;
  /**
   * False for a screen that reads nothing through the query cache (TanStack Query): it renders
   * without the query cache's chunk, which every other screen loads first (query-gate.tsx). The
   * login page is one: a first visit to it loads the least JavaScript.
   */
  queries?: false;
}

const everyone = allRoles;
const investors = investorRoles;
const staff = backOfficeRoles;
const management = managementOnly;

export const routes: readonly RouteDefinition[] = [
  // public
  { path: '/', access: 'public', title: 'Home', screen: 'home/home-page' },
  { path: '/login', access: 'public', title: 'Login', screen: 'session/login-page', queries: false },
  { path: '/invest', access: 'guest', title: 'Apply to invest', screen: 'onboarding/invest-page' },
  { path: '/reset-password', access: 'public', title: 'Forgot Password', screen: 'session/reset-password-page' },
  { path: '/403', access: 'public', title: 'Access denied', screen: 'session/forbidden-page', queries: false },
  { path: '/404', access: 'public', title: 'Page not found', screen: 'session/not-found-page', queries: false },
  // all five roles
  { path: '/dashboard', access: everyone, title: 'Dashboard', screen: 'dashboard/dashboard-page' },
  { path: '/marketplace/:id?', access: everyone, title: 'Marketplace', screen: 'marketplace/marketplace-page' },
  { path: '/profile/:tab?', access: everyone, title: 'Profile', screen: 'profile/profile-page' },
  { path: '/faq', access: everyone, title: 'FAQ', screen: 'faq/faq-page' },
  { path: '/logout', access: everyone, title: 'Logout', screen: 'session/logout-page', queries: false },
  // the two investor roles
  { path: '/portfolio/:id?', access: investors, title: 'Portfolio', screen: 'portfolio/portfolio-page' },
  { path: '/accounts/:id?', access: investors, title: 'Accounts', screen: 'accounts/accounts-page' },
  // one investor role and the administrator
  { path: '/reports', access: reportRoles, title: 'Reports', screen: 'reports/reports-page' },
  // administrator and the second staff role (read mode for it)
  { path: '/loans/:id?', access: staff, title: 'Loans', screen: 'loans/loans-page' },
  { path: '/investments/:id?', access: staff, title: 'Investments', screen: 'investments/investments-page' },
  { path: '/investors', access: investorListRoles, title: 'Investors', screen: 'investors/investors-page' },
  { path: '/investors/:id', access: staff, title: 'Investors', screen: 'investors/investors-page' },
  { path: '/transactions/:id?', access: staff, title: 'Transactions', screen: 'transactions/transactions-page' },
  {
    path: '/investorAccounts/:id?',
    access: staff,
    title: 'Investor Accounts',
    screen: 'investor-accounts/investor-accounts-page',
  },
  {
    path: '/investorGroups/:id?',
    access: staff,
    title: 'Investor Groups',
    screen: 'investor-groups/investor-groups-page',
  },
  { path: '/staff/:id?', access: staff, title: 'Staff', screen: 'staff/staff-page' },
  { path: '/clients/:id?', access: staff, title: 'Clients', screen: 'clients/clients-page' },
  // administrator only
  { path: '/loans/new', access: management, title: 'New Loan', screen: 'loans/new-loan-page' },
  { path: '/clients/new', access: management, title: 'New Client', screen: 'clients/new-client-page' },
  {
    path: '/transactions/repayments/upload',
    access: management,
    title: 'Upload Repayments',
    screen: 'repayments/upload-repayments-page',
  },
  {
    path: '/transactions/repayments/excess',
    access: management,
    title: 'Excess Repayments',
    screen: 'repayments/excess-repayments-page',
  },
  {
    path: '/transactions/withdrawals/pending',
    access: management,
    title: 'Pending Withdrawals',
    screen: 'transactions/pending-withdrawals-page',
  },
  {
    path: '/onboarding/investorApplications/:id?',
    access: management,
    title: 'Investor Applications',
    screen: 'onboarding/investor-applications-page',
  },
];

/** The menu of spec core §2.2, in its order; each item shows to the roles its route admits. */
export const menu: readonly { label: string; path: string }[] = [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Marketplace', path: '/marketplace' },
  { label: 'Loans', path: '/loans' },
  { label: 'Investments', path: '/investments' },
  { label: 'Portfolio', path: '/portfolio' },
  { label: 'Reports', path: '/reports' },
  { label: 'Accounts', path: '/accounts' },
  { label: 'Investors', path: '/investors' },
  { label: 'Groups', path: '/investorGroups' },
  { label: 'Accounts', path: '/investorAccounts' },
  { label: 'Clients', path: '/clients' },
  { label: 'Transactions', path: '/transactions' },
  { label: 'Staff', path: '/staff' },
  { label: 'Profile', path: '/profile' },
  { label: 'FAQ', path: '/faq' },
  { label: 'Logout', path: '/logout' },
];

/** The logged-out menu: only Login (spec core §2.2). */
export const guestMenu: readonly { label: string; path: string }[] = [{ label: 'Login', path: '/login' }];

/** More than this many menu items show a drawer instead of tabs (spec core §2.2). */
export const menuTabsMax = 8;

/** Where the bare redirect and a login without an origin page go. */
export const homeAfterLogin = '/dashboard';

export function isAllowed(access: RouteAccess, role: Role | null): boolean {
  if (access === 'public' || access === 'guest') return true;
  return role !== null && access.includes(role);
}

/**
 * Where a visitor with `role` (null: signed out) goes on a route of `access` (spec core §2.1):
 * its screen, home (a signed-in user on a guest page), the login page (signed out on a role's
 * page) or 403 (a role without access). The route gate follows it, and the start-up code reads it
 * to know whether the first screen is the route's.
 */
export function routeOutcome(access: RouteAccess, role: Role | null): 'screen' | 'home' | 'login' | 'forbidden' {
  if (access === 'public') return 'screen';
  if (access === 'guest') return role ? 'home' : 'screen';
  if (!role) return 'login';
  return isAllowed(access, role) ? 'screen' : 'forbidden';
}

const routeTable = routePathTable(routes);

/**
 * The route a pathname opens, preferring static segments (as React Router ranks them):
 * /loans/new is the New Loan route, /loans/42 the loan.
 */
export function routeFor(pathname: string): RouteDefinition | undefined {
  return bestRoutePath(routeTable, pathname);
}

/**
 * Whether a path opens a built screen (not the "coming soon" page): a link to a screen that is not
 * built yet is left out rather than leading to a placeholder.
 */
export function screenBuilt(pathname: string): boolean {
  return (routeFor(pathname)?.screen ?? null) !== null;
}

/** The menu items a role sees (null: signed out). */
export function menuFor(role: Role | null): { label: string; path: string }[] {
  if (role === null) return [...guestMenu];
  return menu.filter((item) => {
    const route = routeFor(item.path);
    return route !== undefined && isAllowed(route.access, role);
  });
}

/** A path a login returns to: a logout path maps to home (spec core §2.3). */
export function returnPathAfterLogin(from: string | null | undefined): string {
  if (!from || from === '/login') return homeAfterLogin;
  if (from === '/logout' || from.startsWith('/logout?')) return '/';
  return from;
}

/** Whether the route's screen reads the server through the query cache (all but a few: the login page). */
export function usesQueries(route: RouteDefinition): boolean {
  return route.queries !== false;
}

/**
 * Whether the start-up code asks for the route's first data (app/route-data.ts) for a signed-in
 * user allowed on it: a screen of a signed-in area that reads through the query cache. The build's
 * budgets and page preloads (scripts/chunk-sizes.ts) count the data's chunk for the same routes.
 */
export function startsWithData(route: RouteDefinition): boolean {
  return route.access !== 'public' && route.access !== 'guest' && route.screen !== null && usesQueries(route);
}
