import { type AccountTransactionListRow, transactionStatusLabels, transactionTypeLabels } from '@lm/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { finalisedDateColumn } from '../../shared/list/finalised-column';
import type { Column } from '../../shared/list/list-types';

/** The fields every account transaction row has, staff or investor view (investor-and-admin §3). */
export type TransactionRowBase = Pick<
  AccountTransactionListRow,
  'id' | 'investmentAccountId' | 'type' | 'status' | 'grossAmount' | 'runningBalance' | 'finalisedDate' | 'createdDate'
>;

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
