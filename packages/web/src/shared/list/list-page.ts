import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/api-client';
import { combineFilters } from '../filter/combine-filters';
import { allRowsMax, type ListRequest, pageSizeAll, pageSizeMax, pageSizesDefault, type SortState } from './list-types';

/*
 * A page of a list as the server is asked for it: the URL's sort, page and page size, the query
 * parameters and the query-cache entry. Without the domain's rules, zod or the filter fields, so
 * the app's start-up code asks for a list screen's first page (prefetchFirstPage) while the
 * screen's code still loads; list-state.ts and use-list.ts add the filters on top of it.
 */

/** Which page of a list, sorted how (list-state.ts's ListState adds the filter values). */
export interface PageState {
  sort: SortState;
  page: number;
  pageSize: number;
}

export interface ListPage<R> {
  rows: R[];
  count: number;
}

export function pageSizesOf(request: Pick<ListRequest, 'pageSizes'>): readonly number[] {
  return request.pageSizes && request.pageSizes.length > 0 ? request.pageSizes : pageSizesDefault;
}

export function defaultPageState(request: ListRequest): PageState {
  return { sort: request.defaultSort, page: 0, pageSize: pageSizesOf(request)[0] ?? 10 };
}

/**
 * The sort, page and size of a list in the URL: `page` (1-based), `size` and `sort` ('-id' is id
 * descending), under an optional prefix; missing or unknown values are the list's defaults.
 */
export function readPageState(params: URLSearchParams, request: ListRequest, prefix = ''): PageState {
  const defaults = defaultPageState(request);
  const size = Number(params.get(`${prefix}size`));
  const page = Number(params.get(`${prefix}page`));
  const sortText = params.get(`${prefix}sort`);
  let sort = defaults.sort;
  if (sortText && /^-?[A-Za-z0-9_/]+$/.test(sortText)) {
    sort = sortText.startsWith('-')
      ? { field: sortText.slice(1), direction: 'desc' }
      : { field: sortText, direction: 'asc' };
  }
  return {
    sort,
    page: Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: pageSizesOf(request).includes(size) ? size : defaults.pageSize,
  };
}

/** Whether the URL sets any of a list's filter criteria (`f.<filter id>`). */
export function hasFilterParams(params: URLSearchParams, prefix = ''): boolean {
  for (const key of params.keys()) if (key.startsWith(`${prefix}f.`)) return true;
  return false;
}

export function pageWindow(state: PageState): { top: number; skip: number } {
  if (state.pageSize === pageSizeAll) return { top: pageSizeMax, skip: 0 };
  return { top: Math.min(state.pageSize, pageSizeMax), skip: state.page * state.pageSize };
}

/**
 * The query parameters of one page of a list (DESIGN §5); `filter` is the whole condition (the
 * list's base filter included).
 */
export function pageQueryParams(
  request: ListRequest,
  state: PageState,
  filter: string | undefined,
  page: { top: number; skip: number } = pageWindow(state),
): Record<string, string> {
  const params: Record<string, string> = {
    $orderby: `${state.sort.field} ${state.sort.direction}`,
    $top: String(page.top),
    $skip: String(page.skip),
    $count: 'true',
  };
  if (filter) params.$filter = filter;
  if (request.expand && request.expand.length > 0) params.$expand = request.expand.join(',');
  if (request.select && request.select.length > 0) params.$select = request.select.join(',');
  return params;
}

/** The query-cache key of every page of a list: invalidate it after a change to refetch. */
export function listKey(request: { path: string }): readonly unknown[] {
  return ['list', request.path];
}

/**
 * Every row of a list, a page of 1000 at a time, up to allRowsMax (the All page size and
 * "export all rows").
 */
export async function fetchAllPages<R>(
  request: ListRequest,
  state: PageState,
  filter: string | undefined,
  signal?: AbortSignal,
): Promise<ListPage<R>> {
  const rows: R[] = [];
  let count = 0;
  for (let skip = 0; skip < allRowsMax; skip += pageSizeMax) {
    const query = pageQueryParams(request, state, filter, { top: Math.min(pageSizeMax, allRowsMax - skip), skip });
    const response = await api.get<R[]>(request.path, { query, ...(signal ? { signal } : {}) });
    rows.push(...response.data);
    count = response.count ?? rows.length;
    if (response.data.length < pageSizeMax || rows.length >= count) break;
  }
  return { rows, count };
}

export async function fetchPage<R>(
  request: ListRequest,
  state: PageState,
  filter: string | undefined,
  signal?: AbortSignal,
): Promise<ListPage<R>> {
  if (state.pageSize === pageSizeAll) return fetchAllPages(request, state, filter, signal);
  const query = pageQueryParams(request, state, filter);
  const response = await api.get<R[]>(request.path, { query, ...(signal ? { signal } : {}) });
  return { rows: response.data, count: response.count ?? response.data.length };
}

/** One page of a list, as a query: its cache key and how it is fetched. */
export function pageQuery<R>(request: ListRequest, state: PageState, filter: string | undefined) {
  const query = pageQueryParams(request, state, filter);
  return {
    queryKey: [...listKey(request), state.pageSize === pageSizeAll ? 'all' : 'page', query] as readonly unknown[],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchPage<R>(request, state, filter, signal),
  };
}

/**
 * The page a list screen shows first for a URL without filter criteria: its sort, page and size
 * read as the screen reads them, under the key the screen's table asks for (use-list.ts).
 */
export function firstPageQuery<R>(request: ListRequest, search: string) {
  return pageQuery<R>(request, readPageState(new URLSearchParams(search), request), combineFilters(request.baseFilter));
}

/**
 * Asks for that page, so that the request leaves as the app starts; the screen's table then
 * finds the page in the cache, or on its way, and asks for nothing. A failure stays quiet here:
 * the screen's own query asks again and shows it.
 */
export function prefetchFirstPage(client: QueryClient, request: ListRequest, search: string): Promise<void> {
  return client.prefetchQuery({ ...firstPageQuery(request, search), meta: { silent: true } });
}
