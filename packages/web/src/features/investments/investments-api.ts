import {
  type InvestmentSaleTransaction,
  type investmentAutoInvestBody,
  type investmentInvestorInvestBody,
  type investmentListShape,
  type investmentManagementInvestBody,
  type investmentRepaymentListShape,
  type ListRow,
  type loanInvestmentListShape,
  loanMessages,
  type loanTopUpListShape,
  malformedDataMessage,
  type RouteData,
  repaymentStatusLabels,
  transactionStatusLabels,
  transactionTypeLabels,
} from '@lm/domain';
import {
  investmentAutoInvestRoute,
  investmentDeployLoanRoute,
  investmentDetailRoute,
  investmentInvestorInvestRoute,
  investmentManagementInvestRoute,
  investmentOnePercentRoute,
  investmentRepaymentsRoute,
  investmentReverseRoute,
  loanInvestmentListRoute,
  loanTopUpListRoute,
} from '@lm/domain/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, pathOf } from '../../shared/api/call-route';
import { confirmationHeaders, idempotencyHeaders } from '../../shared/api/idempotency-key';
import type { FilterField } from '../../shared/filter/filter-fields';
import { finalisedDateColumn } from '../../shared/list/finalised-column';
import { type Column, defineList, type ListDefinition, pageSizesWithAll } from '../../shared/list/list-types';
import { listKey } from '../../shared/list/use-list';
import { investmentsListRequest } from './investments-list-request';

/**
 * The investment screens' data and the investing calls (spec core §2.7, §3 "Investment", §4, §5,
 * §7 "Investing"): GET api/investments, api/investments/{id} and its repayments; investing in a
 * loan (investor, management, Invest 1%, Auto Invest), deploying it, reversing an investment; a
 * loan's investments and mandate options. Money-moving calls carry an Idempotency-Key made when
 * the user confirms.
 */

/** One investment of GET api/investments (spec core §3 "Investment"). */
export type InvestmentRow = ListRow<typeof investmentListShape> & {
  investmentSaleTransactions?: InvestmentSaleTransaction[];
};
export type InvestmentDetailRow = RouteData<typeof investmentDetailRoute>;
/** The investment's share of one repayment of its loan (GET api/investments/{id}/repayments). */
export type InvestmentRepaymentRow = ListRow<typeof investmentRepaymentListShape>;
/** One investment of a loan (GET api/loans/{id}/investments). */
export type LoanInvestmentRow = ListRow<typeof loanInvestmentListShape>;
/** A loan's mandate option (GET api/loans/{id}/topUps). */
export type LoanTopUpRow = ListRow<typeof loanTopUpListShape>;

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
  ...investmentsListRequest,
  title: 'Investments',
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
    // a sold investment stays listed beside the holdings its sale opened
    { field: 'saleDate', header: 'Sale Date', kind: 'datetime', width: 170 },
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
      const response = await callRoute(investmentDetailRoute, { params: { id }, ...(signal ? { signal } : {}) });
      const row: InvestmentDetailRow = response.data;
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
    path: pathOf(investmentRepaymentsRoute, { id: investmentId }),
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
export const saleTransactionColumns: readonly Column<InvestmentSaleTransaction>[] = [
  { field: 'id', header: 'ID', width: 90 },
  { field: 'investmentAccountId', header: 'Account ID', width: 110 },
  { field: 'type', header: 'Type', kind: 'enum', labels: transactionTypeLabels, width: 170 },
  { field: 'status', header: 'Status', kind: 'enum', labels: transactionStatusLabels, width: 110 },
  { field: 'grossAmount', header: 'Gross Amount', kind: 'money' },
  { field: 'principalAmount', header: 'Principal Amount', kind: 'money' },
  { field: 'interestAmount', header: 'Interest Amount', kind: 'money' },
  finalisedDateColumn(),
];

/** A key per call: the loan screen's invest, auto invest, 1% and deploy (not yet given their confirmation's key). */
const loanParams = (loanId: number) => ({ id: String(loanId) });

