import { displayMessages } from '@lm/domain';
import Box from '@mui/material/Box';
import { DataGrid, type GridSortModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { nextSort } from '../list/list-state';
import { type Column, pageSizeAll, pageSizesDefault, type SortState } from '../list/list-types';
import { toGridColumns } from './grid-columns';
import { NoRowsOverlay } from './no-rows';
import { openRowOnKey } from './row-keys';

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
  /** Rows grow to fit their cells (wrapped text such as the staged receipts' Issue) instead of cutting them off. */
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
  const gridColumns = useMemo(() => toGridColumns(columns), [columns]);
  const [sort, setSort] = useState<SortState | undefined>(defaultSort);
  const sortModel: GridSortModel = useMemo(() => (sort ? [{ field: sort.field, sort: sort.direction }] : []), [sort]);
  return (
    <Box sx={height ? { height } : undefined}>
      <DataGrid
        label={label}
        autoHeight={!height}
        rows={rows as R[] as object[]}
        columns={gridColumns}
        getRowId={(row) => getRowId(row as R)}
        loading={loading ?? false}
        {...(autoRowHeight ? { getRowHeight: () => 'auto' as const } : {})}
        sortingOrder={['desc', 'asc']}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const field = model[0]?.field;
          if (field) setSort(sort ? nextSort(sort, field) : { field, direction: 'desc' });
        }}
        initialState={{ pagination: { paginationModel: { pageSize: pageSizes[0] ?? 10 } } }}
        pageSizeOptions={pageSizes.map((size) => (size === pageSizeAll ? { value: -1, label: 'All' } : size))}
        onRowClick={onRowClick ? (params) => onRowClick(params.row as R) : undefined}
        onCellKeyDown={(params, event) => openRowOnKey(params.field, params.row as R, event, onRowClick)}
        checkboxSelection={selection !== undefined}
        // select-all names every row (an 'exclude' model would reach onChange as no ids at all)
        disableRowSelectionExcludeModel
        {...(selection
          ? {
              rowSelectionModel: { type: 'include' as const, ids: new Set(selection.selected) },
              onRowSelectionModelChange: (model: { ids: Set<string | number> }) => selection.onChange([...model.ids]),
            }
          : { disableRowSelectionOnClick: true })}
        disableColumnFilter
        disableColumnMenu
        localeText={{ noRowsLabel: displayMessages.noData }}
        slots={{ noRowsOverlay: NoRowsOverlay }}
        slotProps={{ noRowsOverlay: error && rows.length === 0 ? { error, ...(onRetry ? { onRetry } : {}) } : {} }}
        sx={{ ...(onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}) }}
      />
    </Box>
  );
}
