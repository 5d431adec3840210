import { z } from 'zod';
import { addDays, financialYearStart } from '../clock';
import { idParam, textInput } from '../contract/inputs';
import { isIsoDate } from '../repayments/repayments';
import { transactionTypes } from '../transactions/transaction-types';

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

const dateParam = z
  .string()
  .trim()
  .transform((v) => v.slice(0, 10))
  .refine(isIsoDate, 'must be a date written YYYY-MM-DD');
/** The longest transaction type a statistics query may name. */
export const statisticsTypeLengthMax = 40;

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

/**
 * One of a fixed list of values, refused with one of our own sentences (a custom refusal, so the
 * server shows that text alone); the OpenAPI document still lists the values.
 */
export function oneOf<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .string()
    .refine((value) => (values as readonly string[]).includes(value), { message })
    .meta({ enum: [...values] }) as unknown as z.ZodType<T[number], string>;
}

function statisticsQuery<G extends readonly [string, ...string[]]>(groupings: G, unknownGroupBy: string) {
  return z
    .object({
      groupBy: oneOf(groupings, unknownGroupBy).default(groupings[0] as G[number] as never),
      startDate: dateParam.optional(),
      endDate: dateParam.optional(),
      /** One of the caller's accounts; all of them when absent (the selector's All option). */
      investmentAccountId: idParam.optional(),
      accountId: idParam.optional(),
    })
    .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
      message: 'startDate must not be after endDate',
      path: ['endDate'],
    })
    .transform(({ accountId, investmentAccountId, ...rest }) => ({
      ...rest,
      investmentAccountId: investmentAccountId ?? accountId,
    }));
}

const intervalList = [...statisticsIntervals] as [StatisticsInterval, ...StatisticsInterval[]];

/** GET api/user/transactions/statistics: totals of the caller's finalised transactions per interval. */
export const transactionStatisticsQuery = statisticsQuery(intervalList, dashboardMessages.periodNotFound).and(
  z.object({
    /** The graph: which transactions it adds up (REPAYMENT for Repayments Paid, INVESTMENT for Loans Funded). */
    type: textInput(statisticsTypeLengthMax)
      .transform((v) => v.toUpperCase())
      .refine((v) => (transactionTypes as readonly string[]).includes(v), {
        message: dashboardMessages.graphNotFound,
      })
      .optional(),
  }),
);

/** GET api/user/repayments/statistics: the caller's share of repayments due per interval. */
export const repaymentStatisticsQuery = statisticsQuery(intervalList, dashboardMessages.periodNotFound);

/**
 * GET api/user/investments/statistics: the caller's investments per interval (of deploy) or per
 * loan attribute (the radar's industries, the map's states); anything else is no chart.
 */
export const investmentStatisticsQuery = statisticsQuery(
  [...statisticsIntervals, ...investmentGroupings] as [
    StatisticsInterval | InvestmentGrouping,
    ...(StatisticsInterval | InvestmentGrouping)[],
  ],
  dashboardMessages.chartNotFound,
);

export type TransactionStatisticsQuery = z.infer<typeof transactionStatisticsQuery>;
export type RepaymentStatisticsQuery = z.infer<typeof repaymentStatisticsQuery>;
export type InvestmentStatisticsQuery = z.infer<typeof investmentStatisticsQuery>;

/** A statistics row: its key (an interval's first day, or the grouped value) and totals. */
export const statisticsRowSchema = z.object({
  key: z.string(),
  count: z.number().int(),
  totalGrossAmount: z.number().optional(),
  totalPrincipalAmount: z.number().optional(),
  totalInterestAmount: z.number().optional(),
  totalTaxWithheldAmount: z.number().optional(),
  totalPrincipalDue: z.number().optional(),
  totalInvestorsInterestDue: z.number().optional(),
  totalInvestedAmount: z.number().optional(),
  totalPrincipalOutstanding: z.number().optional(),
  averageRate: z.number().optional(),
});
export type StatisticsRow = z.infer<typeof statisticsRowSchema>;

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

