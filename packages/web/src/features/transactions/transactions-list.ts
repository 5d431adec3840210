import {
  type InvestmentAccountType,
  type TransactionStatus,
  transactionStatuses,
  transactionStatusLabels,
  transactionTypeLabels,
  transactionTypes,
  type WithdrawalRequestStatus,
} from '@lm/domain';
import { defineList } from '../../shared/list/list-types';
import { finalisedDateColumn, statusColumn, type TransactionRowBase, typeColumn } from './transaction-columns';

/** A row of GET api/transactions and GET api/transactions/{id} (staff; investor-and-admin §3 "Transaction"). */
export interface StaffTransactionRow extends TransactionRowBase {
  comment: string | null;
  investorComment: string | null;
  amount: number | null;
  principalAmount: number | null;
  interestAmount: number | null;
  feesAmount: number | null;
  taxWithheldAmount: number | null;
  effectiveDate: string | null;
  reversalTransactionId: number | null;
  reversesTransactionId: number | null;
  loanId: number | null;
  investmentId: number | null;
  withdrawalRequestId: number | null;
  loanTransactionId?: number | null;
  counterpartAccountId?: number | null;
  investmentAccount?: {
    id: number;
    name: string;
    type: InvestmentAccountType;
    investmentGroupId: number | null;
    currentBalance: number;
    availableBalance: number;
    bpayBillerCode: string | null;
    bpayReferenceNumber: string | null;
    isForeign: boolean;
  } | null;
  withdrawalDetails?: {
    id: number;
    status: WithdrawalRequestStatus;
    amount: number;
    comment: string | null;
    verifiedAt: string | null;
    createdAt: string;
    bankAccountId: number;
    accountName: string | null;
    accountNumber: string | null;
    bsbNumber: string | null;
  } | null;
  loan?: { id: number; name: string | null; thirdPartyId: string | null; status: string | null } | null;
  linkedLoanTransaction?: {
    id: number;
    loanId: number;
    type: string;
    status: string;
    principalAmount: number | null;
    interestAmount: number | null;
    netAmount: number | null;
    grossAmount: number | null;
    finalisedDate: string | null;
    loan: { id: number; name: string | null; status: string | null } | null;
  } | null;
  counterpartAccount?: { id: number; name: string } | null;
}

const typeOptions = transactionTypes.map((value) => ({ value, label: transactionTypeLabels[value] }));
const statusOptions = transactionStatuses.map((value: TransactionStatus) => ({
  value,
  label: transactionStatusLabels[value],
}));

/** "Reversals Are Hidden": reversal rows and the rows they reversed are left out. */
export const noReversalsFilter = 'reversalTransactionId eq null and reversesTransactionId eq null';

/** /transactions (investor-and-admin §2 "Transactions"): server-paged, default sort finalisedDate descending. */
export const transactionsList = defineList<StaffTransactionRow>({
  id: 'transactions',
  path: '/api/transactions',
  title: 'Transactions',
  defaultSort: { field: 'finalisedDate', direction: 'desc' },
  expand: ['investmentAccount'],
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
