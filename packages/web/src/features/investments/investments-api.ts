import {
  formatDateTime,
  type LoanStatus,
  malformedDataMessage,
  repaymentStatusLabels,
  type TransactionStatus,
  type TransactionType,
  transactionStatusLabels,
  transactionTypeLabels,
} from '@lm/domain';
import { api } from '../../shared/api/api-client';
import type { FilterField } from '../../shared/filter/filter-fields';
import { type Column, defineList, type ListDefinition, pageSizesWithAll } from '../../shared/list/list-types';

/**
 * The staff investment screens' data (spec core §2.7, §3 "Investment", §7 "Investing"; docs/api.md
 * "Repayments and portfolio"): GET api/investments, GET api/investments/{id}, GET
 * api/investments/{id}/repayments, POST api/investments/{id}/reverse.
 */

export interface InvestmentLoan {
  id: number;
  name: string | null;
  thirdPartyId: string | null;
  amount: number;
  fundedAmount: number;
  status: LoanStatus;
  subStatus: string | null;
  baseInterestRate: number | null;
  interestCalculationMethod: string | null;
  disbursementDate: string | null;
  fundedDate: string | null;
}

export interface InvestmentAccountSummary {
  id: number;
  name: string;
  type: string;
  isForeign: boolean;
  availableBalance: number;
  currentBalance: number;
  mandateRate: number | null;
}

export interface SaleTransactionRow {
  id: number;
  investmentAccountId: number;
  investmentId: number | null;
  type: TransactionType;
  status: TransactionStatus;
  grossAmount: number | null;
  principalAmount: number | null;
  interestAmount: number | null;
  feesAmount: number | null;
  taxWithheldAmount: number | null;
  finalisedDate: string | null;
  createdDate: string;
}

/** One investment of GET api/investments (spec core §3 "Investment"). */
export interface InvestmentRow {
  id: number;
  loanId: number;
  investmentAccountId: number;
  investedAmount: number;
  investmentInterestRate: number;
  mandateRate: number | null;
  investmentPercentage: number;
  creationDate: string;
  finalisedDate: string | null;
  saleDate: string | null;
  reversedDate: string | null;
  investmentAccountTransactionId: number | null;
  investmentSaleTransactionId: number | null;
  originalInvestmentId: number | null;
  principalRepaid: number;
  interestRepaid: number;
  principalWrittenOff: number;
  principalOutstanding: number;
  loan?: InvestmentLoan | null;
  investmentAccount?: InvestmentAccountSummary | null;
  investmentSaleTransactions?: SaleTransactionRow[];
}

/** The investment's share of one repayment of its loan (GET api/investments/{id}/repayments). */
export interface InvestmentRepaymentRow {
  id: string;
  repaymentId: number;
  dueDate: string;
  status: string;
  grossAmount: number;
  principalDue: number;
  interestDue: number;
  principalPaid: number;
  interestPaid: number;
}

/** The filter of /investments (spec core §2.7), field for field. */
const investmentFilterFields: readonly FilterField[] = [
  { id: 'id', label: 'ID', field: 'id', type: 'integer' },
  { id: 'loanId', label: 'Loan ID', field: 'loanId', type: 'integer' },
  { id: 'rateMin', label: 'Investment Rate from', field: 'investmentInterestRate', type: 'percentage', operator: 'ge' },
  { id: 'rateMax', label: 'Investment Rate to', field: 'investmentInterestRate', type: 'percentage', operator: 'le' },
  { id: 'mandateRateMin', label: 'Mandate Rate from', field: 'mandateRate', type: 'percentage', operator: 'ge' },
  { id: 'mandateRateMax', label: 'Mandate Rate to', field: 'mandateRate', type: 'percentage', operator: 'le' },
  { id: 'amountMin', label: 'Investment Amount from', field: 'investedAmount', type: 'currency', operator: 'ge' },
  { id: 'amountMax', label: 'Investment Amount to', field: 'investedAmount', type: 'currency', operator: 'le' },
  { id: 'accountId', label: 'Investment Account ID', field: 'investmentAccountId', type: 'integer' },
];

