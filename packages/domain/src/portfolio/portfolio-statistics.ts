import { addDays, financialYearStart } from '../clock';

/**
 * The investor dashboard's statistics (spec core §2.4 and §7 "Dashboard and statistics";
 * investor-and-admin §7 "Statistics and reports"): GET api/user/transactions/statistics,
 * api/user/repayments/statistics and api/user/investments/statistics with groupBy, startDate and
 * endDate. Time buckets are computed here once, for the server's totals and the graphs' axes alike.
 */

/** Graph intervals (spec core §9). */
export const statisticsIntervals = [
  'day',
  'week',
  'fortnight',
  'month',
  'quarter',
  'half',
  'year',
  'financialYear',
] as const;
export type StatisticsInterval = (typeof statisticsIntervals)[number];

/** Groupings of investments other than time: the industry radar, the state map, the portfolio tabs. */
export const investmentGroupings = [
  'industryType',
  'companyState',
  'loanStatus',
  'loanId',
  'investmentAccountId',
] as const;
export type InvestmentGrouping = (typeof investmentGroupings)[number];

/** A Monday, the anchor of week and fortnight buckets. */
const mondayAnchor = '2000-01-03';
const dayMs = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

/**
 * The first day (YYYY-MM-DD) of the interval that contains a date: weeks and fortnights start on
 * a Monday (fortnights counted from Monday 3 January 2000), quarters and halves on calendar
 * boundaries (which are the financial year's too), financial years on 1 July.
 */
export function intervalStart(isoDate: string, interval: StatisticsInterval): string {
  const year = isoDate.slice(0, 4);
  const month = Number(isoDate.slice(5, 7));
  switch (interval) {
    case 'day':
      return isoDate;
    case 'week':
    case 'fortnight': {
      const span = interval === 'week' ? 7 : 14;
      const offset = daysBetween(mondayAnchor, isoDate);
      return addDays(isoDate, -(((offset % span) + span) % span));
    }
    case 'month':
      return `${isoDate.slice(0, 7)}-01`;
    case 'quarter':
      return `${year}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
    case 'half':
      return `${year}-${month >= 7 ? '07' : '01'}-01`;
    case 'year':
      return `${year}-01-01`;
    case 'financialYear':
      return financialYearStart(isoDate);
  }
}

/** The first day of the interval after the one starting at `start`. */
export function nextIntervalStart(start: string, interval: StatisticsInterval): string {
  const addMonths = (months: number) => {
    const d = new Date(`${start}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d.toISOString().slice(0, 10);
  };
  switch (interval) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'fortnight':
      return addDays(start, 14);
    case 'month':
      return addMonths(1);
    case 'quarter':
      return addMonths(3);
    case 'half':
      return addMonths(6);
    case 'year':
    case 'financialYear':
      return addMonths(12);
  }
}

/** Buckets one statistics query may answer (a daily graph over about 10 years). */
export const statisticsBucketsMax = 4000;

/**
 * Spec core §8's not-found texts for the dashboards: a graph (a transaction type the graphs read,
 * or a graph of the dashboard), a period (an interval) or a chart (a grouping of investments) that
 * does not exist. The server answers them as a 400 whose message is the text alone.
 */
export const dashboardMessages = {
  graphNotFound: 'Graph does not exist',
  periodNotFound: 'Period does not exist',
  chartNotFound: 'Chart does not exist',
} as const;

/** GET api/accounts/portfolio: startDate and endDate bound interestRepaid; select picks fields. */
export const portfolioSummaryFields = [
  'accountId',
  'accountName',
  'principalOutstanding',
  'currentCashBalance',
  'availableCashBalance',
  'interestRepaid',
] as const;
export type PortfolioSummaryField = (typeof portfolioSummaryFields)[number];

// ---------------------------------------------------------------------------------------------
// Beyond the specification (issue "Dashboards"): the rows behind a bar, and the whole book's share

/** The investor dashboard's interval graphs, by what they add up. */
export const dashboardGraphs = ['repaymentsPaid', 'repaymentsDue', 'loansFunded'] as const;
export type DashboardGraph = (typeof dashboardGraphs)[number];

/** The transaction type a graph adds up (GET api/user/transactions/statistics `type`); null: repayments due. */
export const graphTransactionType: Record<DashboardGraph, string | null> = {
  repaymentsPaid: 'REPAYMENT',
  loansFunded: 'INVESTMENT',
  repaymentsDue: null,
};

/** A bar holds at most this many rows; more asks for a shorter period. */
export const barRowsMax = 10_000;
export const barRowsTooMany = `This bar holds more than ${barRowsMax.toLocaleString('en-AU')} rows; please drill down to a shorter period.`;

/** The charts that show the whole book beside the investor: the radar's industries, the map's states. */
export const bookShareCharts = ['industryType', 'companyState'] as const;
export type BookShareChart = (typeof bookShareCharts)[number];
