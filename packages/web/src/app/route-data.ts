import type { Role } from '@lm/domain';
import type { QueryClient } from '@tanstack/react-query';
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
import { hasFilterParams, prefetchFirstPage } from '../shared/list/list-page';
import type { ListDefinition, ListRequest } from '../shared/list/list-types';
import { queryClient } from './query-provider';
import type { RouteDefinition } from './routes';

type DataPreload = (client: QueryClient, search: string, role: Role) => Promise<unknown>;

/**
 * The first page of a list screen, as its table will ask for it from the URL's list state. Without
 * filter criteria in the URL (a plain /loans, a sort or a page), the list's request module (its
 * path and defaults, a few bytes in this module's chunk) is enough: the request leaves at once,
 * before the list plumbing, the domain's rules and zod have loaded. Criteria need the list's filter
 * fields: the definition and the list plumbing are imported then (not at the top: this start-up
 * chunk stays small).
 */
function list<R>(request: ListRequest, definition: () => Promise<ListDefinition<R>>): DataPreload {
  return async (client, search) => {
    if (!hasFilterParams(new URLSearchParams(search))) return prefetchFirstPage(client, request, search);
    const [{ prefetchListPage }, loaded] = await Promise.all([import('../shared/list/use-list'), definition()]);
    return prefetchListPage(client, loaded, search);
  };
}

const staffRoles: readonly string[] = ['MANAGEMENT', 'SUPPORT', 'AUDITOR'];

/**
 * What each screen shows first, requested while its code loads. The imports are the features'
 * small api modules (the screens import the same ones), so the request leaves long before the
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
  'portfolio/portfolio-page': (client) => client.prefetchQuery({ ...ownAccountsQuery, meta: { silent: true } }),
  'accounts/accounts-page': (client) => client.prefetchQuery({ ...ownAccountsQuery, meta: { silent: true } }),
  // the staff dashboards' tables (the investor dashboard loads its own chunk and asks then)
  'dashboard/dashboard-page': async (client, _search, role) => {
    if (!staffRoles.includes(role)) return;
    await Promise.all(
      staffTableIds.map((table) => client.prefetchQuery({ ...loanTableQuery(table), meta: { silent: true } })),
    );
  },
};

/** Whether the path opens the route's list rather than one record of it (/loans, not /loans/42). */
function opensList(route: RouteDefinition, pathname: string): boolean {
  const base = route.path.replace(/\/:id\?$/, '');
  return base !== route.path && pathname.replace(/\/+$/, '') === base;
}

/**
 * A signed-in first screen's first data, asked for as the app starts (route-preload.ts loads this
 * module on demand, with the query cache it fills): a list's first page and count, the investor's
 * accounts, the staff dashboard's tables. The screen's queries then find it in the cache, or on
 * its way, and ask for nothing. Only the screens that open with a list or a dashboard ask.
 */
export function startData(route: RouteDefinition, location: { pathname: string; search: string }, role: Role): void {
  const data = route.screen === null ? undefined : dataOfScreen[route.screen];
  if (!data) return;
  if (route.screen !== 'dashboard/dashboard-page' && !opensList(route, location.pathname)) return;
  void data(queryClient, location.search, role).catch(() => undefined);
}
