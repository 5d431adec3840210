import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../api/api-client';
import type { FilterValues } from '../filter/filter-fields';
import { defaultListState, type ListState, listQueryParams, readListState, writeListState } from './list-state';
import { allRowsMax, type ListDefinition, pageSizeAll, pageSizeMax, type SortState } from './list-types';

export interface ListPage<R> {
  rows: R[];
  count: number;
}

/** The query-cache key of every page of a list: invalidate it after a change to refetch. */
export function listKey(definition: { path: string }): readonly unknown[] {
  return ['list', definition.path];
}

/**
 * Every row of a list, a page of 1000 at a time, up to allRowsMax (the All page size and
 * "export all rows").
 */
export async function fetchAllRows<R>(
  definition: ListDefinition<R>,
  state: ListState,
  extraFilter?: string,
  signal?: AbortSignal,
): Promise<ListPage<R>> {
  const rows: R[] = [];
  let count = 0;
  for (let skip = 0; skip < allRowsMax; skip += pageSizeMax) {
    const query = listQueryParams(definition, state, extraFilter, {
      top: Math.min(pageSizeMax, allRowsMax - skip),
      skip,
    });
    const response = await api.get<R[]>(definition.path, { query, ...(signal ? { signal } : {}) });
    rows.push(...response.data);
    count = response.count ?? rows.length;
    if (response.data.length < pageSizeMax || rows.length >= count) break;
  }
  return { rows, count };
}

export async function fetchListPage<R>(
  definition: ListDefinition<R>,
  state: ListState,
  extraFilter?: string,
  signal?: AbortSignal,
): Promise<ListPage<R>> {
  if (state.pageSize === pageSizeAll) return fetchAllRows(definition, state, extraFilter, signal);
  const query = listQueryParams(definition, state, extraFilter);
  const response = await api.get<R[]>(definition.path, { query, ...(signal ? { signal } : {}) });
  return { rows: response.data, count: response.count ?? response.data.length };
}

/** One page of a list for a state, as a query: its cache key and how it is fetched. */
export function listPageQuery<R>(definition: ListDefinition<R>, state: ListState, extraFilter?: string) {
  const query = listQueryParams(definition, state, extraFilter);
  return queryOptions({
    queryKey: [...listKey(definition), state.pageSize === pageSizeAll ? 'all' : 'page', query],
    queryFn: ({ signal }) => fetchListPage(definition, state, extraFilter, signal),
  });
}

/**
 * The list adapter (STYLE §5, react-admin's getList): one page of a list for a state, through
 * TanStack Query. The previous page stays on screen while the next one loads.
 */
export function useList<R>(definition: ListDefinition<R>, state: ListState, extraFilter?: string) {
  return useQuery({ ...listPageQuery(definition, state, extraFilter), placeholderData: keepPreviousData });
}

/**
 * Asks for the page a list screen will show for this URL (its list state read from the query
 * string, as useListState reads it), so the request runs while the screen's code still loads;
 * the screen's useList then finds it in the cache. A failure stays quiet here: the screen's own
 * query asks again and shows it.
 */
export function prefetchListPage<R>(client: QueryClient, definition: ListDefinition<R>, search: string): Promise<void> {
  const state = readListState(new URLSearchParams(search), definition);
  return client.prefetchQuery({ ...listPageQuery(definition, state), meta: { silent: true } });
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
