import {
  type BookShareChart,
  type DashboardGraph,
  financialYearStart,
  type InvestmentGrouping,
  type StatisticsRow,
} from '@lm/domain';
import {
  accountStatisticsRoute,
  arrearsCheckRoute,
  barRowsRoute,
  bookSharesRoute,
  investmentStatisticsRoute,
  investorStatisticsRoute,
  loanTransactionsListRoute,
  portfolioSummaryRoute,
  repaymentStatisticsRoute,
  transactionListRoute,
  transactionStatisticsRoute,
} from '@lm/domain/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../shared/api/call-route';
import { notifyError, notifySuccess } from '../../shared/toast/toast-store';
import { ownAccountsQuery } from '../accounts';
import { type GraphView, groupByOf, rangeOf } from './graph-view';
import { dashboardKey, staffKey } from './staff-tables-request';

/**
 * Everything the dashboards read and run (spec core §2.4, §7 "Dashboard and statistics";
 * docs/api.md): each call goes through its route contract from the domain.
 */

export { serverToday } from '../../shared/api/server-today';
export {
  dashboardKey,
  fundedWindowDays,
  loanTableQuery,
  type StaffTableId,
  staffTableIds,
  staffTableQuery,
} from './staff-tables-request';

// ---- staff -------------------------------------------------------------------------------------

/** Total Available and Current Balance over investor accounts. */
export const accountTotalsQuery = queryOptions({
  queryKey: [...staffKey, 'accounts'] as const,
  queryFn: async ({ signal }) => (await callRoute(accountStatisticsRoute, { signal })).data,
});

/** Investors (active count): the ACTIVE row of the investor statistics. */
export const activeInvestorsQuery = queryOptions({
  queryKey: [...staffKey, 'investors'] as const,
  queryFn: async ({ signal }) => {
    const rows = (await callRoute(investorStatisticsRoute, { query: { groupBy: 'status' }, signal })).data;
    return rows.find((row) => row.status === 'ACTIVE')?.count ?? 0;
  },
});

/** The live count of the Pending Withdrawals tile: the rows of that screen. */
export const pendingWithdrawalsCountQuery = queryOptions({
  queryKey: [...staffKey, 'pendingWithdrawals'] as const,
  queryFn: async ({ signal }) =>
    (
      await callRoute(transactionListRoute, {
        query: { $filter: "type eq 'WITHDRAWAL' and finalisedDate eq null", $top: 1, $count: 'true', $select: 'id' },
        signal,
      })
    ).count ?? 0,
});

/** The live count of the Excess Pending tile: paid receipts with an excess still to handle. */
export const excessPendingCountQuery = queryOptions({
  queryKey: [...staffKey, 'excessPending'] as const,
  queryFn: async ({ signal }) =>
    (
      await callRoute(loanTransactionsListRoute, {
        query: {
          $filter: "status eq 'PAID' and type eq 'REPAYMENT' and reversalTransactionId eq null and excessPending gt 0",
          $top: 1,
          $count: 'true',
          $select: 'id',
        },
        signal,
      })
    ).count ?? 0,
});

/** Run Arrears Check: the toast, then the status counts and arrears lists are refreshed (spec core §7). */
export function useArrearsCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(arrearsCheckRoute, { body: {} }),
    onSuccess: (response) => {
      notifySuccess('Loans in arrears have been calculated', response.userMessage);
      void queryClient.invalidateQueries({ queryKey: staffKey });
    },
    onError: notifyError,
  });
}

// ---- investor ----------------------------------------------------------------------------------

/** The investor's accounts (the selector shows only with more than one). */
export const investorAccountsQuery = ownAccountsQuery;

/** The header tiles: per account, interest earned since the start of this financial year. */
export function portfolioTilesQuery(today: string) {
  return queryOptions({
    queryKey: [...dashboardKey, 'portfolio', today] as const,
    queryFn: async ({ signal }) =>
      (
        await callRoute(portfolioSummaryRoute, {
          query: { startDate: financialYearStart(today), endDate: today },
          signal,
        })
      ).data,
    // spec core §9: portfolio summaries at most every 10 s
    staleTime: 10_000,
  });
}

/** The three interval graphs and where each reads from. */
export type GraphSource = DashboardGraph;

/** One graph's buckets for one view and account (all accounts when null). */
export function graphQuery(source: GraphSource, view: GraphView, accountId: number | null) {
  const { startDate, endDate } = rangeOf(view);
  const query = {
    groupBy: groupByOf(view.level),
    startDate,
    endDate,
    ...(accountId === null ? {} : { accountId }),
  };
  return queryOptions({
    queryKey: [...dashboardKey, 'graph', source, query] as const,
    queryFn: async ({ signal }): Promise<StatisticsRow[]> => {
      switch (source) {
        case 'repaymentsPaid':
          return (await callRoute(transactionStatisticsRoute, { query: { ...query, type: 'REPAYMENT' }, signal })).data;
        case 'loansFunded':
          return (await callRoute(transactionStatisticsRoute, { query: { ...query, type: 'INVESTMENT' }, signal }))
            .data;
        case 'repaymentsDue':
          return (await callRoute(repaymentStatisticsRoute, { query, signal })).data;
      }
    },
  });
}

/** The radar (industryType) and the map (companyState): current investments per attribute. */
export function investmentShareQuery(
  grouping: Extract<InvestmentGrouping, 'industryType' | 'companyState' | 'loanStatus'>,
  accountId: number | null,
) {
  const query = { groupBy: grouping, ...(accountId === null ? {} : { accountId }) };
  return queryOptions({
    queryKey: [...dashboardKey, 'investments', query] as const,
    queryFn: async ({ signal }) => (await callRoute(investmentStatisticsRoute, { query, signal })).data,
  });
}

/** The whole book's share per industry (radar) or state (map): percent only, the same for every investor. */
export function bookSharesQuery(groupBy: BookShareChart) {
  return queryOptions({
    queryKey: [...dashboardKey, 'book', groupBy] as const,
    queryFn: async ({ signal }) => (await callRoute(bookSharesRoute, { query: { groupBy }, signal })).data,
    // the server reads the whole book at most once a minute
    staleTime: 60_000,
  });
}

/** The rows behind one bar: the bar of `view`'s level starting on `key`, of one account or all. */
export function barRowsQuery(source: GraphSource, view: GraphView, key: string, accountId: number | null) {
  const query = {
    graph: source,
    groupBy: groupByOf(view.level),
    key,
    ...(accountId === null ? {} : { accountId }),
  };
  return queryOptions({
    queryKey: [...dashboardKey, 'rows', query] as const,
    queryFn: async ({ signal }) => (await callRoute(barRowsRoute, { query, signal })).data,
  });
}

export function useInvestorAccounts() {
  return useQuery(investorAccountsQuery);
}
