import { useMemo, useState } from 'react';
import { nextSort } from '../list/list-state';
import { type Column, pageSizesDefault, type SortState } from '../list/list-types';
import { lastPage, pageRows, sortRows } from './client-rows';
import { GridTable } from './grid-table';

export interface DataTableProps<R> {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  columns: readonly Column<R>[];
  getRowId: (row: R) => string | number;
  defaultSort?: SortState;
  pageSizes?: readonly number[];
  onRowClick?: (row: R) => void;
  loading?: boolean;
  /** The rows could not be fetched: the table shows this error (and Retry) instead of 'No data to display'. */
  error?: unknown;
  onRetry?: () => void;
  height?: number;
  /** Rows grow to fit their cells (wrapped text such as the staged receipts' Issue) instead of one line a row. */
  autoRowHeight?: boolean;
  /** Checkbox selection (staged receipts, excess repayments). */
  selection?: { selected: readonly (string | number)[]; onChange: (ids: (string | number)[]) => void };
}

/** A table of rows already in the browser (staged uploads, statistics): the same columns and texts as ServerTable. */
export function DataTable<R>({
  label,
  rows,
  columns,
  getRowId,
  defaultSort,
  pageSizes = pageSizesDefault,
  onRowClick,
  loading,
  error,
  onRetry,
  height,
  autoRowHeight,
  selection,
}: DataTableProps<R>) {
  const [sort, setSort] = useState<SortState | undefined>(defaultSort);
  const [pageSize, setPageSize] = useState(pageSizes[0] ?? 10);
  const [requestedPage, setPage] = useState(0);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  // rows that went (fractionalised, published) can leave the page past the end: show the last one
  const page = Math.min(requestedPage, lastPage(sorted.length, pageSize));
  const shown = useMemo(() => pageRows(sorted, page, pageSize), [sorted, page, pageSize]);
  const allIds = useMemo(() => sorted.map(getRowId), [sorted, getRowId]);
  return (
    <GridTable
      label={label}
      rows={shown}
      columns={columns}
      getRowId={getRowId}
      sort={sort}
      onSort={(field) => {
        setSort(nextSort(sort, field));
        setPage(0);
      }}
      page={page}
      pageSize={pageSize}
      rowCount={sorted.length}
      pageSizes={pageSizes}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(0);
      }}
      loading={loading}
      onRowClick={onRowClick}
      height={height}
      wrap={autoRowHeight}
      selection={selection ? { ...selection, allIds } : undefined}
      error={error}
      onRetry={onRetry}
    />
  );
}
