import {
  type Cents,
  centsFromNumber,
  formatDate,
  interestCalculationMethodLabels,
  type ListRow,
  type LoanStatus,
  type loanInvestmentListShape,
  type loanListShape,
  loanMessages,
  loanStatusLabels,
  type loanTopUpListShape,
  type loanTransactionListShape,
  marketplaceStatusLabels,
  openRepaymentStatuses,
  type ProcessedSchedule,
  type RouteData,
  type RouteRequest,
  type repaymentListShape,
  repaymentStatusLabels,
} from '@lm/domain';
import {
  createLoanRoute,
  deleteLoanRoute,
  editLoanRoute,
  loanInvestmentListRoute,
  loanListRoute,
  loanTopUpListRoute,
  loanTransactionsListRoute,
  payoutPreviewRoute,
  payoutReceiptRoute,
  payoutRoute,
  processLoanScheduleRoute,
  receiptsPublishRoute,
  repaymentsFractionaliseRoute,
  repaymentsListRoute,
  writeOffRoute,
} from '@lm/domain/routes';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, pathOf } from '../../shared/api/call-route';
import { confirmationHeaders } from '../../shared/api/idempotency-key';
import type { FilterField, FilterOption } from '../../shared/filter/filter-fields';
import { finalisedDateColumn } from '../../shared/list/finalised-column';
import { type Column, defineList, type ListDefinition, pageSizeMax } from '../../shared/list/list-types';
import { loansListRequest } from './loans-list-request';

/**
 * The client side of the loans API (spec core §3, §7; server packages/server/src/loans): the loan
 * as GET api/loans answers it, the loan lists of the screens, and the single-loan read.
 */

/** One loan of GET api/loans (every field of spec core §3, money as numbers exact to the cent). */
export type LoanRow = ListRow<typeof loanListShape>;
/** A loan's details as GET api/loans expands them. */
export type LoanDetails = NonNullable<LoanRow['loanDetails']>;

/** The label of an enumeration value the API sends as text (the value itself when unknown). */
export const labelOf = (labels: Readonly<Record<string, string>>, value: string): string => labels[value] ?? value;

/** A loan's status as the domain's rules read it (the list types it as text). */
export const loanStatusOf = (loan: Pick<LoanRow, 'status'>) => loan.status as LoanStatus;

export const loanKey = (id: number | string) => ['loan', String(id)] as const;

/** Cents of an amount the API sent (exact to the cent). */
export const cents = (value: number | null | undefined): Cents =>
  value === null || value === undefined ? 0n : centsFromNumber(value, true);

/**
 * The single-loan read of spec core §7 ("fetched by id filter with loanDetails expanded"): exactly
 * one loan, or the malformed-data message of core §5.
 */
export function loanQuery(id: string) {
  return {
    queryKey: loanKey(id),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      if (!/^\d{1,15}$/.test(id)) throw new Error(loanMessages.loanMalformed);
      const response = await callRoute(loanListRoute, {
        query: { $filter: `id eq ${id}`, $expand: 'loanDetails,client', $top: '2' },
        ...(signal ? { signal } : {}),
      });
      const [loan, ...others] = response.data;
      if (!loan || others.length > 0) throw new Error(loanMessages.loanMalformed);
      return loan;
    },
  };
}

export const optionsOf = (labels: Readonly<Record<string, string>>): FilterOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const listedStatuses = Object.fromEntries(
  Object.entries(loanStatusLabels).filter(([status]) => status !== 'DELETED'),
) as Record<string, string>;

/** A marketplace expiry date, or N/A when the loan has none (investor-and-admin §2 Clients). */
const expiryColumn: Column<LoanRow> = {
  field: 'marketplaceExpiryDate',
  header: 'Marketplace Expiry',
  value: (row) => (row.marketplaceExpiryDate ? formatDate(row.marketplaceExpiryDate) : 'N/A'),
  sortField: 'marketplaceExpiryDate',
  oneLine: true,
  width: 150,
};

/** The loan columns of the client's loans table (investor-and-admin §2 Clients), shared by /loans. */
export const loanColumns: readonly Column<LoanRow>[] = [
  { field: 'id', header: 'ID', width: 70 },
  { field: 'thirdPartyId', header: 'Third Party ID', width: 130 },
  { field: 'name', header: 'Name', flex: 1.6 },
  { field: 'baseInterestRate', header: 'Max Rate p.a.', kind: 'percent', width: 125 },
  { field: 'amount', header: 'Amount', kind: 'money', width: 125 },
  { field: 'fundedAmount', header: 'Funded Amount', kind: 'money', width: 135 },
  { field: 'status', header: 'Status', kind: 'enum', labels: loanStatusLabels, width: 140 },
  { field: 'subStatus', header: 'Sub Status', width: 100 },
  expiryColumn,
];

