import {
  type investmentRepaymentListShape,
  type ListRow,
  malformedDataMessage,
  type PortfolioTab,
  portfolioArrearsTab,
  type portfolioInvestmentListShape,
  repaymentStatusLabels,
  termPeriodUnitLabels,
} from '@lm/domain';
import { portfolioSummaryRoute, userAccountInvestmentsRoute, userAccountRepaymentsRoute } from '@lm/domain/routes';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callRoute, pathOf } from '../../shared/api/call-route';
import { odataString } from '../../shared/filter/filter-fields';
import { type Column, defineList, type ListDefinition, pageSizesWithAll } from '../../shared/list/list-types';
import { type OwnAccount, ownAccountsQuery, portfolioSummaryKey } from '../accounts';

/**
 * The investor's portfolio (investor-and-admin §2 Portfolio; spec core §3 "Portfolio investment";
 * docs/api.md "Repayments and portfolio"): the per-account summaries, the investments of an
 * account by tab, one investment, and its share of its loan's repayments.
 */

/** One row of GET api/user/investmentAccounts/{id}/investments. */
export type PortfolioInvestmentRow = ListRow<typeof portfolioInvestmentListShape>;

/** One row of GET api/user/investmentAccounts/{id}/repayments: the investment's share of a repayment. */
export type InvestorRepaymentRow = ListRow<typeof investmentRepaymentListShape>;

/** GET api/accounts/portfolio: one summary per account of the caller (principal outstanding and balances). */
export const portfolioSummariesQuery = {
  queryKey: [...portfolioSummaryKey, 'all'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await callRoute(portfolioSummaryRoute, signal ? { signal } : {})).data,
  // spec §9: portfolio summaries are fetched at most every 10 s
  staleTime: 10_000,
};

export function usePortfolioSummariesQuery() {
  return useQuery(portfolioSummariesQuery);
}

/** The OData condition of a portfolio tab (the domain's rule: loan statuses, sold investments closed). */
export function portfolioTabFilter(tab: PortfolioTab): string {
  const statuses = `loanStatus in (${tab.loanStatuses.map(odataString).join(',')})`;
  return tab.includesSold ? `(${statuses} or saleDate ne null)` : `${statuses} and saleDate eq null`;
}

/** A loan's term as its length in units ('' when the term is not known). */
export function termText(row: {
  term: number | null;
  termPeriod: number | null;
  termPeriodUnit: string | null;
}): string {
  if (row.term === null) return '';
  const unit = row.termPeriodUnit
    ? (termPeriodUnitLabels[row.termPeriodUnit as keyof typeof termPeriodUnitLabels] ?? row.termPeriodUnit)
    : '';
  const length = row.term * (row.termPeriod ?? 1);
  return `${length} ${unit}`.trim();
}

/**
 * The columns of a portfolio tab (the tab says the loan's status); the Repaid cell is drawn by the
 * screen (a progress bar).
 */
export function portfolioInvestmentColumns(
  repaidCell: (row: PortfolioInvestmentRow) => ReactNode,
): Column<PortfolioInvestmentRow>[] {
  return [
    { field: 'loanId', header: 'Loan ID', width: 80 },
    { field: 'loanName', header: 'Loan', flex: 1 },
    { field: 'investedAmount', header: 'Invested Amount', kind: 'money', width: 130 },
    { field: 'investmentInterestRate', header: 'Rate', kind: 'percent', width: 80 },
    { field: 'principalRepaid', header: 'Principal Repaid', kind: 'money', width: 130 },
    { field: 'interestRepaid', header: 'Interest Repaid', kind: 'money', width: 125 },
    { field: 'principalOutstanding', header: 'Principal Outstanding', kind: 'money', width: 160 },
    { field: 'repaidProgress', header: 'Repaid', kind: 'percent', width: 140, render: repaidCell },
    { field: 'fundedDate', header: 'Funded Date', kind: 'date', width: 110 },
  ];
}

