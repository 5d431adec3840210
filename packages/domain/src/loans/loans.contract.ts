import { z } from 'zod';
import { defineRoute, idParams, type ListRow, listOf, listQuery, listRowSchema, listShape } from '../contract';
import { interestCalculationMethods, interestTypes, termPeriodUnits } from './loan-enums';
import { createLoanBody, editLoanBody, payoutBody, writeOffBody } from './loan-schemas';

/**
 * The loans routes (spec core §3, §7; docs/decisions/006-one-contract.md): the loan lists, the
 * statistics, the schedule upload, create, edit, delete, the arrears check, payout and write-off.
 * Investing and deploy are the investments feature's.
 */

/** loan_details as a loan list expands it (staff see the underwriter's comment). */
export const loanDetailsListShape = listShape({
  loanId: 'integer',
  loanPurpose: 'string?',
  industryType: 'string?',
  businessAge: 'string?',
  directorCount: 'integer?',
  employeeCount: 'integer?',
  companyRevenue: 'money?',
  companyState: 'string?',
  bankruptciesLegalActionsCollections: 'string?',
  securityType: 'string?',
  financialAccountsType: 'string?',
  financialAccountsDate: 'date?',
  loanStory: 'string?',
  underwriterComment: 'string?',
});

export const loanClientListShape = listShape({ id: 'integer', name: 'string' });

/** The loan fields everyone sees on the marketplace. */
export const publicLoanFields = {
  id: 'integer',
  name: 'string',
  thirdPartyId: 'string?',
  amount: 'money',
  fundedAmount: 'money',
  fundedProgress: 'decimal',
  fundingRemaining: 'money',
  baseInterestRate: 'decimal',
  marketplaceRate: 'decimal',
  marketplaceStatus: 'string',
  marketplaceStartDate: 'datetime?',
  marketplaceExpiryDate: 'datetime?',
  disbursementDate: 'date?',
  startDate: 'date?',
  fundedDate: 'datetime?',
  status: 'string',
  interestType: 'string',
  interestCalculationMethod: 'string',
  term: 'integer',
  termPeriod: 'integer',
  termPeriodUnit: 'string',
} as const;

/** A loan of GET api/loans: every field of spec core §3 with its computed figures. */
export const loanListShape = listShape(
  {
    ...publicLoanFields,
    clientId: 'integer',
    principalRepaid: 'money',
    interestRepaid: 'money',
    principalRemaining: 'money',
    interestRemaining: 'money',
    payoutDate: 'date?',
    repaymentCount: 'integer',
    fundedRate: 'decimal?',
    houseInvestedAmount: 'money',
    otherInvestmentCount: 'integer',
    gracePeriodDays: 'integer',
    subStatus: 'string?',
    setupStatus: 'string',
    rescheduledLoanId: 'integer?',
    notes: 'string?',
    principalWrittenOff: 'money',
    interestWrittenOff: 'money',
    createdAt: 'datetime',
    updatedAt: 'datetime',
  },
  { loanDetails: loanDetailsListShape, client: loanClientListShape },
);

/** One loan as create and edit answer it: every field (no $select), with its details and client. */
export const loanViewSchema = listRowSchema(loanListShape) as unknown as z.ZodType<ListRow<typeof loanListShape>>;

const loanListContract = {
  method: 'GET',
  tag: 'loans',
  query: listQuery,
  response: listOf(loanListShape),
  list: true,
} as const;

export const loanListRoute = defineRoute({
  ...loanListContract,
  path: '/api/loans',
  summary: 'Loans',
  description: "The loan list, a client's loans (clientId eq) and one loan by id filter with $expand=loanDetails.",
});

/** The same list under the path with a trailing slash (spec core §7 names both). */
export const loanListSlashRoute = defineRoute({
  ...loanListContract,
  path: '/api/loans/',
  summary: 'Loans (trailing slash)',
});

export const activeLoanListRoute = defineRoute({
  ...loanListContract,
  path: '/api/loans/active',
  summary: 'Active loans',
  description: 'Loans in Deployed, Active or Active in arrears.',
});

