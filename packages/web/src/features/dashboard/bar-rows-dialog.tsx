import {
  type BarRow,
  centsFromNumber,
  centsToNumber,
  formatMoney,
  formatNumber,
  repaymentStatusLabels,
  sumCents,
  transactionTypeLabels,
} from '@lm/domain';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../shared/api/api-error';
import { ExportCsvDialog } from '../../shared/export/export-csv-dialog';
import type { Column } from '../../shared/list/list-types';
import { DataTable } from '../../shared/table/data-table';
import { barRowsQuery, type GraphSource } from './dashboard-api';
import { bucketLabel, type GraphView, levelLabels } from './graph-view';

/** One bar: the view it is drawn in and its key (the interval's first day). */
export interface OpenBar {
  view: GraphView;
  key: string;
}

const typeLabel = (row: BarRow) =>
  transactionTypeLabels[row.type as keyof typeof transactionTypeLabels] ??
  repaymentStatusLabels[row.type as keyof typeof repaymentStatusLabels] ??
  row.type;

const account: Column<BarRow> = { field: 'investmentAccountName', header: 'Account', flex: 1 };
const loan: Column<BarRow> = {
  field: 'loanName',
  header: 'Loan',
  flex: 1,
  value: (row) => (row.loanId === null ? '' : `${row.loanId} ${row.loanName ?? ''}`.trim()),
};

/** The columns of each graph's rows: what its bar adds up, and the parts it stacks. */
export function barRowColumns(source: GraphSource): Column<BarRow>[] {
  switch (source) {
    case 'repaymentsPaid':
      return [
        { field: 'date', header: 'Date', kind: 'date', width: 120 },
        account,
        loan,
        { field: 'principalAmount', header: 'Principal', kind: 'money', width: 120 },
        { field: 'interestAmount', header: 'Interest', kind: 'money', width: 110 },
        { field: 'taxWithheldAmount', header: 'Tax Withheld', kind: 'money', width: 120 },
        { field: 'grossAmount', header: 'Gross Amount', kind: 'money', width: 130 },
      ];
    case 'loansFunded':
      return [
        { field: 'date', header: 'Date', kind: 'date', width: 120 },
        account,
        loan,
        { field: 'type', header: 'Type', width: 120, value: typeLabel },
        { field: 'grossAmount', header: 'Amount', kind: 'money', width: 130 },
      ];
    case 'repaymentsDue':
      return [
        { field: 'date', header: 'Due Date', kind: 'date', width: 130 },
        account,
        loan,
        { field: 'type', header: 'Status', width: 110, value: typeLabel },
        { field: 'principalAmount', header: 'Principal Due', kind: 'money', width: 130 },
        { field: 'interestAmount', header: 'Interest Due', kind: 'money', width: 120 },
        { field: 'grossAmount', header: 'Total Due', kind: 'money', width: 120 },
      ];
  }
}

/** The totals of the rows, in exact cents: they equal the bar. */
export function barRowTotals(rows: readonly BarRow[]) {
  const total = (field: 'principalAmount' | 'interestAmount' | 'grossAmount') =>
    centsToNumber(sumCents(rows.map((row) => centsFromNumber(row[field], true))));
  return { principal: total('principalAmount'), interest: total('interestAmount'), gross: total('grossAmount') };
}

/**
 * The rows behind one bar of an interval graph (beyond the specification, issue "Dashboards"): the
 * transactions or repayment shares that add up to it, as a table with its totals and an Export.
 */
export function BarRowsDialog({
  title,
  source,
  bar,
  accountId,
  onClose,
}: {
  title: string;
  source: GraphSource;
  bar: OpenBar;
  accountId: number | null;
  onClose: () => void;
}) {
  const { data, isPending, isError, error } = useQuery(barRowsQuery(source, bar.view, bar.key, accountId));
  const [exporting, setExporting] = useState(false);
  const columns = barRowColumns(source);
  const label = bucketLabel(bar.key, bar.view.level);
  const heading = `${title}: ${label}`;
  const totals = data ? barRowTotals(data) : undefined;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="bar-rows-title">
      <DialogTitle id="bar-rows-title">{heading}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {levelLabels[bar.view.level]} bar: the rows that add up to it.
        </Typography>
        {isError ? (
          <Alert severity="error">{messageOf(error)}</Alert>
        ) : (
          <>
            <DataTable
              label={heading}
              rows={data ?? []}
              columns={columns}
              getRowId={(row) => row.id}
              loading={isPending}
              defaultSort={{ field: 'date', direction: 'asc' }}
            />
            {totals && data && (
              <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="bar-rows-totals">
                {formatNumber(data.length)} {data.length === 1 ? 'row' : 'rows'}
                {source === 'loansFunded'
                  ? `, total ${formatMoney(totals.gross)}`
                  : `: principal ${formatMoney(totals.principal)}, interest ${formatMoney(totals.interest)}, total ${formatMoney(totals.gross)}`}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<DownloadIcon />} onClick={() => setExporting(true)} disabled={!data || data.length === 0}>
          Export
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
      {exporting && data && (
        <ExportCsvDialog
          open
          onClose={() => setExporting(false)}
          columns={columns}
          fetchRows={async () => data}
          fileName={`${title} ${label}`}
          scopes={false}
        />
      )}
    </Dialog>
  );
}