/** One account's investments in one tab; default sort investmentAccountTransactionId descending (spec core §9). */
export function portfolioInvestmentsList(
  accountId: number,
  tab: PortfolioTab,
  columns: readonly Column<PortfolioInvestmentRow>[],
): ListDefinition<PortfolioInvestmentRow> {
  return defineList<PortfolioInvestmentRow>({
    id: `portfolio-${accountId}-${tab.id}`,
    path: pathOf(userAccountInvestmentsRoute, { id: accountId }),
    title: tab.label,
    defaultSort: { field: 'investmentAccountTransactionId', direction: 'desc' },
    baseFilter: portfolioTabFilter(tab),
    columns,
  });
}

/** The investment's share of its loan's repayments, due date ascending (spec core §9). */
export function investorRepaymentsList(
  accountId: number,
  investmentId: number,
  isForeign: boolean,
): ListDefinition<InvestorRepaymentRow> {
  const columns: Column<InvestorRepaymentRow>[] = [
    { field: 'dueDate', header: 'Due Date', kind: 'date', width: 130 },
    { field: 'repaymentStatus', header: 'Repayment Status', kind: 'enum', labels: repaymentStatusLabels, width: 160 },
    { field: 'principalDue', header: 'Principal Due', kind: 'money' },
    { field: 'investorsInterestDue', header: 'Interest Due', kind: 'money' },
    { field: 'netAmount', header: 'Net Amount', kind: 'money' },
    { field: 'principalPaid', header: 'Principal Received', kind: 'money' },
    { field: 'interestPaid', header: 'Interest Received', kind: 'money' },
  ];
  if (isForeign) columns.push({ field: 'taxWithheldAmount', header: 'Tax Withheld', kind: 'money' });
  return defineList<InvestorRepaymentRow>({
    id: `portfolio-investment-${investmentId}-repayments`,
    path: pathOf(userAccountRepaymentsRoute, { id: accountId }),
    title: 'Repayments',
    defaultSort: { field: 'dueDate', direction: 'asc' },
    // investor-and-admin §9: repayments also offer All
    pageSizes: pageSizesWithAll,
    baseFilter: `investmentId eq ${investmentId}`,
    columns,
  });
}

export const portfolioInvestmentKey = (id: string) => ['portfolio', 'investment', id] as const;

/**
 * One of the caller's investments by id (there is no single-investment call for investors: each
 * of the caller's accounts is asked); exactly one, or the malformed-data message (§5).
 */
export async function fetchPortfolioInvestment(
  id: string,
  accounts: readonly OwnAccount[],
  signal?: AbortSignal,
): Promise<{ investment: PortfolioInvestmentRow; account: OwnAccount }> {
  if (!/^\d{1,15}$/.test(id)) throw new Error(malformedDataMessage('Investment'));
  const found: { investment: PortfolioInvestmentRow; account: OwnAccount }[] = [];
  for (const account of accounts) {
    const response = await callRoute(userAccountInvestmentsRoute, {
      params: { id: String(account.id) },
      query: { $filter: `id eq ${id}`, $top: '2' },
      ...(signal ? { signal } : {}),
    });
    for (const investment of response.data) found.push({ investment, account });
  }
  const only = found.length === 1 ? found[0] : undefined;
  if (!only) throw new Error(malformedDataMessage('Investment'));
  return only;
}

/** The investment of /portfolio/{id}, read from the caller's own accounts. */
export function usePortfolioInvestment(id: string) {
  const accounts = useQuery(ownAccountsQuery);
  const investment = useQuery({
    queryKey: portfolioInvestmentKey(id),
    queryFn: ({ signal }) => fetchPortfolioInvestment(id, accounts.data ?? [], signal),
    enabled: accounts.isSuccess,
    meta: { silent: true },
  });
  return { accounts, investment };
}

/** Where the dashboard's 'Investments in Arrears' link goes: the In Arrears tab, panels expanded (spec core §2.4). */
export function portfolioArrearsHref(accountId?: number): string {
  const params = new URLSearchParams({ tab: portfolioArrearsTab });
  if (accountId !== undefined) params.set('account', String(accountId));
  return `/portfolio?${params.toString()}`;
}