export const portfolioSummaryQuery = z
  .object({
    startDate: dateParam.optional(),
    endDate: dateParam.optional(),
    select: z.string().max(500).optional(),
    $select: z.string().max(500).optional(),
    accountId: idParam.optional(),
    investmentAccountId: idParam.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  })
  .transform((q, ctx) => {
    const names = (q.$select ?? q.select ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const name of names) {
      if (!(portfolioSummaryFields as readonly string[]).includes(name)) {
        ctx.addIssue({ code: 'custom', path: ['select'], message: `'${name}' is not a portfolio summary field` });
      }
    }
    return {
      startDate: q.startDate,
      endDate: q.endDate,
      accountId: q.accountId ?? q.investmentAccountId,
      select: names as PortfolioSummaryField[],
    };
  });
export type PortfolioSummaryQuery = z.infer<typeof portfolioSummaryQuery>;

/** One account's portfolio summary (GET api/accounts/portfolio). */
export const portfolioSummarySchema = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  principalOutstanding: z.number(),
  currentCashBalance: z.number(),
  availableCashBalance: z.number(),
  interestRepaid: z.number(),
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

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

/**
 * GET api/user/statistics/rows: the rows that add up to one bar of a graph, the bar named by its
 * interval (`groupBy`) and its key (the interval's first Sydney day, as the statistics answer it).
 */
export const barRowsQuery = z
  .object({
    graph: oneOf(dashboardGraphs, dashboardMessages.graphNotFound),
    groupBy: oneOf(intervalList, dashboardMessages.periodNotFound),
    key: dateParam,
    investmentAccountId: idParam.optional(),
    accountId: idParam.optional(),
  })
  .refine(
    (q) => !statisticsIntervals.includes(q.groupBy) || !isIsoDate(q.key) || intervalStart(q.key, q.groupBy) === q.key,
    {
      message: dashboardMessages.periodNotFound,
      path: ['key'],
    },
  )
  .transform(({ accountId, investmentAccountId, ...rest }) => ({
    ...rest,
    /** The bar's last day (inclusive). */
    endDate: addDays(nextIntervalStart(rest.key, rest.groupBy), -1),
    investmentAccountId: investmentAccountId ?? accountId,
  }));
export type BarRowsQuery = z.infer<typeof barRowsQuery>;

/**
 * One row behind a bar: an account transaction (Repayments Paid, Loans Funded; `id` 'T' and its
 * id) or an investment's share of a repayment due (`id` repaymentId-investmentId). `grossAmount`
 * is what the bar adds up; principal and interest are its stacked parts.
 */
export const barRowSchema = z.object({
  id: z.string(),
  /** The Sydney day it counts on: finalised (transactions) or due (repayments). */
  date: z.string(),
  investmentAccountId: z.number().int(),
  investmentAccountName: z.string(),
  loanId: z.number().int().nullable(),
  loanName: z.string().nullable(),
  /** The transaction type, or the repayment's status. */
  type: z.string(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  taxWithheldAmount: z.number(),
  grossAmount: z.number(),
});
export type BarRow = z.infer<typeof barRowSchema>;

/** The charts that show the whole book beside the investor: the radar's industries, the map's states. */
export const bookShareCharts = ['industryType', 'companyState'] as const;
export type BookShareChart = (typeof bookShareCharts)[number];

/** GET api/user/investments/bookShares: the whole book's share per industry or state. */
export const bookSharesQuery = z.object({
  groupBy: oneOf(bookShareCharts, dashboardMessages.chartNotFound),
});

/**
 * The whole book's share of one category, in percent to 2 places, of principal outstanding and
 * of the number of current investments: shares only, so no investor's amount can be read from it.
 */
export const bookShareRowSchema = z.object({
  key: z.string(),
  amountShare: z.number(),
  countShare: z.number(),
});
export type BookShareRow = z.infer<typeof bookShareRowSchema>;
