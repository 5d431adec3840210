import type { FieldValue } from '../filter/field-rules';
import { buildFilter, combineFilters, type FilterValues } from '../filter/filter-fields';
import { defaultPageState, type PageState, pageQueryParams, pageWindow, readPageState } from './list-page';
import type { ListDefinition, SortState } from './list-types';

export { pageSizesOf, pageWindow } from './list-page';

/** What a list shows: filter values, sort, page (0-based) and page size (pageSizeAll for All). */
export interface ListState extends PageState {
  filters: FilterValues;
}

export function defaultListState<R>(definition: ListDefinition<R>): ListState {
  return { filters: {}, ...defaultPageState(definition) };
}

/**
 * Table sort (investor-and-admin §4): a repeated click on a descending column flips it to
 * ascending; any other click sorts that column descending.
 */
export function nextSort(current: SortState | undefined, field: string): SortState {
  if (current?.field === field && current.direction === 'desc') return { field, direction: 'asc' };
  return { field, direction: 'desc' };
}

/**
 * List state in the URL (react-admin style): `page` (1-based), `size`, `sort` ('-id' is id
 * descending) and one `f.<filter id>` per criterion, all under an optional prefix so that several
 * lists can share a page. Defaults are left out, so a plain /loans is the default list.
 */
export function readListState<R>(params: URLSearchParams, definition: ListDefinition<R>, prefix = ''): ListState {
  const filters: Record<string, FieldValue> = {};
  for (const field of definition.filterFields ?? []) {
    const values = params.getAll(`${prefix}f.${field.id}`).filter((v) => v !== '');
    if (values.length === 0) continue;
    filters[field.id] = field.type === 'file' || field.multiple ? values : values[0];
  }
  return { filters, ...readPageState(params, definition, prefix) };
}

export function writeListState<R>(
  params: URLSearchParams,
  state: ListState,
  definition: ListDefinition<R>,
  prefix = '',
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...next.keys()]) {
    if (
      key === `${prefix}page` ||
      key === `${prefix}size` ||
      key === `${prefix}sort` ||
      key.startsWith(`${prefix}f.`)
    ) {
      next.delete(key);
    }
  }
  const defaults = defaultListState(definition);
  if (state.page > 0) next.set(`${prefix}page`, String(state.page + 1));
  if (state.pageSize !== defaults.pageSize) next.set(`${prefix}size`, String(state.pageSize));
  if (state.sort.field !== defaults.sort.field || state.sort.direction !== defaults.sort.direction) {
    next.set(`${prefix}sort`, `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`);
  }
  for (const field of definition.filterFields ?? []) {
    const value = state.filters[field.id];
    const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== '') next.append(`${prefix}f.${field.id}`, String(v));
  }
  return next;
}

/** A link to a list with criteria set (the dashboard's Loans Status row opens /loans filtered). */
export function listHref<R>(path: string, definition: ListDefinition<R>, filters: FilterValues, prefix = ''): string {
  const state = { ...defaultListState(definition), filters };
  const search = writeListState(new URLSearchParams(), state, definition, prefix).toString();
  return search ? `${path}?${search}` : path;
}

/** The whole condition of a list's page: its base filter, the screen's and the criteria set. */
export function listFilter<R>(
  definition: ListDefinition<R>,
  state: ListState,
  extraFilter?: string,
): string | undefined {
  return combineFilters(definition.baseFilter, extraFilter, buildFilter(definition.filterFields ?? [], state.filters));
}

/** The query parameters of one page of a list (DESIGN §5). */
export function listQueryParams<R>(
  definition: ListDefinition<R>,
  state: ListState,
  extraFilter?: string,
  page: { top: number; skip: number } = pageWindow(state),
): Record<string, string> {
  return pageQueryParams(definition, state, listFilter(definition, state, extraFilter), page);
}
