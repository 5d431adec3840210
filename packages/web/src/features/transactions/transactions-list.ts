import {
  type TransactionListRow,
  type TransactionStatus,
  transactionStatuses,
  transactionStatusLabels,
  transactionTypeLabels,
  transactionTypes,
} from '@lm/domain';
import { finalisedDateColumn } from '../../shared/list/finalised-column';
import { defineList } from '../../shared/list/list-types';
import { statusColumn, typeColumn } from './transaction-columns';
import { transactionsListRequest } from './transactions-list-request';

/** A row of GET api/transactions and GET api/transactions/{id} (staff; investor-and-admin §3 "Transaction"). */
export type StaffTransactionRow = TransactionListRow;

const typeOptions = transactionTypes.map((value) => ({ value, label: transactionTypeLabels[value] }));
const statusOptions = transactionStatuses.map((value: TransactionStatus) => ({
  value,
  label: transactionStatusLabels[value],
}));

/** "Reversals Are Hidden": reversal rows and the rows they reversed are left out. */
export const noReversalsFilter = 'reversalTransactionId eq null and reversesTransactionId eq null';

/** /transactions (investor-and-admin §2 "Transactions"): server-paged, default sort finalisedDate descending. */
export const transactionsList = defineList<StaffTransactionRow>({
  ...transactionsListRequest,
  title: 'Transactions',
  columns: [
    { field: 'id', header: 'ID', kind: 'integer', width: 90 },
    { field: 'investmentAccountId', header: 'Account ID', kind: 'integer', width: 110 },
    { field: 'investmentAccount/name', header: 'Account', flex: 1 },
    typeColumn<StaffTransactionRow>(),
    statusColumn<StaffTransactionRow>(),
    { field: 'grossAmount', header: 'Gross Amount', kind: 'money' },
    { field: 'runningBalance', header: 'Running Balance', kind: 'money' },
    finalisedDateColumn<StaffTransactionRow>(),
    { field: 'createdDate', header: 'Created Date', kind: 'datetime', width: 190 },
    { field: 'loanId', header: 'Loan ID', kind: 'integer', width: 100 },
    { field: 'comment', header: 'Comment', flex: 1 },
  ],
  filterFields: [
    { id: 'id', label: 'ID', field: 'id', type: 'integer' },
    { id: 'account', label: 'Account ID', field: 'investmentAccountId', type: 'integer' },
    { id: 'accountName', label: 'Account Name', field: 'investmentAccount/name', type: 'string' },
    { id: 'type', label: 'Type', field: 'type', type: 'selection', options: typeOptions, multiple: true },
    { id: 'status', label: 'Status', field: 'status', type: 'selection', options: statusOptions },
    { id: 'loan', label: 'Loan ID', field: 'loanId', type: 'integer' },
    { id: 'grossFrom', label: 'Gross Amount from', field: 'grossAmount', type: 'currency', operator: 'ge' },
    { id: 'grossTo', label: 'Gross Amount to', field: 'grossAmount', type: 'currency', operator: 'le' },
    { id: 'finalisedFrom', label: 'Finalised from', field: 'finalisedDate', type: 'datetime', operator: 'ge' },
    { id: 'finalisedTo', label: 'Finalised to', field: 'finalisedDate', type: 'datetime', operator: 'le' },
    { id: 'createdFrom', label: 'Created from', field: 'createdDate', type: 'datetime', operator: 'ge' },
    { id: 'createdTo', label: 'Created to', field: 'createdDate', type: 'datetime', operator: 'le' },
    { id: 'comment', label: 'Comment', field: 'comment', type: 'string' },
  ],
});

/** The query key of one transaction's detail. */
export const transactionKey = (id: number | string) => ['transaction', String(id)] as const;