/** /investments: default sort investmentAccountTransactionId descending (spec core §9). */
export const investmentsList = defineList<InvestmentRow>({
  id: 'investments',
  path: '/api/investments',
  title: 'Investments',
  defaultSort: { field: 'investmentAccountTransactionId', direction: 'desc' },
  expand: ['loan', 'investmentAccount'],
  columns: [
    { field: 'id', header: 'ID', width: 70 },
    { field: 'loanId', header: 'Loan ID', width: 80 },
    { field: 'loan/name', header: 'Loan', flex: 1.2 },
    { field: 'investmentAccountId', header: 'Account ID', width: 100 },
    { field: 'investmentAccount/name', header: 'Investment Account', flex: 1 },
    { field: 'investedAmount', header: 'Amount', kind: 'money', width: 120 },
    { field: 'investmentInterestRate', header: 'Rate', kind: 'percent', width: 90 },
    { field: 'mandateRate', header: 'Mandate Rate', kind: 'percent', width: 115 },
    { field: 'principalOutstanding', header: 'Outstanding', kind: 'money', width: 125 },
    { field: 'creationDate', header: 'Investment Date', kind: 'datetime', width: 170 },
  ],
  filterFields: investmentFilterFields,
});

export const investmentKey = (id: string) => ['investment', id] as const;

/** GET api/investments/{id}: exactly one investment, or the malformed-data message (core §5). */
export function investmentQuery(id: string) {
  return {
    queryKey: investmentKey(id),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      if (!/^\d{1,15}$/.test(id)) throw new Error(malformedDataMessage('Investment'));
      const response = await api.get<InvestmentRow | InvestmentRow[]>(`/api/investments/${id}`, {
        ...(signal ? { signal } : {}),
      });
      const data = response.data;
      const row = Array.isArray(data) ? (data.length === 1 ? data[0] : undefined) : data;
      if (!row || typeof row !== 'object' || String(row.id) !== id) throw new Error(malformedDataMessage('Investment'));
      return row;
    },
    meta: { silent: true },
  };
}

/** The investment's repayments table with export: due date ascending (spec core §9). */
export function investmentRepaymentsList(investmentId: number): ListDefinition<InvestmentRepaymentRow> {
  return defineList<InvestmentRepaymentRow>({
    id: `investment-${investmentId}-repayments`,
    path: `/api/investments/${investmentId}/repayments`,
    title: 'Repayments',
    defaultSort: { field: 'dueDate', direction: 'asc' },
    // investor-and-admin §9: repayments also offer All
    pageSizes: pageSizesWithAll,
    columns: [
      { field: 'dueDate', header: 'Due Date', kind: 'date', width: 130 },
      { field: 'repaymentId', header: 'Repayment ID', width: 130 },
      { field: 'status', header: 'Status', kind: 'enum', labels: repaymentStatusLabels, width: 150 },
      { field: 'grossAmount', header: 'Gross Amount', kind: 'money' },
      { field: 'principalDue', header: 'Principal Due', kind: 'money' },
      { field: 'interestDue', header: 'Interest Due', kind: 'money' },
    ],
  });
}

/** The sale transactions of a sold investment (click goes to /transactions/{id}). */
export const saleTransactionColumns: readonly Column<SaleTransactionRow>[] = [
  { field: 'id', header: 'ID', width: 90 },
  { field: 'investmentAccountId', header: 'Account ID', width: 110 },
  { field: 'type', header: 'Type', kind: 'enum', labels: transactionTypeLabels, width: 170 },
  { field: 'status', header: 'Status', kind: 'enum', labels: transactionStatusLabels, width: 110 },
  { field: 'grossAmount', header: 'Gross Amount', kind: 'money' },
  { field: 'principalAmount', header: 'Principal Amount', kind: 'money' },
  { field: 'interestAmount', header: 'Interest Amount', kind: 'money' },
  {
    field: 'finalisedDate',
    header: 'Finalised Date',
    value: (row) => (row.finalisedDate ? formatDateTime(row.finalisedDate) : ''),
    width: 180,
  },
];

/** POST api/investments/{id}/reverse: answers the investment and its loan (the web then goes to the loan). */
export function reverseInvestment(id: number, headers: Record<string, string>) {
  return api.post<{ investmentId: number; loanId: number }>(`/api/investments/${id}/reverse`, {}, { headers });
}