/** The loan's investments and mandate option lists refetch after money moved in the loan. */
function useInvalidateLoanInvestments(loanId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({
      queryKey: listKey({ path: pathOf(loanInvestmentListRoute, loanParams(loanId)) }),
    });
    void queryClient.invalidateQueries({ queryKey: listKey({ path: pathOf(loanTopUpListRoute, loanParams(loanId)) }) });
    void queryClient.invalidateQueries({ queryKey: listKey(investmentsList) });
  };
}

/** The investor invests from the marketplace (POST api/user/loans/{id}/invest). */
export function useInvestorInvest(loanId: number) {
  const invalidate = useInvalidateLoanInvestments(loanId);
  return useMutation({
    mutationFn: ({ key, ...body }: z.input<typeof investmentInvestorInvestBody> & { key: string }) =>
      callRoute(investmentInvestorInvestRoute, { params: loanParams(loanId), body, headers: idempotencyHeaders(key) }),
    meta: { successMessage: loanMessages.investmentSuccessful },
    onSuccess: invalidate,
  });
}

/** Management invests for an account at a chosen rate (POST api/loans/{id}/invest). */
export function useManagementInvest(loanId: number, key: string) {
  const invalidate = useInvalidateLoanInvestments(loanId);
  return useMutation({
    mutationFn: (body: z.input<typeof investmentManagementInvestBody>) =>
      callRoute(investmentManagementInvestRoute, { params: loanParams(loanId), body, ...confirmationHeaders(key) }),
    meta: { successMessage: loanMessages.investmentSuccessful },
    onSuccess: invalidate,
  });
}

/** Auto Invest from the loan's mandate accounts (POST api/loans/{id}/actions/autoInvest). */
export function useAutoInvest(loanId: number, key: string) {
  const invalidate = useInvalidateLoanInvestments(loanId);
  return useMutation({
    // no amount (or none typed) is the whole remaining funding: the body then leaves it out
    mutationFn: ({ amount }: { amount?: z.input<typeof investmentAutoInvestBody>['amount'] | null }) =>
      callRoute(investmentAutoInvestRoute, {
        params: loanParams(loanId),
        body: amount === null || amount === undefined ? {} : { amount },
        ...confirmationHeaders(key),
      }),
    meta: { successMessage: loanMessages.investmentSuccessful },
    onSuccess: invalidate,
  });
}

/** The house account's 1% (POST api/loans/{id}/actions/investOnePercent); the caller shows the toast. */
export function useInvestOnePercent(loanId: number, key: string) {
  const invalidate = useInvalidateLoanInvestments(loanId);
  return useMutation({
    mutationFn: () =>
      callRoute(investmentOnePercentRoute, { params: loanParams(loanId), body: {}, ...confirmationHeaders(key) }),
    onSuccess: invalidate,
  });
}

/** Deploy a fully funded loan (POST api/loans/{id}/actions/deploy); the caller shows the toast. */
export function useDeployLoan(loanId: number, key: string) {
  const invalidate = useInvalidateLoanInvestments(loanId);
  return useMutation({
    mutationFn: () =>
      callRoute(investmentDeployLoanRoute, { params: loanParams(loanId), body: {}, ...confirmationHeaders(key) }),
    onSuccess: invalidate,
  });
}

/**
 * Reverse an investment (POST api/investments/{id}/reverse): answers the investment and its loan
 * (the screen then goes to the loan); the investment and the lists refetch.
 */
export function useReverseInvestment(investmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      callRoute(investmentReverseRoute, {
        params: { id: String(investmentId) },
        body: {},
        headers: idempotencyHeaders(key),
      }),
    meta: { successMessage: loanMessages.reversalSuccessful },
    onSuccess: async (response) => {
      await queryClient.invalidateQueries({ queryKey: investmentKey(String(investmentId)) });
      await queryClient.invalidateQueries({ queryKey: listKey(investmentsList) });
      await queryClient.invalidateQueries({
        queryKey: listKey({ path: pathOf(loanInvestmentListRoute, loanParams(response.data.loanId)) }),
      });
    },
  });
}
