import { repaymentStatusLabels } from '@lm/domain';
import { api } from '../../shared/api/api-client';
import { defaultListState } from '../../shared/list/list-state';
import { type Column, defineList } from '../../shared/list/list-types';
import { fetchAllRows } from '../../shared/list/use-list';

/**
 * The Fractionalise Excess Repayments screen's data (investor-and-admin §2, §7: GET
 * api/loanTransactions filtered status PAID, type REPAYMENT, no reversal, expanding the repayment's
 * due date and the loan's third-party id; POST api/repayments/fractionalise with the selected ids).
 */

/** One paid repayment loan transaction (docs/api.md "Repayments and portfolio"). */
export interface ExcessRepaymentRow {
  id: number;
  loanId: number;
  repaymentId: number | null;
  type: string;
  status: string;
  principalAmount: number;
  interestAmount: number;
  netAmount: number;
  grossAmount: number;
  excessAmount: number;
  excessPending: number;
  excessHandling: 'APPLIED' | 'RETURNED' | null;
  receiptId: string | null;
  receiptDate: string | null;
  fractionalisedDate: string | null;
  repayment: { id: number; dueDate: string } | null;
  loan: { id: number; name: string; thirdPartyId: string | null } | null;
}

const paidStatusLabels: Readonly<Record<string, string>> = { PAID: repaymentStatusLabels.PAID, PENDING: 'Pending' };

/**
 * The paid, unreversed repayment transactions still to handle: not yet fractionalised, or with an
 * excess waiting to be applied or returned. Once both are done a row leaves the screen.
 */
export const excessRepaymentsList = defineList<ExcessRepaymentRow>({
  id: 'excess-repayments',
  path: '/api/loanTransactions',
  title: 'Excess Repayments',
  // the server's order for fetching; the table shows repayments by due date ascending (spec core §9)
  defaultSort: { field: 'id', direction: 'asc' },
  baseFilter:
    "status eq 'PAID' and type eq 'REPAYMENT' and reversalTransactionId eq null " +
    'and (fractionalisedDate eq null or excessPending gt 0)',
  expand: ['repayment', 'loan'],
  columns: [],
});

/** The columns of investor-and-admin §2, then what is left to do with each row. */
export const excessRepaymentColumns: readonly Column<ExcessRepaymentRow>[] = [
  { field: 'id', header: 'ID', width: 70 },
  { field: 'loanId', header: 'Loan ID', width: 90 },
  { field: 'loan/thirdPartyId', header: 'Third Party ID', width: 150 },
  { field: 'principalAmount', header: 'Principal', kind: 'money', width: 120 },
  { field: 'interestAmount', header: 'Interest', kind: 'money', width: 110 },
  { field: 'netAmount', header: 'Net Amount', kind: 'money', width: 125 },
  { field: 'status', header: 'Status', kind: 'enum', labels: paidStatusLabels, width: 90 },
  { field: 'repayment/dueDate', header: 'Due Date', kind: 'date', width: 120 },
  { field: 'excessPending', header: 'Excess', kind: 'money', width: 110 },
  {
    field: 'fractionalisedDate',
    header: 'Fractionalised',
    value: (row) => (row.fractionalisedDate ? 'Yes' : 'No'),
    sortField: 'fractionalisedDate',
    flex: 1,
  },
];

export const excessRepaymentsKey = ['excess-repayments'] as const;

/** Every row to handle (the screen pages them itself: 10, 25, 50, 100 or All). */
export const excessRepaymentsQuery = {
  queryKey: excessRepaymentsKey,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await fetchAllRows(excessRepaymentsList, defaultListState(excessRepaymentsList), undefined, signal)).rows,
};

export function fractionaliseRepayments(ids: readonly number[], headers: Record<string, string>) {
  return api.post<unknown[]>('/api/repayments/fractionalise', [...ids], { headers });
}

export function handleExcess(id: number, action: 'applyExcess' | 'returnExcess', headers: Record<string, string>) {
  return api.post<unknown>(`/api/loanTransactions/${id}/actions/${action}`, {}, { headers });
}