const loanFilterFields: readonly FilterField[] = [
  { id: 'id', label: 'ID', field: 'id', type: 'integer' },
  { id: 'name', label: 'Name', field: 'name', type: 'string' },
  { id: 'thirdPartyId', label: 'Third Party ID', field: 'thirdPartyId', type: 'string' },
  { id: 'client', label: 'Client', field: 'client/name', type: 'string' },
  {
    id: 'status',
    label: 'Status',
    field: 'status',
    type: 'selection',
    multiple: true,
    options: optionsOf(listedStatuses),
  },
  {
    id: 'loanType',
    label: 'Loan Type',
    field: 'interestCalculationMethod',
    type: 'selection',
    options: optionsOf(interestCalculationMethodLabels),
  },
  {
    id: 'marketplaceStatus',
    label: 'Marketplace Status',
    field: 'marketplaceStatus',
    type: 'selection',
    options: optionsOf(marketplaceStatusLabels),
  },
  { id: 'amountMin', label: 'Amount from', field: 'amount', type: 'currency', operator: 'ge' },
  { id: 'amountMax', label: 'Amount to', field: 'amount', type: 'currency', operator: 'le' },
  { id: 'rateMin', label: 'Max Rate from', field: 'baseInterestRate', type: 'percentage', operator: 'ge' },
  { id: 'rateMax', label: 'Max Rate to', field: 'baseInterestRate', type: 'percentage', operator: 'le' },
  {
    id: 'expiryFrom',
    label: 'Marketplace Expiry from',
    field: 'marketplaceExpiryDate',
    type: 'datetime',
    operator: 'ge',
  },
  { id: 'expiryTo', label: 'Marketplace Expiry to', field: 'marketplaceExpiryDate', type: 'datetime', operator: 'le' },
  { id: 'fundedFrom', label: 'Funded from', field: 'fundedDate', type: 'datetime', operator: 'ge' },
  { id: 'fundedTo', label: 'Funded to', field: 'fundedDate', type: 'datetime', operator: 'le' },
];

/** /loans: default sort id descending (spec core §9); a status criterion is the dashboard's link. */
export const loansList = defineList<LoanRow>({
  ...loansListRequest,
  title: 'Loans',
  columns: [
    ...loanColumns.slice(0, 3),
    { field: 'client/name', header: 'Client', flex: 1.2 },
    ...loanColumns.slice(3, 7),
    expiryColumn,
  ],
  filterFields: loanFilterFields,
});

/** A client's loans (investor-and-admin §2 Clients): GET api/loans?$filter=clientId eq {id}. */
export function clientLoansList(clientId: string): ListDefinition<LoanRow> {
  return defineList<LoanRow>({
    id: `client-${clientId}-loans`,
    path: pathOf(loanListRoute),
    title: 'Loans',
    defaultSort: { field: 'id', direction: 'desc' },
    baseFilter: `clientId eq ${Number(clientId)}`,
    select: [
      'id',
      'thirdPartyId',
      'name',
      'baseInterestRate',
      'amount',
      'fundedAmount',
      'status',
      'subStatus',
      'marketplaceExpiryDate',
    ],
    columns: loanColumns,
  });
}

/** One investment of GET api/loans/{id}/investments, with its account. */
export type LoanInvestmentRow = ListRow<typeof loanInvestmentListShape>;

/** The loan's investments (reversed ones left out); click goes to /investments/{id}. */
export function loanInvestmentsList(loanId: number): ListDefinition<LoanInvestmentRow> {
  return defineList<LoanInvestmentRow>({
    id: `loan-${loanId}-investments`,
    path: pathOf(loanInvestmentListRoute, { id: loanId }),
    title: 'Investments',
    defaultSort: { field: 'investmentAccountTransactionId', direction: 'desc' },
    expand: ['investmentAccount'],
    columns: [
      { field: 'id', header: 'ID', width: 80 },
      { field: 'investmentAccountId', header: 'Account ID', width: 110 },
      { field: 'investmentAccount/name', header: 'Account', flex: 1.4 },
      { field: 'investedAmount', header: 'Invested Amount', kind: 'money' },
      { field: 'investmentInterestRate', header: 'Rate', kind: 'rate4', width: 110 },
      { field: 'investmentPercentage', header: 'Percentage', kind: 'rate4', width: 120 },
      { field: 'creationDate', header: 'Created', kind: 'datetime' },
      // a loan's investments leave out the reversed ones: one without a date is pending
      finalisedDateColumn<LoanInvestmentRow>('Finalised'),
      // a sold investment stays listed beside the holdings the sale opened
      { field: 'saleDate', header: 'Sale Date', kind: 'datetime' },
    ],
  });
}

/** One scheduled repayment of GET api/repayments. */
export type RepaymentRow = ListRow<typeof repaymentListShape>;

