import { z } from 'zod';
import { addDays, isIsoDate } from '../clock';
import { idParam, textInput } from '../contract/inputs';
import { transactionTypes } from '../transactions/transaction-types';
import {
  bookShareCharts,
  dashboardGraphs,
  dashboardMessages,
  type InvestmentGrouping,
  intervalStart,
  investmentGroupings,
  nextIntervalStart,
  type PortfolioSummaryField,
  portfolioSummaryFields,
  type StatisticsInterval,
  statisticsIntervals,
} from './portfolio-statistics';

/**
 * The statistics queries and rows (spec core §9; issue "Dashboards"): apart from the intervals,
 * groupings and messages of portfolio-statistics.ts, which the dashboard reads as it paints,
 * because building them needs zod (docs/decisions/014-route-refs.md).
 */

const dateParam = z
  .string()
  .trim()
  .transform((v) => v.slice(0, 10))
  .refine(isIsoDate, 'must be a date written YYYY-MM-DD');
/** The longest transaction type a statistics query may name. */
export const statisticsTypeLengthMax = 40;

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
