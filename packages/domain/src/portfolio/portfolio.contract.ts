import { z } from 'zod';
import { idParams, idParamsOf } from '../contract/inputs';
import { type ListRow, listOf, listQuery, listRowSchema, listShape } from '../contract/list-shape';
import { defineRoute } from '../contract/route';
import {
  barRowSchema,
  barRowsQuery,
  bookShareRowSchema,
  bookSharesQuery,
  investmentStatisticsQuery,
  portfolioSummaryQuery,
  portfolioSummarySchema,
  repaymentStatisticsQuery,
  statisticsRowSchema,
  transactionStatisticsQuery,
} from './portfolio-statistics-schemas';

/**
 * The portfolio feature's routes (spec core §2.7 and §7 "Investing", "Dashboard and statistics";
 * investor-and-admin §2 Portfolio and §7): staff investment lists and detail, the investor's
 * portfolio investments and repayments, the portfolio summary and the dashboard statistics.
 */

const tag = 'portfolio';

/** The loan of an investment (`$expand=loan`). */
export const investmentLoanShape = listShape({
  id: 'integer',
  name: 'string',
  thirdPartyId: 'string?',
  amount: 'money',
  fundedAmount: 'money',
  status: 'string',
  subStatus: 'string?',
  baseInterestRate: 'decimal',
  marketplaceRate: 'decimal',
  interestCalculationMethod: 'string',
  disbursementDate: 'date?',
  fundedDate: 'datetime?',
  term: 'integer',
  termPeriod: 'integer',
  termPeriodUnit: 'string',
});

/** The investment account of an investment (`$expand=investmentAccount`). */
export const investmentAccountRelationShape = listShape({
  id: 'integer',
  name: 'string',
  type: 'string',
  isForeign: 'boolean',
  currentBalance: 'money',
  availableBalance: 'money',
  mandateRate: 'decimal?',
  mandateMaxExposure: 'money?',
  mandateMaxTerm: 'integer?',
  mandateMaxTermUnit: 'string?',
  investmentGroupId: 'integer?',
});

/** Staff investment lists (GET api/investments, api/investmentAccounts/{accountId}/investments). */
export const investmentListShape = listShape(
  {
    id: 'integer',
    loanId: 'integer',
    investmentAccountId: 'integer',
    investedAmount: 'money',
    investmentInterestRate: 'decimal',
    mandateRate: 'decimal?',
    /** The investment's share of the loan amount, percent. */
    investmentPercentage: 'decimal',
    creationDate: 'datetime',
    finalisedDate: 'datetime?',
    saleDate: 'datetime?',
    reversedDate: 'datetime?',
    investmentAccountTransactionId: 'integer?',
    investmentSaleTransactionId: 'integer?',
    originalInvestmentId: 'integer?',
    principalRepaid: 'money',
    interestRepaid: 'money',
    principalWrittenOff: 'money',
    principalOutstanding: 'money',
  },
  { loan: investmentLoanShape, investmentAccount: investmentAccountRelationShape },
);

