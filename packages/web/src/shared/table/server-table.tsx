import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { activeCriteria, type FilterValues } from '../filter/filter-fields';
import { onDemand } from '../lazy/on-demand';
import { nextSort, pageSizesOf } from '../list/list-state';
import { type Column, idOf, type ListDefinition, type Row } from '../list/list-types';
import { fetchAllRows, type ListStateController, useList, useListCount, useListState } from '../list/use-list';
import { GridTable } from './grid-table';
import { TableLoading } from './table-loading';

// the dialogs load when first opened: the first rows wait for neither (the filter brings the date pickers)
const FilterDialog = onDemand(() => import('../filter/filter-dialog').then((m) => m.FilterDialog));
const ExportCsvDialog = onDemand(() =>
  import('../export/export-csv-dialog').then((m) => m.ExportCsvDialog as typeof m.ExportCsvDialog<Row>),
);

export interface ServerTableProps<R> {
  definition: ListDefinition<R>;
  /** From useListState(definition); omitted: the list's state lives in the URL without a prefix. */
  controller?: ListStateController;
  /** Heading above the table (default: the definition's title); null for none. */
  title?: string | null;
  /** An extra condition from the screen (e.g. "clientId eq 5"): trusted text. */
  filter?: string;
  onRowClick?: (row: R) => void;
  /** Buttons of the screen beside Filter and Export (New Loan, Upload Repayments, ...). */
  actions?: ReactNode;
  /** Fixed height in px (the dashboard's 400px tables); by default the table grows with its rows. */
  height?: number;
  filterable?: boolean;
  exportable?: boolean;
}

function ServerTableWithState<R>({
  definition,
  controller,
  title,
  filter,
  onRowClick,
  actions,
  height,
  filterable,
  exportable = true,
}: ServerTableProps<R> & { controller: ListStateController }) {
  const { state } = controller;
  const list = useList(definition, state, filter);
  // the count is its own request: the rows paint without waiting for a count of a huge list
  const counted = useListCount(definition, state, filter);
  const [filterOpen, setFilterOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const headingId = useId();
  const fields = definition.filterFields ?? [];
  const canFilter = (filterable ?? fields.length > 0) && fields.length > 0;
  const criteria = activeCriteria(fields, state.filters);
  const rows = (list.data?.rows ?? []) as Row[];
  const count = list.data?.count ?? counted.data;
  const heading = title === undefined ? definition.title : title;
  const pageSizes = useMemo(() => pageSizesOf(definition), [definition]);
  const getRowId = useCallback((row: R) => idOf(definition, row), [definition]);

  const removeCriterion = (id: string) => {
    const next: Record<string, FilterValues[string]> = { ...state.filters };
    delete next[id];
    controller.setFilters(next);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {heading && (
          <Typography id={headingId} variant="h6" component="h2">
            {heading}
          </Typography>
        )}
        <Chip
          size="small"
          label={count === undefined ? '…' : count}
          aria-label={count === undefined ? 'Counting rows' : `${count} ${count === 1 ? 'row' : 'rows'}`}
          data-testid="row-count"
        />
        {criteria.map(({ field, text }) => (
          <Chip
            key={field.id}
            size="small"
            variant="outlined"
            label={`${field.label}: ${text}`}
            onDelete={() => removeCriterion(field.id)}
          />
        ))}
        <Box sx={{ flexGrow: 1 }} />
        {actions}
        {canFilter && (
          <Button startIcon={<FilterListIcon />} onClick={() => setFilterOpen(true)}>
            Filter {definition.title}
          </Button>
        )}
        {exportable && (
          <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => setExportOpen(true)}>
            Export
          </Button>
        )}
        <Tooltip title="Refresh">
          <IconButton
            aria-label={`Refresh ${definition.title}`}
            onClick={() => {
              void list.refetch();
              void counted.refetch();
            }}
          >
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {list.isPending ? (
        // the first page on its way (asked for as the app started, or now): the grid mounts once it is here
        <TableLoading label={definition.title} height={height} />
      ) : (
        <GridTable
          {...(heading ? { labelledBy: headingId } : { label: definition.title })}
          rows={rows as readonly R[]}
          columns={definition.columns}
          getRowId={getRowId}
          sort={state.sort}
          onSort={(field) => controller.setSort(nextSort(state.sort, field))}
          page={state.page}
          pageSize={state.pageSize}
          // -1 while the count is on its way: the footer pages on, showing "of more than"
          rowCount={count ?? -1}
          pageSizes={pageSizes}
          onPageChange={(page) => controller.setPagination(page, state.pageSize)}
          onPageSizeChange={(size) => controller.setPagination(0, size)}
          loading={list.isFetching}
          onRowClick={onRowClick}
          height={height}
          error={list.isError ? list.error : undefined}
          onRetry={() => void list.refetch()}
        />
      )}
      {canFilter && filterOpen && (
        <FilterDialog
          open
          title={`Filter ${definition.title}`}
          fields={fields}
          values={state.filters}
          onApply={(values) => {
            controller.setFilters(values);
            setFilterOpen(false);
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}
      {exportable && exportOpen && (
        <ExportCsvDialog
          open
          onClose={() => setExportOpen(false)}
          columns={definition.columns as readonly Column<Row>[]}
          fileName={definition.id}
          fetchRows={async (scope) =>
            scope === 'page' ? rows : ((await fetchAllRows(definition, state, filter)).rows as Row[])
          }
        />
      )}
    </Paper>
  );
}

function ServerTableInUrl<R>(props: ServerTableProps<R>) {
  const controller = useListState(props.definition);
  return <ServerTableWithState {...props} controller={controller} />;
}

/**
 * The server-paged table of every list screen (shared/table/grid-table.tsx): the definition's page sizes and
 * default sort, the sort-toggle rule, 'No data to display', row click to detail, a count chip,
 * the filter dialog and the CSV export.
 */
export function ServerTable<R>(props: ServerTableProps<R>) {
  return props.controller ? (
    <ServerTableWithState {...props} controller={props.controller} />
  ) : (
    <ServerTableInUrl {...props} />
  );
}