/** The loan's repayments, due date ascending (spec core §9). */
export function loanRepaymentsList(loanId: number): ListDefinition<RepaymentRow> {
  return defineList<RepaymentRow>({
    id: `loan-${loanId}-repayments`,
    path: pathOf(repaymentsListRoute),
    title: 'Repayments',
    defaultSort: { field: 'dueDate', direction: 'asc' },
    baseFilter: `loanId eq ${loanId}`,
    columns: [
      { field: 'id', header: 'ID', width: 80 },
      { field: 'dueDate', header: 'Due Date', kind: 'date' },
      { field: 'status', header: 'Status', kind: 'enum', labels: repaymentStatusLabels },
      { field: 'grossAmount', header: 'Gross', kind: 'money' },
      { field: 'principalDue', header: 'Principal Due', kind: 'money' },
      { field: 'interestDue', header: 'Interest Due', kind: 'money' },
      { field: 'principalPaid', header: 'Principal Paid', kind: 'money' },
      { field: 'interestPaid', header: 'Interest Paid', kind: 'money' },
      { field: 'investorsInterestDue', header: 'Investors Interest Due', kind: 'money' },
    ],
  });
}

/** One loan transaction of GET api/loanTransactions (receipts, payouts). */
export type LoanTransactionRow = ListRow<typeof loanTransactionListShape>;

/** The loan's transactions (spec core §7: loan transactions via api/loanTransactions filtered by loanId). */
export function loanTransactionsList(loanId: number): ListDefinition<LoanTransactionRow> {
  return defineList<LoanTransactionRow>({
    id: `loan-${loanId}-transactions`,
    path: pathOf(loanTransactionsListRoute),
    title: 'Loan Transactions',
    defaultSort: { field: 'id', direction: 'desc' },
    baseFilter: `loanId eq ${loanId}`,
    expand: ['repayment'],
    columns: [
      { field: 'id', header: 'ID', width: 80 },
      { field: 'type', header: 'Type' },
      { field: 'status', header: 'Status' },
      { field: 'repayment/dueDate', header: 'Due Date', kind: 'date' },
      { field: 'principalAmount', header: 'Principal', kind: 'money' },
      { field: 'interestAmount', header: 'Interest', kind: 'money' },
      { field: 'netAmount', header: 'Net', kind: 'money' },
      { field: 'finalisedDate', header: 'Finalised', kind: 'datetime' },
    ],
  });
}

/** A loan's mandate option (GET api/loans/{id}/topUps?$expand=investmentAccount). */
export type TopUpRow = ListRow<typeof loanTopUpListShape>;

export function loanTopUpsList(loanId: number): ListDefinition<TopUpRow> {
  return defineList<TopUpRow>({
    id: `loan-${loanId}-topups`,
    path: pathOf(loanTopUpListRoute, { id: loanId }),
    title: 'Mandate Options',
    defaultSort: { field: 'investmentAccountId', direction: 'asc' },
    expand: ['investmentAccount'],
    columns: [
      { field: 'investmentAccountId', header: 'Account ID', width: 120 },
      { field: 'investmentAccount/name', header: 'Account', flex: 1.5 },
      { field: 'mandateRate', header: 'Mandate Rate', kind: 'percent' },
      { field: 'isActive', header: 'Active', kind: 'boolean', width: 100 },
      { field: 'investmentAccount/availableBalance', header: 'Available Balance', kind: 'money' },
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// The loan calls of the screens (each through its route contract) and their cache refreshes

/** What a loan write changes: the loan, every list and the accounts' balances. */
function useLoanRefresh() {
  const queryClient = useQueryClient();
  return (loanId?: number) => {
    if (loanId !== undefined) void queryClient.invalidateQueries({ queryKey: loanKey(loanId) });
    void queryClient.invalidateQueries({ queryKey: ['list'] });
    void queryClient.invalidateQueries({ queryKey: ['investmentAccounts'] });
  };
}

/** POST api/loans/processFile?provider=standard: exactly one draft loan, or the malformed-data message (core §5). */
export async function processScheduleFile(file: File): Promise<ProcessedSchedule> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await callRoute(processLoanScheduleRoute, { query: { provider: 'standard' }, body });
  const [draft, ...others] = response.data;
  if (!draft || others.length > 0) throw new Error(loanMessages.loanMalformed);
  return draft;
}

export function useCreateLoan() {
  const refresh = useLoanRefresh();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof createLoanRoute>['body']) => callRoute(createLoanRoute, { body }),
    meta: { successMessage: loanMessages.loanCreated },
    onSuccess: () => refresh(),
  });
}

