import { transactionListRoute } from '@lm/domain/routes';

import Button from '@mui/material/Button';
import { pathOf } from '../../shared/api/call-route';
import { defineList, type ListDefinition } from '../../shared/list/list-types';
import type { StaffTransactionRow } from './transactions-list';

/** The bank account a withdrawal is paid to: name, BSB and account number. */
export function bankAccountText(row: Pick<StaffTransactionRow, 'withdrawalDetails'>): string {
  const bank = row.withdrawalDetails;
  if (!bank?.accountName) return '';
  return `${bank.accountName}, BSB ${bank.bsbNumber}, account ${bank.accountNumber}`;
}

/**
 * Pending Withdrawals (investor-and-admin §2, §7): withdrawal transactions without a
 * finalisedDate, with their account and bank details. The server lists a request only once the
 * investor has verified it. Oldest first: the queue to pay.
 */
export function pendingWithdrawalsList(
  onEdit: (row: StaffTransactionRow) => void,
): ListDefinition<StaffTransactionRow> {
  return defineList<StaffTransactionRow>({
    id: 'pending-withdrawals',
    path: pathOf(transactionListRoute),
    title: 'Pending Withdrawals',
    defaultSort: { field: 'createdDate', direction: 'asc' },
    baseFilter: "type eq 'WITHDRAWAL' and finalisedDate eq null",
    expand: ['investmentAccount', 'withdrawalDetails'],
    columns: [
      { field: 'id', header: 'ID', kind: 'integer', width: 80 },
      {
        field: 'investmentAccount/name',
        header: 'Account',
        value: (row) => `${row.investmentAccount?.name ?? ''} (${row.investmentAccountId})`,
        sortField: 'investmentAccountId',
        flex: 1,
      },
      { field: 'grossAmount', header: 'Amount', kind: 'money', width: 130 },
      { field: 'investmentAccount/availableBalance', header: 'Available Balance', kind: 'money', width: 150 },
      {
        field: 'withdrawalDetails/accountName',
        header: 'Bank Account',
        value: (row) => bankAccountText(row),
        sortable: false,
        flex: 1.5,
      },
      { field: 'createdDate', header: 'Requested', kind: 'datetime', width: 170 },
      { field: 'withdrawalDetails/verifiedAt', header: 'Verified', kind: 'datetime', width: 170 },
      { field: 'comment', header: 'Comment', flex: 1 },
      {
        field: 'edit',
        header: 'Edit',
        value: () => '',
        sortable: false,
        exportable: false,
        width: 90,
        render: (row) => (
          <Button
            size="small"
            aria-label={`Edit withdrawal ${row.id}`}
            onClick={(event) => {
              event.stopPropagation();
              onEdit(row);
            }}
          >
            Edit
          </Button>
        ),
      },
    ],
  });
}
