import { describe, expect, it } from 'vitest';
import type { FilterField } from '../filter/filter-fields';
import { listHref, listQueryParams, nextSort, readListState, writeListState } from './list-state';
import { defineList, pageSizeAll, pageSizesWithAll } from './list-types';

const fields: FilterField[] = [
  {
    id: 'status',
    label: 'Status',
    field: 'status',
    type: 'selection',
    options: [{ value: 'ACTIVE', label: 'Active' }],
  },
  { id: 'name', label: 'Name', field: 'name', type: 'string' },
  { id: 'ids', label: 'IDs', field: 'id', type: 'file' },
];
const loans = defineList({
  id: 'loans',
  path: '/api/loans',
  title: 'Loans',
  columns: [{ field: 'id', header: 'ID' }],
  filterFields: fields,
  defaultSort: { field: 'id', direction: 'desc' },
});

describe('sort toggle', () => {
  it('flips a descending column to ascending and sorts anything else descending', () => {
    expect(nextSort({ field: 'id', direction: 'desc' }, 'id')).toEqual({ field: 'id', direction: 'asc' });
    expect(nextSort({ field: 'id', direction: 'asc' }, 'id')).toEqual({ field: 'id', direction: 'desc' });
    expect(nextSort({ field: 'id', direction: 'asc' }, 'amount')).toEqual({ field: 'amount', direction: 'desc' });
    // a table without a sort yet (a table of rows in the browser) sorts descending first too
    expect(nextSort(undefined, 'amount')).toEqual({ field: 'amount', direction: 'desc' });
  });
});

describe('list state in the URL', () => {
  it('reads defaults from an empty URL', () => {
    expect(readListState(new URLSearchParams(), loans)).toEqual({
      filters: {},
      sort: { field: 'id', direction: 'desc' },
      page: 0,
      pageSize: 10,
    });
  });

  it('round-trips filters, sort, page and size, leaving other parameters alone', () => {
    const state = {
      filters: { status: 'ACTIVE', name: "O'Brien", ids: ['1', '2'] },
      sort: { field: 'loan/status', direction: 'asc' as const },
      page: 2,
      pageSize: 25,
    };
    const params = writeListState(new URLSearchParams('tab=2'), state, loans);
    expect(params.get('tab')).toBe('2');
    expect(params.get('page')).toBe('3');
    expect(params.get('sort')).toBe('loan/status');
    expect(readListState(params, loans)).toEqual(state);
  });

  it('leaves defaults out of the URL and ignores bad values', () => {
    expect(writeListState(new URLSearchParams(), readListState(new URLSearchParams(), loans), loans).toString()).toBe(
      '',
    );
    const state = readListState(new URLSearchParams('page=-3&size=7&sort=id;drop'), loans);
    expect(state.page).toBe(0);
    expect(state.pageSize).toBe(10);
    expect(state.sort).toEqual({ field: 'id', direction: 'desc' });
  });

  it('keeps two lists apart with prefixes', () => {
    const params = writeListState(
      new URLSearchParams('page=2'),
      { filters: {}, sort: { field: 'id', direction: 'desc' }, page: 4, pageSize: 10 },
      loans,
      'inv.',
    );
    expect(params.get('page')).toBe('2');
    expect(params.get('inv.page')).toBe('5');
  });

  it('accepts All only where offered', () => {
    const withAll = { ...loans, pageSizes: pageSizesWithAll };
    expect(readListState(new URLSearchParams('size=-1'), withAll).pageSize).toBe(pageSizeAll);
    expect(readListState(new URLSearchParams('size=-1'), loans).pageSize).toBe(10);
  });

  it('links to a filtered list', () => {
    expect(listHref('/loans', loans, { status: 'ACTIVE' })).toBe('/loans?f.status=ACTIVE');
  });
});

describe('query parameters', () => {
  it('asks for one page, sorted, counted and filtered', () => {
    const params = listQueryParams(
      { ...loans, baseFilter: "type ne 'REVERSAL'", expand: ['loan'] },
      { filters: { name: 'acme' }, sort: { field: 'amount', direction: 'asc' }, page: 2, pageSize: 25 },
      'clientId eq 5',
    );
    expect(params).toEqual({
      $orderby: 'amount asc',
      $top: '25',
      $skip: '50',
      $count: 'true',
      $filter: "(type ne 'REVERSAL') and (clientId eq 5) and (contains(name,'acme'))",
      $expand: 'loan',
    });
  });

  it('keeps an or of the base filter inside it when the dialog adds criteria', () => {
    const params = listQueryParams(
      { ...loans, baseFilter: "(status eq 'ACTIVE') or (status eq 'FUNDING')" },
      { filters: { name: 'acme' }, sort: { field: 'id', direction: 'desc' }, page: 0, pageSize: 10 },
    );
    expect(params.$filter).toBe("((status eq 'ACTIVE') or (status eq 'FUNDING')) and (contains(name,'acme'))");
  });

  it('asks for the first 1000 for All', () => {
    const params = listQueryParams(loans, {
      filters: {},
      sort: { field: 'id', direction: 'desc' },
      page: 3,
      pageSize: pageSizeAll,
    });
    expect(params.$top).toBe('1000');
    expect(params.$skip).toBe('0');
  });
});