/** Fields a statistics row may be grouped by (`groupBy`), with their values in `key`. */
const statisticsGroupValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const loanStatisticsRowSchema = z.strictObject({
  key: z.record(z.string(), statisticsGroupValue),
  id: z.number().int().optional(),
  name: z.string().optional(),
  thirdPartyId: z.string().nullable().optional(),
  clientId: z.number().int().optional(),
  status: z.string().optional(),
  subStatus: z.string().nullable().optional(),
  setupStatus: z.string().optional(),
  marketplaceStatus: z.string().optional(),
  interestType: z.string().optional(),
  interestCalculationMethod: z.string().optional(),
  termPeriodUnit: z.string().optional(),
  gracePeriodDays: z.number().int().optional(),
  marketplaceStartDate: z.string().nullable().optional(),
  marketplaceExpiryDate: z.string().nullable().optional(),
  fundedDate: z.string().nullable().optional(),
  disbursementDate: z.string().nullable().optional(),
  amount: z.number().optional(),
  baseInterestRate: z.number().optional(),
  industryType: z.string().nullable().optional(),
  companyState: z.string().nullable().optional(),
  count: z.number().int().optional(),
  totalLoanAmount: z.number().optional(),
  averageLoanAmount: z.number().nullable().optional(),
  totalInvestedAmount: z.number().optional(),
  averageRate: z.number().nullable().optional(),
  totalGrossAmount: z.number().optional(),
  totalPrincipalAmount: z.number().optional(),
  totalInterestAmount: z.number().optional(),
  totalPrincipalDue: z.number().optional(),
  totalInvestorsInterestDue: z.number().optional(),
});
export type LoanStatisticsRow = z.infer<typeof loanStatisticsRowSchema>;

export const loanStatisticsRoute = defineRoute({
  method: 'GET',
  path: '/api/loans/statistics',
  tag: 'loans',
  summary: 'Loan statistics',
  description:
    'Loans grouped by the fields named in groupBy (default status) with their totals; $filter, $orderby, ' +
    '$select, $top, $skip and $count work on the grouped rows.',
  query: listQuery.extend({ groupBy: z.string().optional().describe('Fields to group by, comma separated') }),
  response: z.array(loanStatisticsRowSchema),
  list: true,
});

const draftRepaymentSchema = z.object({
  dueDate: z.string(),
  grossAmount: z.number(),
  principalDue: z.number(),
  interestDue: z.number(),
  gstAmount: z.number(),
  stampDutyAmount: z.number(),
});

/** A mandate option offered with a processed schedule: an account whose mandate rate is above the base rate. */
export const scheduleMandateOptionSchema = z.object({
  investmentAccountId: z.number().int(),
  mandateRate: z.number(),
  isActive: z.boolean(),
  investmentAccount: z.object({
    id: z.number().int(),
    name: z.string(),
    mandateMaxExposure: z.number().nullable(),
    mandateMaxTerm: z.number().int().nullable(),
    mandateMaxTermUnit: z.string().nullable(),
  }),
});

/** One processed schedule: the shape of the POST api/loans body, with its mandate options. */
export const processedScheduleSchema = z.object({
  loan: z.object({
    name: z.string().nullable(),
    thirdPartyId: z.string().nullable(),
    amount: z.number(),
    baseInterestRate: z.number(),
    marketplaceRate: z.number(),
    gracePeriodDays: z.number().int(),
    interestType: z.enum(interestTypes),
    interestCalculationMethod: z.enum(interestCalculationMethods).nullable(),
    term: z.number().int(),
    termPeriod: z.number().int(),
    termPeriodUnit: z.enum(termPeriodUnits),
    marketplaceStartDate: z.string().nullable(),
    marketplaceExpiryDate: z.string().nullable(),
    disbursementDate: z.string().nullable(),
    startDate: z.string().nullable(),
    notes: z.string().nullable(),
    setupStatus: z.enum(['INITIAL', 'DONE']),
    loanDetails: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  }),
  repayments: z.array(draftRepaymentSchema),
  clientDetails: z.object({ name: z.string().nullable() }),
  investmentTopups: z.array(scheduleMandateOptionSchema),
});
export type ProcessedSchedule = z.infer<typeof processedScheduleSchema>;

export const processLoanScheduleRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/processFile',
  tag: 'loans',
  summary: 'Process a repayment schedule file',
  description:
    'CSV or XLSX (DESIGN §6) into one draft loan with its repayments and mandate options; nothing is stored.',
  query: z.object({ provider: z.string().max(40).optional().describe('standard') }),
  multipart: { fields: {}, files: 'file' },
  response: z.array(processedScheduleSchema),
});

export const createLoanRoute = defineRoute({
  method: 'POST',
  path: '/api/loans',
  tag: 'loans',
  summary: 'Create a loan',
  body: createLoanBody,
  response: loanViewSchema,
});