export function useEditLoan(loanId: number) {
  const refresh = useLoanRefresh();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof editLoanRoute>['body']) =>
      callRoute(editLoanRoute, { params: { id: String(loanId) }, body }),
    meta: { successMessage: loanMessages.loanEdited },
    onSuccess: () => refresh(loanId),
  });
}

/** Whether a cached read is about this one loan: the loan itself, or a list of its rows. */
function isAboutLoan(queryKey: readonly unknown[], loanId: number): boolean {
  if (queryKey[0] === 'loan' && queryKey[1] === String(loanId)) return true;
  if (queryKey[0] !== 'list') return false;
  const text = JSON.stringify(queryKey);
  return text.includes(`/loans/${loanId}/`) || new RegExp(`loanId eq ${loanId}(?!\\d)`).test(text);
}

/**
 * After a loan is deleted: its reads are removed, not refetched (a refetch could only answer
 * 'Loan not found'); every other list and the accounts' balances are refreshed.
 */
export async function forgetDeletedLoan(queryClient: QueryClient, loanId: number): Promise<void> {
  const aboutLoan = { predicate: (query: { queryKey: readonly unknown[] }) => isAboutLoan(query.queryKey, loanId) };
  await queryClient.cancelQueries(aboutLoan);
  queryClient.removeQueries(aboutLoan);
  void queryClient.invalidateQueries({ queryKey: ['list'] });
  void queryClient.invalidateQueries({ queryKey: ['investmentAccounts'] });
}

export function useDeleteLoan(loanId: number) {
  return useMutation({
    mutationFn: () => callRoute(deleteLoanRoute, { params: { id: String(loanId) }, body: {} }),
  });
}

/** POST api/loans/actions/payout/preview: what a payout at the date would be (nothing changes). */
export function previewPayout(body: RouteRequest<typeof payoutPreviewRoute>['body']) {
  return callRoute(payoutPreviewRoute, { body });
}

export type PayoutPlan = RouteData<typeof payoutPreviewRoute>;

export function usePayout(loanId: number, key: string) {
  const refresh = useLoanRefresh();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof payoutRoute>['body']) =>
      callRoute(payoutRoute, { body, ...confirmationHeaders(key) }),
    meta: { successMessage: loanMessages.payoutCreated },
    onSuccess: () => refresh(loanId),
  });
}

export function useWriteOff(loanId: number, key: string) {
  const refresh = useLoanRefresh();
  return useMutation({
    mutationFn: (body: RouteRequest<typeof writeOffRoute>['body']) =>
      callRoute(writeOffRoute, { body, ...confirmationHeaders(key) }),
    meta: { successMessage: loanMessages.loanWrittenOff },
    onSuccess: () => refresh(loanId),
  });
}

/** GET api/loans/{id}/payoutReceipt: the payout's receipt and how far it has gone (null without a payout). */
export function payoutReceiptQuery(loanId: number) {
  return {
    queryKey: [...loanKey(loanId), 'payoutReceipt'] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await callRoute(payoutReceiptRoute, { params: { id: String(loanId) }, ...(signal ? { signal } : {}) })).data,
  };
}

export type PayoutReceiptState = NonNullable<RouteData<typeof payoutReceiptRoute>>;

/**
 * Publishes the payout receipt through the repayments API (POST api/repayments/receipts/batch), as
 * an uploaded receipt would be: applied to the payout repayment, held for the investors.
 */
export function usePublishPayoutReceipt(loanId: number, key: string) {
  const refresh = useLoanRefresh();
  return useMutation({
    mutationFn: (receipt: PayoutReceiptState['receipt']) =>
      callRoute(receiptsPublishRoute, { body: [receipt], ...confirmationHeaders(key) }),
    meta: { successMessage: loanMessages.payoutReceiptPublished },
    onSuccess: () => refresh(loanId),
  });
}

/** Fractionalises the published payout receipt (POST api/repayments/fractionalise): the investors are paid out. */
export function useFractionalisePayoutReceipt(loanId: number, key: string) {
  const refresh = useLoanRefresh();
  return useMutation({
    mutationFn: (loanTransactionId: number) =>
      callRoute(repaymentsFractionaliseRoute, { body: [loanTransactionId], ...confirmationHeaders(key) }),
    meta: { successMessage: loanMessages.loanPaidOut },
    onSuccess: () => refresh(loanId),
  });
}

/** The loan's open repayments (the payout dates offered), due date ascending. */
export function openRepaymentsQuery(loanId: number) {
  return {
    queryKey: ['loan', String(loanId), 'openRepayments'] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (
        await callRoute(repaymentsListRoute, {
          query: {
            $filter: `loanId eq ${loanId} and status in (${openRepaymentStatuses.map((s) => `'${s}'`).join(',')})`,
            $orderby: 'dueDate asc',
            $top: String(pageSizeMax),
          },
          ...(signal ? { signal } : {}),
        })
      ).data,
  };
}
