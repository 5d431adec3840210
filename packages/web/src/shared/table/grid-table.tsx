import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatCell, isSortable, sortFieldOf } from '../list/columns';
import { type Column, type ColumnKind, pageSizeAll, type SortState } from '../list/list-types';
import { type CellPosition, clampCell, moveCell } from './grid-keys';
import { NoRowsOverlay } from './no-rows';
import { checkboxField, openRowOnKey } from './row-keys';

type RowId = string | number;

const numericKinds: readonly ColumnKind[] = ['integer', 'money', 'moneyCompact', 'percent', 'rate4'];
const isNumeric = <R,>(column: Column<R>) => numericKinds.includes(column.kind ?? 'text');
/** A column without a width is at least this wide: a line of about twelve characters of body text. */
const flexibleColumnMinWidth = 100;

/** A body cell's class: a number's (right-aligned, one line) or a date's (one line); other text breaks at spaces when the table would not fit. */
const bodyCellClass = <R,>(column: Column<R>) =>
  isNumeric(column)
    ? 'num'
    : column.oneLine || column.kind === 'date' || column.kind === 'datetime'
      ? 'one-line'
      : undefined;

export interface GridTableProps<R> {
  /** The table's accessible name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** The rows of the page shown. */
  rows: readonly R[];
  columns: readonly Column<R>[];
  getRowId: (row: R) => RowId;
  sort: SortState | undefined;
  onSort: (field: string) => void;
  /** Page from 0; pageSize -1 is All; rowCount -1 while it is not known. */
  page: number;
  pageSize: number;
  rowCount: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** New rows are on their way: a bar above the table, the rows shown stay. */
  loading?: boolean;
  onRowClick?: ((row: R) => void) | undefined;
  /** Fixed height in px, the header kept in view; by default the table grows with its rows. */
  height?: number | undefined;
  /**
   * Cells break long words too (file names, comments), and rows grow to fit. Without it, text
   * breaks only at spaces and only when the table would not fit; numbers never break.
   */
  wrap?: boolean | undefined;
  /** Checkbox selection; select-all names every row of the table (`allIds`), not only the page's. */
  selection?: { selected: readonly RowId[]; allIds: readonly RowId[]; onChange: (ids: RowId[]) => void } | undefined;
  /** The rows could not be fetched: without rows, the body shows it with Retry instead of 'No data to display'. */
  error?: unknown;
  onRetry?: (() => void) | undefined;
}

const ignoreChange = () => undefined;

const cellKey = (position: CellPosition) => `${position.row}-${position.col}`;

function positionOf(element: HTMLElement): CellPosition | null {
  const [row, col] = (element.dataset.cell ?? '').split('-').map(Number);
  return row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col) ? null : { row, col };
}

/** A control inside a cell (the row's checkbox, a link or button a column renders) keeps its own keys and clicks. */
function isControl(target: HTMLElement, cell: HTMLElement): boolean {
  const control = target.closest('input, button, a, [role="button"], [role="checkbox"]');
  return control !== null && control !== cell && cell.contains(control);
}

interface BodyRowProps<R> {
  row: R;
  id: RowId;
  /** Index on the page (0 first); the grid row is index + 1, the header being 0. */
  index: number;
  ariaRowIndex: number;
  columns: readonly Column<R>[];
  checkbox: boolean;
  selected: boolean;
  /** The column of this row's cell that is the table's tab stop, or -1. */
  activeCol: number;
}

/** One body row: plain cells styled by the table, re-rendered only when its row, selection or tab stop change. */
const BodyRow = memo(function BodyRow<R>({
  row,
  id,
  index,
  ariaRowIndex,
  columns,
  checkbox,
  selected,
  activeCol,
}: BodyRowProps<R>) {
  const gridRow = index + 1;
  const offset = checkbox ? 1 : 0;
  return (
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: an ARIA grid's rows carry their role as an attribute
      role="row"
      data-id={id}
      data-rowindex={index}
      aria-rowindex={ariaRowIndex}
      aria-selected={checkbox ? selected : undefined}
    >
      {checkbox && (
        <td
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of an ARIA grid (focusable, its keys handled by the table)
          role="gridcell"
          className="check"
          data-field={checkboxField}
          data-cell={cellKey({ row: gridRow, col: 0 })}
          tabIndex={activeCol === 0 ? 0 : -1}
        >
          {/* the table's click handler ticks it (one handler for the row's cells and its checkbox) */}
          <Checkbox
            size="small"
            checked={selected}
            onChange={ignoreChange}
            tabIndex={-1}
            slotProps={{ input: { 'aria-label': 'Select row' } }}
          />
        </td>
      )}
      {columns.map((column, c) => (
        <td
          key={column.field}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of an ARIA grid (focusable, its keys handled by the table)
          role="gridcell"
          className={bodyCellClass(column)}
          data-field={sortFieldOf(column)}
          data-cell={cellKey({ row: gridRow, col: c + offset })}
          tabIndex={activeCol === c + offset ? 0 : -1}
        >
          {column.render ? column.render(row) : formatCell(column, row)}
        </td>
      ))}
    </tr>
  );
}) as <R>(props: BodyRowProps<R>) => ReactNode;