/** One sale transaction of a sold investment (its own, as seller, and its sale row). */
export const investmentSaleTransactionSchema = z.object({
  id: z.number().int(),
  investmentAccountId: z.number().int(),
  investmentId: z.number().int().nullable(),
  type: z.string(),
  status: z.string(),
  grossAmount: z.number(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  feesAmount: z.number(),
  taxWithheldAmount: z.number(),
  finalisedDate: z.string().nullable(),
  createdDate: z.string(),
});
export type InvestmentSaleTransaction = z.infer<typeof investmentSaleTransactionSchema>;

const investmentRowObject = listRowSchema(investmentListShape) as unknown as z.ZodObject;

/** A staff investment row: a sold investment carries its sale transactions. */
export const investmentRowSchema = investmentRowObject.extend({
  investmentSaleTransactions: z.array(investmentSaleTransactionSchema).optional(),
}) as unknown as z.ZodType<
  Partial<ListRow<typeof investmentListShape>> & { investmentSaleTransactions?: InvestmentSaleTransaction[] }
>;
export type InvestmentListRow = ListRow<typeof investmentListShape> & {
  investmentSaleTransactions?: InvestmentSaleTransaction[];
};

/** One investment with its loan and account, and its sale transactions (empty unless sold). */
export const investmentDetailSchema = investmentRowObject.extend({
  investmentSaleTransactions: z.array(investmentSaleTransactionSchema),
}) as unknown as z.ZodType<
  ListRow<typeof investmentListShape> & { investmentSaleTransactions: InvestmentSaleTransaction[] }
>;

/** The investor's portfolio: one row per investment with its loan's figures flattened (spec core §3). */
export const portfolioInvestmentListShape = listShape(
  {
    id: 'integer',
    investmentId: 'integer',
    investmentAccountId: 'integer',
    investmentAccountTransactionId: 'integer?',
    loanId: 'integer',
    loanName: 'string',
    loanThirdPartyId: 'string?',
    loanStatus: 'string',
    loanSubStatus: 'string?',
    loanAmount: 'money',
    baseInterestRate: 'decimal',
    term: 'integer',
    termPeriod: 'integer',
    termPeriodUnit: 'string',
    fundedDate: 'datetime?',
    disbursementDate: 'date?',
    industryType: 'string?',
    companyState: 'string?',
    rescheduledLoanId: 'integer?',
    investedAmount: 'money',
    principalRepaid: 'money',
    interestRepaid: 'money',
    principalOutstanding: 'money',
    /** Percent repaid (spec core §3: capped at 99.99 while not fully repaid). */
    repaidProgress: 'decimal',
    investmentInterestRate: 'decimal',
    mandateRate: 'decimal?',
    investmentPercentage: 'decimal',
    creationDate: 'datetime',
    finalisedDate: 'datetime?',
    saleDate: 'datetime?',
  },
  { loan: investmentLoanShape },
);

/** An investment's share of a repayment of its loan (one row per investment and repayment). */
export const investmentRepaymentListShape = listShape({
  /** repaymentId-investmentId */
  id: 'string',
  repaymentId: 'integer',
  investmentId: 'integer',
  investmentAccountId: 'integer',
  loanId: 'integer',
  loanName: 'string',
  loanStatus: 'string',
  dueDate: 'date',
  status: 'string',
  repaymentStatus: 'string',
  principalDue: 'money',
  interestDue: 'money',
  investorsInterestDue: 'money',
  /** Principal plus interest due (the portfolio's derived net amount). */
  netAmount: 'money',
  grossAmount: 'money',
  principalPaid: 'money',
  interestPaid: 'money',
  taxWithheldAmount: 'money',
});

export const investmentsListRoute = defineRoute({
  method: 'GET',
  path: '/api/investments',
  tag,
  summary: 'Investments',
  description: 'Every investment; default sort investmentAccountTransactionId descending (spec core §9).',
  query: listQuery,
  response: z.array(investmentRowSchema),
  list: true,
});

export const investmentDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/investments/:id',
  tag,
  summary: 'One investment',
  description: 'The investment with its loan and account (spec core §2.7).',
  params: idParams,
  response: investmentDetailSchema,
});

export const investmentRepaymentsRoute = defineRoute({
  method: 'GET',
  path: '/api/investments/:id/repayments',
  tag,
  summary: "An investment's share of its loan's repayments",
  params: idParams,
  query: listQuery,
  response: listOf(investmentRepaymentListShape),
  list: true,
});

export const accountInvestmentsRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentAccounts/:accountId/investments',
  tag,
  summary: "An investment account's investments",
  params: idParamsOf('accountId'),
  query: listQuery,
  response: z.array(investmentRowSchema),
  list: true,
});

export const userAccountInvestmentsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investmentAccounts/:id/investments',
  tag,
  summary: "The caller's portfolio investments",
  description: 'One of the caller’s accounts; reversed investments are left out.',
  params: idParams,
  query: listQuery,
  response: listOf(portfolioInvestmentListShape),
  list: true,
});

export const userAccountRepaymentsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investmentAccounts/:id/repayments',
  tag,
  summary: "The caller's share of its loans' repayments",
  params: idParams,
  query: listQuery,
  response: listOf(investmentRepaymentListShape),
  list: true,
});

export const portfolioSummaryRoute = defineRoute({
  method: 'GET',
  path: '/api/accounts/portfolio',
  tag,
  summary: 'Portfolio summaries',
  description:
    'Principal outstanding, cash balances and interest repaid, per account of the caller (or the one asked).',
  query: portfolioSummaryQuery,
  response: z.array(portfolioSummarySchema.partial()),
});

export const transactionStatisticsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/transactions/statistics',
  tag,
  summary: "Totals of the caller's transactions per interval",
  query: transactionStatisticsQuery,
  response: z.array(statisticsRowSchema),
});

export const repaymentStatisticsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/repayments/statistics',
  tag,
  summary: "The caller's share of repayments due per interval",
  query: repaymentStatisticsQuery,
  response: z.array(statisticsRowSchema),
});

export const investmentStatisticsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investments/statistics',
  tag,
  summary: "The caller's investments per interval or loan attribute",
  query: investmentStatisticsQuery,
  response: z.array(statisticsRowSchema),
});

export const barRowsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/statistics/rows',
  tag,
  summary: 'The rows behind one bar of a dashboard graph',
  description:
    "The caller's transactions (Repayments Paid, Loans Funded) or shares of repayments due (Repayments Due) " +
    'that add up to the bar of `groupBy` starting on `key`, by date; one of the caller’s accounts or all of them.',
  query: barRowsQuery,
  response: z.array(barRowSchema),
});

export const bookSharesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investments/bookShares',
  tag,
  summary: "The whole book's share per industry or state",
  description:
    'Percent of all current investments’ principal outstanding and number per category (the radar and the map ' +
    'show it beside the caller’s own share); shares only, nothing of any one investor.',
  query: bookSharesQuery,
  response: z.array(bookShareRowSchema),
});
