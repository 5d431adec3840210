import {
  excessMessages,
  type ListRow,
  type loanTransactionListShape,
  repaymentMessages,
  repaymentStatusLabels,
} from '@lm/domain';
import {
  excessApplyRoute,
  excessReturnRoute,
  loanTransactionsListRoute,
  repaymentsFractionaliseRoute,
} from '@lm/domain/routes';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, pathOf } from '../../shared/api/call-route';
import { idempotencyHeaders } from '../../shared/api/idempotency-key';
import { defaultListState } from '../../shared/list/list-state';
import { type Column, defineList } from '../../shared/list/list-types';
import { fetchAllRows, listKey } from '../../shared/list/use-list';
import { toast } from '../../shared/toast/toast-store';

/**
 * The Fractionalise Excess Repayments screen's data (investor-and-admin §2, §7: GET
 * api/loanTransactions filtered status PAID, type REPAYMENT, no reversal, expanding the repayment's
 * due date and the loan's third-party id; POST api/repayments/fractionalise with the selected ids).
 */

/** One paid repayment loan transaction (GET api/loanTransactions, expanding repayment and loan). */
export type ExcessRepaymentRow = ListRow<typeof loanTransactionListShape>;

const paidStatusLabels: Readonly<Record<string, string>> = { PAID: repaymentStatusLabels.PAID, PENDING: 'Pending' };

/**
 * The paid, unreversed repayment transactions still to handle: not yet fractionalised, or with an
 * excess waiting to be applied or returned. Once both are done a row leaves the screen.
 */
export const excessRepaymentsList = defineList<ExcessRepaymentRow>({
  id: 'excess-repayments',
  path: pathOf(loanTransactionsListRoute),
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

/** The loan transactions changed: this screen's rows and every list of loan transactions. */
async function refreshLoanTransactions(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: excessRepaymentsKey });
  await queryClient.invalidateQueries({ queryKey: listKey({ path: pathOf(loanTransactionsListRoute) }) });
}

/** The screen's rows to handle, as a query. */
export function useExcessRepaymentsQuery() {
  return useQuery(excessRepaymentsQuery);
}

/** POST api/repayments/fractionalise with the selected ids under the confirmation's Idempotency-Key. */
export function useFractionaliseRepayments(options: { onSucceeded?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, key }: { ids: readonly number[]; key: string }) =>
      (
        await callRoute(repaymentsFractionaliseRoute, {
          body: [...ids],
          headers: idempotencyHeaders(key),
        })
      ).data,
    meta: { successMessage: repaymentMessages.fractionalised },
    // before the refresh: a row of the refreshed list is never unselected after it was picked
    onSuccess: () => options.onSucceeded?.(),
    onSettled: () => refreshLoanTransactions(queryClient),
  });
}

export type ExcessAction = 'applyExcess' | 'returnExcess';

/** POST api/loanTransactions/{id}/actions/applyExcess or returnExcess under the confirmation's Idempotency-Key. */
export function useHandleExcess(options: { onSucceeded?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, key }: { id: number; action: ExcessAction; key: string }) =>
      (
        await callRoute(action === 'applyExcess' ? excessApplyRoute : excessReturnRoute, {
          params: { id: String(id) },
          body: {},
          headers: idempotencyHeaders(key),
        })
      ).data,
    // the server answers these without a userMessage: the domain's texts say what happened
    onSuccess: (_data, { action }) => {
      options.onSucceeded?.();
      toast.success(action === 'applyExcess' ? excessMessages.applied : excessMessages.returned);
    },
    onSettled: () => refreshLoanTransactions(queryClient),
  });
}
