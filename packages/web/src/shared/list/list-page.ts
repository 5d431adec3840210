import { api } from '../api/api-client';
import { combineFilters } from '../filter/combine-filters';
import { allRowsMax, type ListRequest, pageSizeAll, pageSizeMax, pageSizesDefault, type SortState } from './list-types';

/*
 * A page of a list as the server is asked for it: the URL's sort, page and page size, the query
 * parameters and the query-cache entry. Without the domain's rules, zod or the filter fields, so
 * the app's start-up code asks for a list screen's first page (firstPageQueries) while the
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
  /** The rows matching the list's filter; absent from a page asked for without its count. */
  count?: number;
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
 * list's base filter included). `count: false` leaves out `$count`: a screen's page asks for its
 * rows alone and for the count beside them (countQuery), so the rows of a huge list do not wait
 * for the count.
 */
export function pageQueryParams(
  request: ListRequest,
  state: PageState,
  filter: string | undefined,
  page: { top: number; skip: number } = pageWindow(state),
  options: { count?: boolean } = {},
): Record<string, string> {
  const params: Record<string, string> = {
    $orderby: `${state.sort.field} ${state.sort.direction}`,
    $top: String(page.top),
    $skip: String(page.skip),
  };
  if (options.count ?? true) params.$count = 'true';
  if (filter) params.$filter = filter;
  if (request.expand && request.expand.length > 0) params.$expand = request.expand.join(',');
  if (request.select && request.select.length > 0) params.$select = request.select.join(',');
  return params;
}

/** The query parameters of a list's count alone: no rows (`$top=0`), the filter, `$count=true`. */
export function countQueryParams(filter: string | undefined): Record<string, string> {
  return filter ? { $top: '0', $count: 'true', $filter: filter } : { $top: '0', $count: 'true' };
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

/** One page of a list: its rows, and its count when `withCount` (the All page size always counts). */
export async function fetchPage<R>(
  request: ListRequest,
  state: PageState,
  filter: string | undefined,
  signal?: AbortSignal,
  withCount = true,
): Promise<ListPage<R>> {
  if (state.pageSize === pageSizeAll) return fetchAllPages(request, state, filter, signal);
  const query = pageQueryParams(request, state, filter, pageWindow(state), { count: withCount });
  const response = await api.get<R[]>(request.path, { query, ...(signal ? { signal } : {}) });
  return withCount ? { rows: response.data, count: response.count ?? response.data.length } : { rows: response.data };
}

/**
 * One page of a list's rows, as a query: its cache key and how it is fetched. The count is its
 * own query (countQuery): the rows paint without waiting for it, and a new page of the same
 * filter does not count again. The All page size reads every page and counts as it goes.
 */
export function pageQuery<R>(request: ListRequest, state: PageState, filter: string | undefined) {
  const all = state.pageSize === pageSizeAll;
  const query = pageQueryParams(request, state, filter, pageWindow(state), { count: all });
  return {
    queryKey: [...listKey(request), all ? 'all' : 'page', query] as readonly unknown[],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchPage<R>(request, state, filter, signal, all),
  };
}

/** How many rows match a list's filter, as a query (`$top=0&$count=true`). */
export function countQuery(request: ListRequest, filter: string | undefined) {
  const query = countQueryParams(filter);
  return {
    queryKey: [...listKey(request), 'count', query] as readonly unknown[],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<number> =>
      (await api.get<unknown[]>(request.path, { query, signal })).count ?? 0,
  };
}

/**
 * The page a list screen shows first for a URL without filter criteria: its sort, page and size
 * read as the screen reads them, under the key the screen's table asks for (use-list.ts).
 */
export function firstPageQuery<R>(request: ListRequest, search: string) {
  return pageQuery<R>(request, readPageState(new URLSearchParams(search), request), combineFilters(request.baseFilter));
}

/** The count that page's table shows beside it, under the key the table asks for. */
export function firstCountQuery(request: ListRequest) {
  return countQuery(request, combineFilters(request.baseFilter));
}

/**
 * That page and its count, which the app's start-up code asks for (app/route-data.ts) so that the
 * requests leave as the app starts; the screen's table then finds them in the cache, or on their
 * way, and asks for nothing.
 */
export function firstPageQueries(request: ListRequest, search: string) {
  return [firstPageQuery(request, search), firstCountQuery(request)] as const;
}
