import type { ReactNode } from 'react';
import type { FilterField } from '../filter/filter-fields';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  /** An API field path as $orderby takes it: 'amount', 'loan/status'. */
  field: string;
  direction: SortDirection;
}

/** Page sizes of spec core §9: 10, 25, 50, 100 (10 default); some lists add All. */
export const pageSizesDefault: readonly number[] = [10, 25, 50, 100];
/** 'All' as a page size. */
export const pageSizeAll = -1;
export const pageSizesWithAll: readonly number[] = [...pageSizesDefault, pageSizeAll];
/** One request asks for at most this many rows (the server's $top limit). */
export const pageSizeMax = 1000;
/** 'All' and 'export all rows' stop here, so a browser never holds an unbounded list. */
export const allRowsMax = 10_000;

export type ColumnKind =
  | 'text'
  | 'integer'
  | 'money'
  | 'moneyCompact'
  | 'percent'
  | 'rate4'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'enum';

export type Row = Record<string, unknown>;

/**
 * One column of a list: drives the table cell, its sorting and the CSV export. `field` is the API
 * path ('loan/thirdPartyId' reads row.loan.thirdPartyId, from an $expand).
 */
export interface Column<R = Row> {
  field: string;
  header: string;
  kind?: ColumnKind;
  /** Labels of an enum's values ('ACTIVE' -> 'Active'). */
  labels?: Readonly<Record<string, string>>;
  /** A derived value (not sortable unless `sortable` is set). */
  value?: (row: R) => unknown;
  /** A custom cell (the export still uses the value). */
  render?: (row: R) => ReactNode;
  /** The cell stays on one line, as a date or an amount does (a date shown through `value` or `render`). */
  oneLine?: boolean;
  sortable?: boolean;
  /** Sort by another API field than `field` (e.g. a derived column). */
  sortField?: string;
  width?: number;
  flex?: number;
  /** The least width of a flexible column (default 100 px: a line of about twelve characters). */
  minWidth?: number;
  exportable?: boolean;
}

/**
 * What a list asks the server for, before any filter: its endpoint and defaults. A list screen's
 * module of it has no zod and no domain rules, so the app asks for the first page as it starts
 * (app/route-preload.ts), and the list's definition spreads it: each default is written once.
 */
export interface ListRequest {
  /** Stable id: the query-cache key and the export file name. */
  id: string;
  /** GET path of the list endpoint, e.g. '/api/loans'. */
  path: string;
  defaultSort: SortState;
  /** Page sizes; the first is the default (pageSizeAll offers All). */
  pageSizes?: readonly number[];
  /** The unique row field (default 'id'). */
  idField?: string;
  expand?: readonly string[];
  select?: readonly string[];
  /** A condition always applied (e.g. "type ne 'REVERSAL'"); trusted text written by us. */
  baseFilter?: string;
}

/** Declares a list's request with its types checked (an identity function). */
export function defineListRequest<const L extends ListRequest>(request: L): L {
  return request;
}

/**
 * A server-paged list (DESIGN §5, STYLE §5): the endpoint, its columns, its filter fields and
 * its defaults. A screen declares one and gets paging, sorting, filtering and export.
 */
export interface ListDefinition<R = Row> extends ListRequest {
  /** Plural noun for headings and messages ('Loans'). */
  title: string;
  columns: readonly Column<R>[];
  filterFields?: readonly FilterField[];
}

export function idOf<R>(definition: ListDefinition<R>, row: R): string | number {
  const value = (row as Row)[definition.idField ?? 'id'];
  return typeof value === 'number' ? value : String(value);
}

/** Reads a field path ('loan/thirdPartyId' or 'loan.thirdPartyId') from a row. */
export function readPath(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split(/[/.]/)) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Declares a list with its types checked (an identity function). */
export function defineList<R = Row>(definition: ListDefinition<R>): ListDefinition<R> {
  return definition;
}