/**
 * The table of every list and every table of rows in the browser: Material UI's Table with sortable
 * headers, a page footer (10, 25, 50, 100 or All), row click and Enter to open a row, checkbox
 * selection, and the ARIA grid's keyboard (one tab stop; arrows, Home, End, Page Up and Page Down
 * move between cells; Enter or Space sorts by a header, opens a row, or ticks its checkbox).
 */
export function GridTable<R>({
  label,
  labelledBy,
  rows,
  columns,
  getRowId,
  sort,
  onSort,
  page,
  pageSize,
  rowCount,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  loading,
  onRowClick,
  height,
  wrap,
  selection,
  error,
  onRetry,
}: GridTableProps<R>) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<CellPosition>({ row: 0, col: 0 });
  const checkbox = selection !== undefined;
  const offset = checkbox ? 1 : 0;
  const bounds = { rows: rows.length + 1, cols: columns.length + offset, pageRows: Math.max(1, rows.length) };
  const tabStop = clampCell(active, bounds);
  const selected = useMemo(() => new Set(selection?.selected ?? []), [selection?.selected]);
  const firstRowIndex = pageSize === pageSizeAll ? 0 : page * pageSize;

  const toggleRow = useCallback(
    (id: RowId) => {
      if (!selection) return;
      selection.onChange(selected.has(id) ? selection.selected.filter((s) => s !== id) : [...selection.selected, id]);
    },
    [selection, selected],
  );
  const allSelected = checkbox && selection.allIds.length > 0 && selection.allIds.every((id) => selected.has(id));
  const someSelected = checkbox && !allSelected && selection.allIds.some((id) => selected.has(id));
  const toggleAll = () => selection?.onChange(allSelected ? [] : [...selection.allIds]);

  const focusCell = (position: CellPosition) => {
    setActive(position);
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${cellKey(position)}"]`)?.focus();
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>('[data-cell]');
    const position = cell ? positionOf(cell) : null;
    if (!cell || !position) return;
    if (position.row !== active.row || position.col !== active.col) setActive(position);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>('[data-cell]');
    const position = cell ? positionOf(cell) : null;
    if (!cell || !position || isControl(target, cell)) return;
    const next = event.altKey ? null : moveCell(position, event.key, bounds, event);
    if (next) {
      event.preventDefault();
      focusCell(next);
      return;
    }
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (position.row === 0) {
      const column = columns[position.col - offset];
      if (checkbox && position.col === 0 && event.key === ' ') {
        event.preventDefault();
        toggleAll();
      } else if (column && isSortable(column)) {
        event.preventDefault();
        onSort(sortFieldOf(column));
      }
      return;
    }
    const row = rows[position.row - 1];
    if (row === undefined) return;
    const column = columns[position.col - offset];
    const field = checkbox && position.col === 0 ? checkboxField : column ? sortFieldOf(column) : '';
    if (checkbox && event.key === ' ' && (field === checkboxField || !onRowClick)) {
      event.preventDefault();
      toggleRow(getRowId(row));
      return;
    }
    openRowOnKey(field, row, event, onRowClick);
  };

  const onClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    const target = event.target as HTMLElement;
    const tr = target.closest<HTMLElement>('tr[data-rowindex]');
    const row = tr ? rows[Number(tr.dataset.rowindex)] : undefined;
    if (!tr || row === undefined) return;
    const cell = target.closest<HTMLElement>('[data-cell]');
    const onCheckbox = cell?.dataset.field === checkboxField;
    if (onCheckbox || (cell && isControl(target, cell))) {
      // the checkbox's own click: tick the row (a click in its cell's padding does too)
      if (onCheckbox) toggleRow(getRowId(row));
      return;
    }
    if (onRowClick) onRowClick(row);
    else if (checkbox) toggleRow(getRowId(row));
  };

  const sortHeader = (column: Column<R>, col: number) => {
    const field = sortFieldOf(column);
    const sorted = sort?.field === field ? sort.direction : undefined;
    const numeric = isNumeric(column);
    return (
      <TableCell
        key={column.field}
        role="columnheader"
        align={numeric ? 'right' : 'left'}
        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
        className={
          [numeric && 'num', column.width !== undefined && 'sized', sorted && 'sorted', sorted === 'asc' && 'asc']
            .filter(Boolean)
            .join(' ') || undefined
        }
        data-field={field}
        data-cell={cellKey({ row: 0, col })}
        onClick={isSortable(column) ? () => onSort(field) : undefined}
        tabIndex={tabStop.row === 0 && tabStop.col === col ? 0 : -1}
        sx={{
          ...(column.width !== undefined ? { width: column.width } : {}),
          minWidth: column.minWidth ?? (column.width === undefined ? flexibleColumnMinWidth : undefined),
        }}
      >
        {isSortable(column) ? (
          <span className="sort">
            {column.header}
            <ArrowDownwardIcon className="sort-icon" fontSize="small" />
          </span>
        ) : (
          column.header
        )}
      </TableCell>
    );
  };

  return (
    <Box sx={height ? { height, display: 'flex', flexDirection: 'column' } : undefined}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Loading rows" />}</Box>
      <TableContainer sx={height ? { flex: 1, minHeight: 0 } : undefined}>
        <Table
          ref={tableRef}
          role="grid"
          aria-label={labelledBy ? undefined : label}
          aria-labelledby={labelledBy}
          aria-rowcount={rowCount >= 0 ? rowCount + 1 : -1}
          aria-multiselectable={checkbox || undefined}
          aria-busy={loading || undefined}
          stickyHeader={height !== undefined}
          onFocus={onFocus}
          onKeyDown={onKeyDown}
          sx={{
            '& td': {
              px: 1.25,
              py: 0.75,
              height: 52,
              borderBottom: 1,
              borderColor: 'divider',
              typography: 'body2',
              // text breaks at its spaces when the table would not fit otherwise (a 52 px row holds
              // two lines), so a list fits a 1280 px screen rather than scrolling sideways
              ...(wrap ? { overflowWrap: 'anywhere' } : {}),
            },
            '& td.num': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
            '& td.one-line': { whiteSpace: 'nowrap' },
            '& td.check, & th.check': { width: 48, px: 0.5, textAlign: 'center' },
            // a header breaks at its spaces when the table would not fit, but not in a column given
            // a width: that width would otherwise break it even where there is room
            '& th': { fontWeight: 600, px: 1.25 },
            '& th.sized': { whiteSpace: 'nowrap' },
            // a sortable header: the whole cell sorts; its arrow shows on hover, and stays on the sorted column
            '& th[data-field]:has(.sort)': { cursor: 'pointer', userSelect: 'none' },
            '& th .sort': { display: 'inline-flex', alignItems: 'center', gap: 0.5, verticalAlign: 'middle' },
            '& th.num .sort': { flexDirection: 'row-reverse' },
            '& th .sort-icon': { opacity: 0, transition: 'opacity 150ms, transform 150ms', color: 'text.secondary' },
            '& th:hover .sort-icon': { opacity: 0.5 },
            '& th.sorted .sort-icon': { opacity: 1 },
            '& th.asc .sort-icon': { transform: 'rotate(180deg)' },
            '& td:focus-visible, & th:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            '& tbody tr[data-id]:hover': { bgcolor: 'action.hover' },
            '& tbody tr[aria-selected="true"]': { bgcolor: 'action.selected' },
            ...(onRowClick || checkbox ? { '& tbody tr[data-id]': { cursor: 'pointer' } } : {}),
          }}
        >
          <TableHead>
            <TableRow role="row" aria-rowindex={1}>
              {checkbox && (
                <TableCell
                  role="columnheader"
                  className="check"
                  data-field={checkboxField}
                  data-cell={cellKey({ row: 0, col: 0 })}
                  tabIndex={tabStop.row === 0 && tabStop.col === 0 ? 0 : -1}
                >
                  <Checkbox
                    size="small"
                    tabIndex={-1}
                    checked={allSelected}
                    indeterminate={someSelected}
                    disabled={selection.allIds.length === 0}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                  />
                </TableCell>
              )}
              {columns.map((column, c) => sortHeader(column, c + offset))}
            </TableRow>
          </TableHead>
          <TableBody onClick={onClick}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={bounds.cols} style={{ height: 160 }}>
                  <NoRowsOverlay error={error} onRetry={onRetry} />
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const id = getRowId(row);
                return (
                  <BodyRow
                    key={id}
                    row={row}
                    id={id}
                    index={index}
                    ariaRowIndex={firstRowIndex + index + 2}
                    columns={columns}
                    checkbox={checkbox}
                    selected={selected.has(id)}
                    activeCol={tabStop.row === index + 1 ? tabStop.col : -1}
                  />
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rowCount}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizes.map((size) =>
          size === pageSizeAll ? { value: pageSizeAll, label: 'All' } : size,
        )}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      />
    </Box>
  );
}
