import { z } from 'zod';
import { addDays, financialYearStart } from '../clock';
import { idParam, textInput } from '../contract/inputs';
import { isIsoDate } from '../repayments/repayments';

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

function statisticsQuery<G extends readonly [string, ...string[]]>(groupings: G) {
  return z
    .object({
      groupBy: z.enum(groupings).default(groupings[0] as G[number] as never),
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

/** GET api/user/transactions/statistics: totals of the caller's finalised transactions per interval. */
export const transactionStatisticsQuery = statisticsQuery([...statisticsIntervals] as [
  StatisticsInterval,
  ...StatisticsInterval[],
]).and(
  z.object({
    type: textInput(statisticsTypeLengthMax)
      .transform((v) => v.toUpperCase())
      .optional(),
  }),
);

/** GET api/user/repayments/statistics: the caller's share of repayments due per interval. */
export const repaymentStatisticsQuery = statisticsQuery([...statisticsIntervals] as [
  StatisticsInterval,
  ...StatisticsInterval[],
]);

/** GET api/user/investments/statistics: the caller's investments per interval (of deploy) or per loan attribute. */
export const investmentStatisticsQuery = statisticsQuery([...statisticsIntervals, ...investmentGroupings] as [
  StatisticsInterval | InvestmentGrouping,
  ...(StatisticsInterval | InvestmentGrouping)[],
]);

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
