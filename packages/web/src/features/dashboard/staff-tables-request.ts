import type { LoanStatisticsRow } from '@lm/domain';
import { api } from '../../shared/api/api-client';
import { serverToday } from '../../shared/api/server-today';

/*
 * The staff dashboard's four loan tables as the server is asked for them (spec core §2.4), without
 * the domain's route contracts and zod: the app's start-up code asks for them as the app starts
 * (app/route-preload.ts), before the dashboard's chunk has loaded, under the keys the dashboard's
 * tables read. dashboard-api.ts re-exports them; staff-tables-request.test.ts checks the path
 * against the domain's contract.
 */

export const dashboardKey = ['dashboard'] as const;
export const staffKey = [...dashboardKey, 'staff'] as const;

/** `GET /api/loans/statistics` (the domain's loanStatisticsRoute). */
export const loanStatisticsPath = '/api/loans/statistics';

/** The four tables of the administrator and reduced staff dashboards (spec core §2.4). */
export const staffTableIds = ['status', 'arrears', 'expired', 'funded'] as const;
export type StaffTableId = (typeof staffTableIds)[number];

/** Loans funded in the last 30 days (spec core §9 "Dashboard window"). */
export const fundedWindowDays = 30;

/**
 * The loan statistics query of each table (docs/api.md, `GET api/loans/statistics`). Each selects
 * only the columns it shows: without a repayment total in `$select` the server does not add up
 * every repayment of the book.
 */
export function staffTableQuery(table: StaffTableId, today: string): Record<string, string> {
  switch (table) {
    case 'status':
      return { groupBy: 'status', $select: 'status,count', $orderby: 'status asc' };
    case 'arrears':
      return {
        groupBy: 'id,name,gracePeriodDays,status',
        $select: 'id,name,gracePeriodDays,status,count',
        $filter: "status eq 'ACTIVE_IN_ARREARS'",
        $orderby: 'id desc',
      };
    case 'expired':
      return {
        groupBy: 'id,name,marketplaceExpiryDate,status',
        $select: 'id,name,marketplaceExpiryDate,status,count',
        $filter: "status eq 'MARKETPLACE_FUNDING_EXPIRED'",
        $orderby: 'marketplaceExpiryDate desc',
      };
    case 'funded': {
      const from = new Date(`${today}T00:00:00Z`);
      from.setUTCDate(from.getUTCDate() - fundedWindowDays);
      return {
        groupBy: 'id,name,fundedDate,status',
        $select: 'id,name,fundedDate,status,count',
        $filter: `fundedDate ge ${from.toISOString().slice(0, 10)}`,
        $orderby: 'fundedDate desc',
      };
    }
  }
}

/**
 * One table's query (a plain object, without TanStack Query's code: the start-up code asks for it
 * before that has loaded; useQuery takes it as it is).
 */
export function loanTableQuery(table: StaffTableId) {
  return {
    queryKey: [...staffKey, 'loans', table] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LoanStatisticsRow[]> =>
      (await api.get<LoanStatisticsRow[]>(loanStatisticsPath, { query: staffTableQuery(table, serverToday()), signal }))
        .data,
  };
}
