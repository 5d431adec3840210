import type { GridColDef } from '@mui/x-data-grid';
import { formatCell, isSortable, rawValue, sortFieldOf } from '../list/columns';
import type { Column, ColumnKind } from '../list/list-types';

const numericKinds: readonly ColumnKind[] = ['integer', 'money', 'moneyCompact', 'percent', 'rate4'];

/** Our column declarations as DataGrid columns: the grid's field is the sort path. */
export function toGridColumns<R>(columns: readonly Column<R>[]): GridColDef[] {
  return columns.map((column) => {
    const numeric = numericKinds.includes(column.kind ?? 'text');
    const def: GridColDef = {
      field: sortFieldOf(column),
      headerName: column.header,
      sortable: isSortable(column),
      align: numeric ? 'right' : 'left',
      headerAlign: numeric ? 'right' : 'left',
      valueGetter: (_value, row) => rawValue(column, row as R),
      renderCell: column.render
        ? (params) => column.render?.(params.row as R)
        : (params) => formatCell(column, params.row as R),
    };
    if (column.width !== undefined) def.width = column.width;
    if (column.flex !== undefined) def.flex = column.flex;
    else if (column.width === undefined) def.flex = 1;
    if (def.flex !== undefined) def.minWidth = column.minWidth ?? 120;
    return def;
  });
}
