import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FilterValues } from '../filter/filter-fields';
import { countQuery, fetchAllPages, fetchPage, type ListPage, pageQuery } from './list-page';
import { defaultListState, type ListState, listFilter, readListState, writeListState } from './list-state';
import { type ListDefinition, pageSizeAll, type SortState } from './list-types';

export { type ListPage, listKey } from './list-page';

/**
 * Every row of a list, a page of 1000 at a time, up to allRowsMax (the All page size and
 * "export all rows").
 */
export function fetchAllRows<R>(
  definition: ListDefinition<R>,
  state: ListState,
  extraFilter?: string,
  signal?: AbortSignal,
): Promise<ListPage<R>> {
  return fetchAllPages(definition, state, listFilter(definition, state, extraFilter), signal);
}

export function fetchListPage<R>(
  definition: ListDefinition<R>,
  state: ListState,
  extraFilter?: string,
  signal?: AbortSignal,
): Promise<ListPage<R>> {
  return fetchPage(definition, state, listFilter(definition, state, extraFilter), signal);
}

/**
 * One page of a list for a state, as a query: its cache key and how it is fetched (the key of a
 * page without criteria is the one the start-up code asks for (firstPageQueries)).
 */
export function listPageQuery<R>(definition: ListDefinition<R>, state: ListState, extraFilter?: string) {
  return queryOptions(pageQuery<R>(definition, state, listFilter(definition, state, extraFilter)));
}

/** How many rows match a list's state (its filters; not its sort or page), as a query. */
export function listCountQuery<R>(definition: ListDefinition<R>, state: ListState, extraFilter?: string) {
  return queryOptions(countQuery(definition, listFilter(definition, state, extraFilter)));
}

/**
 * The list adapter (STYLE §5, react-admin's getList): one page of a list for a state, through
 * TanStack Query. The previous page stays on screen while the next one loads.
 */
export function useList<R>(definition: ListDefinition<R>, state: ListState, extraFilter?: string) {
  return useQuery({ ...listPageQuery(definition, state, extraFilter), placeholderData: keepPreviousData });
}

/**
 * The count of a list's rows for a state, asked for beside its page (useList) so the rows paint
 * without waiting for it; a new page or sort of the same filters reuses it. The All page size
 * counts with its rows, so it asks for nothing more.
 */
export function useListCount<R>(definition: ListDefinition<R>, state: ListState, extraFilter?: string) {
  return useQuery({ ...listCountQuery(definition, state, extraFilter), enabled: state.pageSize !== pageSizeAll });
}

/**
 * Asks for the page a list screen will show for this URL (its list state, filters included, read
 * from the query string, as useListState reads it), so the request runs while the screen's code
 * still loads; the screen's useList then finds it in the cache. A failure stays quiet here: the
 * screen's own query asks again and shows it.
 */
export async function prefetchListPage<R>(
  client: QueryClient,
  definition: ListDefinition<R>,
  search: string,
): Promise<void> {
  const state = readListState(new URLSearchParams(search), definition);
  await Promise.all([
    client.prefetchQuery({ ...listPageQuery(definition, state), meta: { silent: true } }),
    client.prefetchQuery({ ...listCountQuery(definition, state), meta: { silent: true } }),
  ]);
}

export interface ListStateController {
  state: ListState;
  setFilters(filters: FilterValues): void;
  setSort(sort: SortState): void;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  /** One change of page and size (a new size starts again at the first page). */
  setPagination(page: number, pageSize: number): void;
}

/**
 * A list's state, in the URL by default (so the back button, reloads and shared links keep the
 * filter, sort and page), or in memory with `{ inUrl: false }` for secondary tables. `prefix`
 * keeps two lists of one page apart in the URL.
 */
export function useListState<R>(
  definition: ListDefinition<R>,
  options: { prefix?: string; inUrl?: boolean } = {},
): ListStateController {
  const def = definition;
  const prefix = options.prefix ?? '';
  const inUrl = options.inUrl ?? true;
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<ListState>(() => defaultListState(def));
  const paramsText = params.toString();
  const state = useMemo(
    () => (inUrl ? readListState(new URLSearchParams(paramsText), def, prefix) : local),
    [inUrl, paramsText, local, prefix, def],
  );
  const update = useCallback(
    (next: ListState) => {
      if (inUrl) setParams((current) => writeListState(current, next, def, prefix));
      else setLocal(next);
    },
    [inUrl, setParams, def, prefix],
  );
  return {
    state,
    setFilters: (filters) => update({ ...state, filters, page: 0 }),
    setSort: (sort) => update({ ...state, sort, page: 0 }),
    setPage: (page) => update({ ...state, page }),
    setPageSize: (pageSize) => update({ ...state, pageSize, page: 0 }),
    setPagination: (page, pageSize) => {
      if (pageSize !== state.pageSize) update({ ...state, pageSize, page: 0 });
      else if (page !== state.page) update({ ...state, page });
    },
  };
}
