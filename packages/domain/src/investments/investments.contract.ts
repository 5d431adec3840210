import { z } from 'zod';
import { defineRoute, idParams, listOf, listQuery, listRowSchema, listShape, moneyInput } from '../contract';
import { loanMessages } from '../loans/loan-messages';
import { loanViewSchema } from '../loans/loans.contract';

/**
 * Investing (spec core §4, §5 and §7 "Investing"): investing in a loan (an investor at the
 * marketplace rate, management at a chosen rate, the house 1%, Auto Invest), deploying a fully
 * funded loan, reversing an investment, and a loan's investments and mandate options.
 */

// ---------------------------------------------------------------------------------------------
// Bodies

/** An invest amount: missing or not an amount at all is the §5 "select an account" text. */
const investAmount = moneyInput({
  invalid: loanMessages.selectAccountAndAmount,
  positive: loanMessages.investAmountGreaterThanZero,
});
const investAccountId = z
  .number({ error: loanMessages.selectAccountAndAmount })
  .int(loanMessages.selectAccountAndAmount)
  .positive(loanMessages.selectAccountAndAmount);

/** A rate in percent per annum, numeric(9,6). */
export const investRateMax = 999;

/** POST api/user/loans/{id}/invest: one of the caller's accounts and an amount. */
export const investmentInvestorInvestBody = z.object({ investmentAccountId: investAccountId, amount: investAmount });
export type InvestmentInvestorInvestBody = z.output<typeof investmentInvestorInvestBody>;

/** POST api/loans/{id}/invest: the rate is ignored for an account with a mandate rate. */
export const investmentManagementInvestBody = z.object({
  investmentAccountId: investAccountId,
  amount: investAmount,
  rate: z.number().finite().min(-investRateMax).max(investRateMax).nullish(),
});
export type InvestmentManagementInvestBody = z.output<typeof investmentManagementInvestBody>;

/**
 * POST api/loans/{id}/actions/autoInvest: at most the remaining funding (all of it when omitted;
 * null is not an amount).
 */
export const investmentAutoInvestBody = z.object({
  amount: moneyInput({ positive: loanMessages.investAmountGreaterThanZero }).optional(),
});
export type InvestmentAutoInvestBody = z.output<typeof investmentAutoInvestBody>;

/** Actions that take nothing but the path (Invest 1%, deploy, reverse). */
export const investmentNoBody = z.object({});

// ---------------------------------------------------------------------------------------------
// Rows

/** The investment account of an investment or a mandate option (`$expand=investmentAccount`). */
export const loanInvestmentAccountShape = listShape({
  id: 'integer',
  name: 'string',
  type: 'string',
  availableBalance: 'money',
  currentBalance: 'money',
  mandateRate: 'decimal?',
  mandateMaxExposure: 'money?',
  mandateMaxTerm: 'integer?',
  mandateMaxTermUnit: 'string?',
  isForeign: 'boolean',
});

/** The loan of an investment (`$expand=loan`). */
export const loanInvestmentLoanShape = listShape({
  id: 'integer',
  name: 'string',
  thirdPartyId: 'string?',
  amount: 'money',
  status: 'string',
  subStatus: 'string?',
  baseInterestRate: 'decimal',
  interestCalculationMethod: 'string',
  disbursementDate: 'date?',
  fundedDate: 'datetime?',
});

/**
 * One investment of a loan (GET api/loans/{id}/investments, spec core §3 "Investment"). Default
 * sort investmentAccountTransactionId descending (spec core §9); reversed investments are left out.
 */
export const loanInvestmentListShape = listShape(
  {
    id: 'integer',
    loanId: 'integer',
    investmentAccountId: 'integer',
    investedAmount: 'money',
    investmentInterestRate: 'decimal',
    mandateRate: 'decimal?',
    investmentPercentage: 'decimal',
    creationDate: 'datetime',
    finalisedDate: 'datetime?',
    saleDate: 'datetime?',
    investmentAccountTransactionId: 'integer?',
    investmentSaleTransactionId: 'integer?',
    principalRepaid: 'money',
    interestRepaid: 'money',
    principalWrittenOff: 'money',
    principalOutstanding: 'money',
    originalInvestmentId: 'integer?',
  },
  { investmentAccount: loanInvestmentAccountShape, loan: loanInvestmentLoanShape },
);

/** A loan's mandate option (GET api/loans/{id}/topUps), default sort investmentAccountId ascending. */
export const loanTopUpListShape = listShape(
  {
    id: 'integer',
    loanId: 'integer',
    investmentAccountId: 'integer',
    mandateRate: 'decimal',
    isActive: 'boolean',
  },
  { investmentAccount: loanInvestmentAccountShape },
);

/** One investment as an invest call answers it: the row of the loan's investments, loan and account expanded. */
export const loanInvestmentSchema = listRowSchema(loanInvestmentListShape);

// ---------------------------------------------------------------------------------------------
// Routes

export const investmentInvestorInvestRoute = defineRoute({
  method: 'POST',
  path: '/api/user/loans/:id/invest',
  tag: 'investments',
  summary: 'Invest in a loan from the marketplace',
  description: "One of the caller's own accounts, at the marketplace rate, with the amount rule of the caller's kind.",
  params: idParams,
  body: investmentInvestorInvestBody,
  response: loanInvestmentSchema,
  idempotent: true,
});

export const investmentManagementInvestRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/:id/invest',
  tag: 'investments',
  summary: 'Invest for an account at a chosen rate',
  description:
    "An account with a mandate rate invests at it; above the maximum rate only as the loan's mandate option.",
  params: idParams,
  body: investmentManagementInvestBody,
  response: loanInvestmentSchema,
  idempotent: true,
});

export const investmentOnePercentRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/:id/actions/investOnePercent',
  tag: 'investments',
  summary: 'Invest 1% from the house account',
  params: idParams,
  body: investmentNoBody,
  response: loanInvestmentSchema,
  idempotent: true,
});

export const investmentAutoInvestRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/:id/actions/autoInvest',
  tag: 'investments',
  summary: "Auto Invest from the loan's mandate accounts",
  params: idParams,
  body: investmentAutoInvestBody,
  response: z.object({ loanId: z.number().int(), amount: z.number(), investments: z.array(loanInvestmentSchema) }),
  idempotent: true,
});

export const investmentDeployLoanRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/:id/actions/deploy',
  tag: 'investments',
  summary: 'Deploy a fully funded loan',
  description: 'Finalises every investment, pays the borrower from the trust account; the loan becomes Active.',
  params: idParams,
  body: investmentNoBody,
  response: loanViewSchema,
  idempotent: true,
});

export const investmentReverseRoute = defineRoute({
  method: 'POST',
  path: '/api/investments/:id/reverse',
  tag: 'investments',
  summary: 'Reverse an investment that is not finalised',
  params: idParams,
  body: investmentNoBody,
  response: z.object({ investmentId: z.number().int(), loanId: z.number().int() }),
  idempotent: true,
});

export const loanInvestmentListRoute = defineRoute({
  method: 'GET',
  path: '/api/loans/:id/investments',
  tag: 'investments',
  summary: "A loan's investments",
  params: idParams,
  query: listQuery,
  response: listOf(loanInvestmentListShape),
  list: true,
});

export const loanTopUpListRoute = defineRoute({
  method: 'GET',
  path: '/api/loans/:id/topUps',
  tag: 'investments',
  summary: "A loan's mandate options",
  params: idParams,
  query: listQuery,
  response: listOf(loanTopUpListShape),
  list: true,
});
