import type { FieldValue } from '../filter/field-rules';
import { buildFilter, combineFilters, type FilterValues } from '../filter/filter-fields';
import { type ListDefinition, pageSizeAll, pageSizeMax, pageSizesDefault, type SortState } from './list-types';

/** What a list shows: filter values, sort, page (0-based) and page size (pageSizeAll for All). */
export interface ListState {
  filters: FilterValues;
  sort: SortState;
  page: number;
  pageSize: number;
}

export function pageSizesOf<R>(definition: Pick<ListDefinition<R>, 'pageSizes'>): readonly number[] {
  return definition.pageSizes && definition.pageSizes.length > 0 ? definition.pageSizes : pageSizesDefault;
}

export function defaultListState<R>(definition: ListDefinition<R>): ListState {
  return { filters: {}, sort: definition.defaultSort, page: 0, pageSize: pageSizesOf(definition)[0] ?? 10 };
}

/**
 * Table sort (investor-and-admin §4): a repeated click on a descending column flips it to
 * ascending; any other click sorts that column descending.
 */
export function nextSort(current: SortState, field: string): SortState {
  if (current.field === field && current.direction === 'desc') return { field, direction: 'asc' };
  return { field, direction: 'desc' };
}

/**
 * List state in the URL (react-admin style): `page` (1-based), `size`, `sort` ('-id' is id
 * descending) and one `f.<filter id>` per criterion, all under an optional prefix so that several
 * lists can share a page. Defaults are left out, so a plain /loans is the default list.
 */
export function readListState<R>(params: URLSearchParams, definition: ListDefinition<R>, prefix = ''): ListState {
  const defaults = defaultListState(definition);
  const sizes = pageSizesOf(definition);
  const size = Number(params.get(`${prefix}size`));
  const page = Number(params.get(`${prefix}page`));
  const sortText = params.get(`${prefix}sort`);
  let sort = defaults.sort;
  if (sortText && /^-?[A-Za-z0-9_/]+$/.test(sortText)) {
    sort = sortText.startsWith('-')
      ? { field: sortText.slice(1), direction: 'desc' }
      : { field: sortText, direction: 'asc' };
  }
  const filters: Record<string, FieldValue> = {};
  for (const field of definition.filterFields ?? []) {
    const values = params.getAll(`${prefix}f.${field.id}`).filter((v) => v !== '');
    if (values.length === 0) continue;
    filters[field.id] = field.type === 'file' || field.multiple ? values : values[0];
  }
  return {
    filters,
    sort,
    page: Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: sizes.includes(size) ? size : defaults.pageSize,
  };
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

/** The query parameters of one page of a list (DESIGN §5). */
export function listQueryParams<R>(
  definition: ListDefinition<R>,
  state: ListState,
  extraFilter?: string,
  page: { top: number; skip: number } = pageWindow(state),
): Record<string, string> {
  const params: Record<string, string> = {
    $orderby: `${state.sort.field} ${state.sort.direction}`,
    $top: String(page.top),
    $skip: String(page.skip),
    $count: 'true',
  };
  const filter = combineFilters(
    definition.baseFilter,
    extraFilter,
    buildFilter(definition.filterFields ?? [], state.filters),
  );
  if (filter) params.$filter = filter;
  if (definition.expand && definition.expand.length > 0) params.$expand = definition.expand.join(',');
  if (definition.select && definition.select.length > 0) params.$select = definition.select.join(',');
  return params;
}

export function pageWindow(state: ListState): { top: number; skip: number } {
  if (state.pageSize === pageSizeAll) return { top: pageSizeMax, skip: 0 };
  return { top: Math.min(state.pageSize, pageSizeMax), skip: state.page * state.pageSize };
}
