import {
  type Cents,
  centsFromNumber,
  formatDate,
  type InterestCalculationMethod,
  type InterestType,
  interestCalculationMethodLabels,
  type LoanStatus,
  loanMessages,
  loanStatusLabels,
  type MarketplaceStatus,
  marketplaceStatusLabels,
  repaymentStatusLabels,
  type SetupStatus,
  type TermPeriodUnit,
} from '@lm/domain';
import { api } from '../../shared/api/api-client';
import type { FilterField, FilterOption } from '../../shared/filter/filter-fields';
import { type Column, defineList, type ListDefinition } from '../../shared/list/list-types';

/**
 * The client side of the loans API (spec core §3, §7; server packages/server/src/loans): the loan
 * as GET api/loans answers it, the loan lists of the screens, and the single-loan read.
 */

export interface LoanDetails {
  loanPurpose: string | null;
  industryType: string | null;
  businessAge: string | null;
  directorCount: number | null;
  employeeCount: number | null;
  companyRevenue: number | null;
  companyState: string | null;
  bankruptciesLegalActionsCollections: string | null;
  securityType: string | null;
  financialAccountsType: string | null;
  financialAccountsDate: string | null;
  loanStory: string | null;
  underwriterComment?: string | null;
}

/** One loan of GET api/loans (every field of spec core §3, money as numbers exact to the cent). */
export interface LoanRow {
  id: number;
  name: string;
  thirdPartyId: string | null;
  clientId: number;
  amount: number;
  fundedAmount: number;
  fundedProgress: number;
  fundingRemaining: number;
  baseInterestRate: number;
  marketplaceRate: number;
  marketplaceStatus: MarketplaceStatus;
  marketplaceStartDate: string | null;
  marketplaceExpiryDate: string | null;
  disbursementDate: string | null;
  startDate: string | null;
  fundedDate: string | null;
  status: LoanStatus;
  interestType: InterestType;
  interestCalculationMethod: InterestCalculationMethod;
  term: number;
  termPeriod: number;
  termPeriodUnit: TermPeriodUnit;
  principalRepaid: number;
  interestRepaid: number;
  principalRemaining: number;
  interestRemaining: number;
  repaymentCount: number;
  fundedRate: number | null;
  houseInvestedAmount: number;
  otherInvestmentCount: number;
  gracePeriodDays: number;
  subStatus: string | null;
  setupStatus: SetupStatus;
  rescheduledLoanId: number | null;
  notes: string | null;
  principalWrittenOff: number;
  interestWrittenOff: number;
  createdAt: string;
  updatedAt: string;
  loanDetails?: LoanDetails | null;
  client?: { id: number; name: string } | null;
}

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
      const response = await api.get<LoanRow[]>('/api/loans', {
        query: { $filter: `id eq ${id}`, $expand: 'loanDetails,client', $top: 2 },
        ...(signal ? { signal } : {}),
      });
      if (response.data.length !== 1) throw new Error(loanMessages.loanMalformed);
      return response.data[0] as LoanRow;
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
  id: 'loans',
  path: '/api/loans',
  title: 'Loans',
  defaultSort: { field: 'id', direction: 'desc' },
  expand: ['client'],
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
    path: '/api/loans',
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
export interface LoanInvestmentRow {
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
  investmentAccountTransactionId: number | null;
  principalRepaid: number;
  principalOutstanding: number;
  investmentAccount: { id: number; name: string; availableBalance: number } | null;
}

/** The loan's investments (reversed ones left out); click goes to /investments/{id}. */
export function loanInvestmentsList(loanId: number): ListDefinition<LoanInvestmentRow> {
  return defineList<LoanInvestmentRow>({
    id: `loan-${loanId}-investments`,
    path: `/api/loans/${loanId}/investments`,
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
      { field: 'finalisedDate', header: 'Finalised', kind: 'datetime' },
    ],
  });
}

/** One scheduled repayment of GET api/repayments. */
export interface RepaymentRow {
  id: number;
  dueDate: string;
  status: string;
  principalDue: number;
  principalPaid: number;
  interestDue: number;
  interestPaid: number;
  investorsInterestDue: number | null;
  grossAmount: number;
  organisationCommissionDue: number | null;
}

/** The loan's repayments, due date ascending (spec core §9). */
export function loanRepaymentsList(loanId: number): ListDefinition<RepaymentRow> {
  return defineList<RepaymentRow>({
    id: `loan-${loanId}-repayments`,
    path: '/api/repayments',
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
export interface LoanTransactionRow {
  id: number;
  type: string;
  status: string;
  principalAmount: number;
  interestAmount: number;
  netAmount: number;
  grossAmount: number;
  finalisedDate: string | null;
  repayment?: { dueDate: string } | null;
}

/** The loan's transactions (spec core §7: loan transactions via api/loanTransactions filtered by loanId). */
export function loanTransactionsList(loanId: number): ListDefinition<LoanTransactionRow> {
  return defineList<LoanTransactionRow>({
    id: `loan-${loanId}-transactions`,
    path: '/api/loanTransactions',
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
export interface TopUpRow {
  id: number;
  investmentAccountId: number;
  mandateRate: number;
  isActive: boolean;
  investmentAccount: { id: number; name: string; availableBalance: number } | null;
}

export function loanTopUpsList(loanId: number): ListDefinition<TopUpRow> {
  return defineList<TopUpRow>({
    id: `loan-${loanId}-topups`,
    path: `/api/loans/${loanId}/topUps`,
    title: 'Mandate Options',
    defaultSort: { field: 'investmentAccountId', direction: 'asc' },
    expand: ['investmentAccount'],
    columns: [
      { field: 'investmentAccountId', header: 'Account ID', width: 120 },
      { field: 'investmentAccount/name', header: 'Account', flex: 1.5 },
      { field: 'mandateRate', header: 'Mandate Rate', kind: 'rate4' },
      { field: 'isActive', header: 'Active', kind: 'boolean', width: 100 },
      { field: 'investmentAccount/availableBalance', header: 'Available Balance', kind: 'money' },
    ],
  });
}
