import type { Role } from '@lm/domain';
import { ownAccountsQuery } from '../features/accounts/accounts-api';
import { clientsListRequest } from '../features/clients/clients-list-request';
import { loanTableQuery, staffTableIds } from '../features/dashboard/staff-tables-request';
import { investmentsListRequest } from '../features/investments/investments-list-request';
import { investorAccountsListRequest } from '../features/investor-accounts/investor-accounts-list-request';
import { investorGroupsListRequest } from '../features/investor-groups/investor-groups-list-request';
import { investorsListRequest } from '../features/investors/investors-list-request';
import { loansListRequest } from '../features/loans/loans-list-request';
import { marketplaceListRequest } from '../features/marketplace/marketplace-list-request';
import { applicationsListRequest } from '../features/onboarding/onboarding-list-request';
import { staffListRequest } from '../features/staff/staff-list-request';
import { transactionsListRequest } from '../features/transactions/transactions-list-request';
import { firstPageQueries, hasFilterParams } from '../shared/list/list-page';
import type { ListDefinition, ListRequest } from '../shared/list/list-types';
import type { RouteDefinition } from './routes';

type DataPreload = (search: string, role: Role) => Promise<unknown>;

/** A query as the start-up code asks it: its cache key and how it is fetched. */
interface EarlyQuery {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
}

/**
 * Asks for the queries now, without waiting for TanStack Query's chunk, and hands each answer to
 * the query cache under its key once that chunk is here (before any screen renders, which waits
 * for the same chunk: query-gate.tsx): the screen's query then finds it there, or on its way, and
 * asks for nothing. A failure stays quiet here (no retry, no toast): the screen's own query asks
 * again and shows it.
 */
function askNow(queries: readonly EarlyQuery[]): Promise<unknown> {
  const asked = queries.map((query) => {
    const answer = query.queryFn({ signal: new AbortController().signal });
    answer.catch(() => undefined);
    return { queryKey: query.queryKey, answer };
  });
  return import('./query-provider').then(({ queryClient }) =>
    Promise.all(
      asked.map(({ queryKey, answer }) =>
        queryClient.prefetchQuery({ queryKey, queryFn: () => answer, retry: false, meta: { silent: true } }),
      ),
    ),
  );
}

/**
 * The first page of a list screen, as its table will ask for it from the URL's list state. Without
 * filter criteria in the URL (a plain /loans, a sort or a page), the list's request module (its
 * path and defaults, a few bytes in the entry) is enough: the request leaves at once, before
 * TanStack Query, the list plumbing, the domain's rules and zod have loaded. Criteria need the
 * list's filter fields: the definition and the list plumbing are imported then (not at the top:
 * the entry, and so the login page, stays without them).
 */
function list<R>(request: ListRequest, definition: () => Promise<ListDefinition<R>>): DataPreload {
  return async (search) => {
    if (!hasFilterParams(new URLSearchParams(search))) return askNow(firstPageQueries(request, search));
    const [{ prefetchListPage }, loaded, { queryClient }] = await Promise.all([
      import('../shared/list/use-list'),
      definition(),
      import('./query-provider'),
    ]);
    return prefetchListPage(queryClient, loaded, search);
  };
}

const staffRoles: readonly string[] = ['MANAGEMENT', 'SUPPORT', 'AUDITOR'];

/**
 * What each screen shows first, requested while its code loads. The imports are the features'
 * small request modules (the screens import the same ones), so the request leaves long before the
 * screen's chunk with the grid has arrived and parsed.
 */
const dataOfScreen: Readonly<Record<string, DataPreload>> = {
  'loans/loans-page': list(loansListRequest, async () => (await import('../features/loans/loans-api')).loansList),
  'transactions/transactions-page': list(
    transactionsListRequest,
    async () => (await import('../features/transactions/transactions-list')).transactionsList,
  ),
  'marketplace/marketplace-page': list(
    marketplaceListRequest,
    async () => (await import('../features/marketplace/marketplace-api')).marketplaceList,
  ),
  'investments/investments-page': list(
    investmentsListRequest,
    async () => (await import('../features/investments/investments-api')).investmentsList,
  ),
  'investors/investors-page': list(
    investorsListRequest,
    async () => (await import('../features/investors/investors-api')).investorsList,
  ),
  'investor-accounts/investor-accounts-page': list(
    investorAccountsListRequest,
    async () => (await import('../features/investor-accounts/investor-accounts-list')).investorAccountsList,
  ),
  'investor-groups/investor-groups-page': list(
    investorGroupsListRequest,
    async () => (await import('../features/investor-groups/investor-groups-api')).investorGroupsList,
  ),
  'clients/clients-page': list(
    clientsListRequest,
    async () => (await import('../features/clients/clients-api')).clientsList,
  ),
  'staff/staff-page': list(staffListRequest, async () => (await import('../features/staff/staff-api')).staffList),
  'onboarding/investor-applications-page': list(
    applicationsListRequest,
    async () => (await import('../features/onboarding/onboarding-api')).applicationsList,
  ),
  // the investor's panels list their accounts first
  'portfolio/portfolio-page': () => askNow([ownAccountsQuery]),
  'accounts/accounts-page': () => askNow([ownAccountsQuery]),
  // the staff dashboards' tables (the investor dashboard loads its own chunk and asks then)
  'dashboard/dashboard-page': async (_search, role) => {
    if (!staffRoles.includes(role)) return;
    await askNow(staffTableIds.map(loanTableQuery));
  },
};

/** Whether the path opens the route's list rather than one record of it (/loans, not /loans/42). */
function opensList(route: RouteDefinition, pathname: string): boolean {
  const base = route.path.replace(/\/:id\?$/, '');
  return base !== route.path && pathname.replace(/\/+$/, '') === base;
}

/**
 * A signed-in first screen's first data, asked for as the app starts (route-preload.ts): a list's
 * first page and count, the investor's accounts, the staff dashboard's tables. Only the screens
 * that open with a list or a dashboard ask.
 */
export function startData(route: RouteDefinition, location: { pathname: string; search: string }, role: Role): void {
  const data = route.screen === null ? undefined : dataOfScreen[route.screen];
  if (!data) return;
  if (route.screen !== 'dashboard/dashboard-page' && !opensList(route, location.pathname)) return;
  void data(location.search, role).catch(() => undefined);
}
