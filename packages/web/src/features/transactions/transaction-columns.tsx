import {
  type AccountTransactionListRow,
  formatDateTime,
  fundsTexts,
  transactionStatusLabels,
  transactionTypeLabels,
} from '@lm/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Column } from '../../shared/list/list-types';

/** The fields every account transaction row has, staff or investor view (investor-and-admin §3). */
export type TransactionRowBase = Pick<
  AccountTransactionListRow,
  'id' | 'investmentAccountId' | 'type' | 'status' | 'grossAmount' | 'runningBalance' | 'finalisedDate' | 'createdDate'
>;

/** The Finalised Date cell as text: the date, or Pending when there is none (also in the CSV export). */
export function finalisedText(finalisedDate: string | null): string {
  return finalisedDate ? formatDateTime(finalisedDate) : fundsTexts.pending;
}

/** A row with no finalisedDate is pending (DESIGN §3). */
export function PendingChip() {
  // the text keeps the default colour: the warning colour on white fails the contrast ratio
  return <Chip size="small" variant="outlined" label={fundsTexts.pending} sx={{ borderColor: 'warning.main' }} />;
}

/** The type, and beside it Cancelled for a voided row (a cancelled withdrawal moved nothing). */
export function TransactionTypeCell({ row }: { row: Pick<TransactionRowBase, 'type' | 'status'> }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <span>{(transactionTypeLabels as Record<string, string>)[row.type] ?? row.type}</span>
      {row.status === 'CANCELLED' && <Chip size="small" variant="outlined" label={transactionStatusLabels.CANCELLED} />}
    </Stack>
  );
}

export function typeColumn<R extends TransactionRowBase>(): Column<R> {
  return {
    field: 'type',
    header: 'Type',
    kind: 'enum',
    labels: transactionTypeLabels,
    render: (row) => <TransactionTypeCell row={row} />,
    width: 210,
  };
}

export function statusColumn<R extends TransactionRowBase>(): Column<R> {
  return { field: 'status', header: 'Status', kind: 'enum', labels: transactionStatusLabels, width: 110 };
}

export function finalisedDateColumn<R extends TransactionRowBase>(): Column<R> {
  return {
    field: 'finalisedDate',
    header: 'Finalised Date',
    value: (row) => finalisedText(row.finalisedDate),
    sortable: true,
    render: (row) => (row.finalisedDate ? finalisedText(row.finalisedDate) : <PendingChip />),
    oneLine: true,
    width: 190,
  };
}

/** The columns of a staff transactions table (the /transactions list, an account's related transactions). */
export function staffTransactionColumns<R extends TransactionRowBase & { comment?: string | null }>(): Column<R>[] {
  return [
    { field: 'id', header: 'ID', kind: 'integer', width: 90 },
    typeColumn<R>(),
    statusColumn<R>(),
    { field: 'grossAmount', header: 'Gross Amount', kind: 'money' },
    { field: 'runningBalance', header: 'Running Balance', kind: 'money' },
    finalisedDateColumn<R>(),
    { field: 'createdDate', header: 'Created Date', kind: 'datetime', width: 190 },
    { field: 'comment', header: 'Comment', flex: 1 },
  ];
}