export const editLoanRoute = defineRoute({
  method: 'PUT',
  path: '/api/loans/:id',
  tag: 'loans',
  summary: 'Edit a loan',
  description: 'Only the changed fields are sent.',
  params: idParams,
  body: editLoanBody,
  response: loanViewSchema,
});

/** The body of an action that takes nothing but its path: an empty object. */
export const loanNoBody = z.object({});

export const deleteLoanRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/:id/actions/delete',
  tag: 'loans',
  summary: 'Delete a loan',
  params: idParams,
  body: loanNoBody,
  response: z.object({ id: z.number().int() }),
});

const statusChangeSchema = z.object({ id: z.number().int(), from: z.string(), to: z.string() });

export const arrearsCheckResultSchema = z.object({
  date: z.string(),
  loans: z.array(statusChangeSchema),
  repayments: z.array(statusChangeSchema.extend({ loanId: z.number().int() })),
});
export type ArrearsCheckResult = z.infer<typeof arrearsCheckResultSchema>;

export const arrearsCheckRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/actions/arrearsCheck',
  tag: 'loans',
  summary: 'Run the arrears check',
  body: loanNoBody,
  response: arrearsCheckResultSchema,
});

/** The receipt a payout creates, in the shape POST api/repayments/receipts/batch takes. */
export const payoutReceiptSchema = z.object({
  loanId: z.number().int(),
  thirdPartyLoanId: z.string().nullable(),
  thirdPartyId: z.string(),
  dueDate: z.string(),
  netAmount: z.number(),
  grossAmount: z.number(),
  batchNumber: z.string(),
});

export const payoutPlanSchema = z.object({
  loanId: z.number().int(),
  payoutDate: z.string(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  payoutAmount: z.number(),
  canComplete: z.boolean(),
  warning: z.string().nullable(),
  closedRepaymentIds: z.array(z.number().int()),
  payoutRepayment: z.object({
    id: z.number().int().nullable(),
    loanId: z.number().int(),
    dueDate: z.string(),
    status: z.string(),
    principalDue: z.number(),
    interestDue: z.number(),
    grossAmount: z.number(),
  }),
  payoutReceipt: payoutReceiptSchema,
});
export type PayoutPlan = z.infer<typeof payoutPlanSchema>;

/**
 * The payout receipt of a loan (DOMAIN.md "Payout") and how far it has gone: published (its loan
 * transaction) and fractionalised. Null when no payout was created for the loan.
 */
export const payoutReceiptStateSchema = z
  .object({
    payoutDate: z.string(),
    payoutRepaymentId: z.number().int(),
    principalAmount: z.number(),
    interestAmount: z.number(),
    receipt: payoutReceiptSchema,
    loanTransactionId: z.number().int().nullable(),
    publishedDate: z.string().nullable(),
    fractionalisedDate: z.string().nullable(),
  })
  .nullable();
export type PayoutReceiptState = z.infer<typeof payoutReceiptStateSchema>;

export const payoutReceiptRoute = defineRoute({
  method: 'GET',
  path: '/api/loans/:id/payoutReceipt',
  tag: 'loans',
  summary: "A loan's payout receipt",
  description:
    'The receipt of the payout created for the loan (null when none), with its loan transaction once published and the date it was fractionalised.',
  params: idParams,
  response: payoutReceiptStateSchema,
});

export const payoutPreviewRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/actions/payout/preview',
  tag: 'loans',
  summary: 'Preview a payout',
  body: payoutBody,
  response: payoutPlanSchema,
});

export const payoutRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/actions/payout',
  tag: 'loans',
  summary: 'Create a payout',
  body: payoutBody,
  response: payoutPlanSchema,
  idempotent: true,
});

export const writeOffResultSchema = z.object({
  loanId: z.number().int(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  holders: z.array(
    z.object({
      investmentId: z.number().int(),
      investmentAccountId: z.number().int(),
      principalAmount: z.number(),
      interestAmount: z.number(),
      transactionId: z.number().int(),
    }),
  ),
});
export type WriteOffResult = z.infer<typeof writeOffResultSchema>;

export const writeOffRoute = defineRoute({
  method: 'POST',
  path: '/api/loans/actions/writeOff',
  tag: 'loans',
  summary: 'Write off a loan',
  body: writeOffBody,
  response: writeOffResultSchema,
  idempotent: true,
});
