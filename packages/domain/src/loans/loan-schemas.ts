import { z } from 'zod';
import { moneyInput, textInput } from '../contract';
import { centsFromNumber, Decimal as D } from '../money';
import {
  interestCalculationMethods,
  interestTypes,
  marketplaceStatuses,
  securityTypes,
  setupStatuses,
  termPeriodUnits,
} from './loan-enums';
import { mandateOptionsRefusal, marketplaceRateRefusal } from './loan-funding';
import {
  businessAgeLengthMax,
  companyStateLengthMax,
  financialAccountsTypeLengthMax,
  industryTypeLengthMax,
  legalHistoryLengthMax,
  loanClientNameLengthMax,
  loanNameLengthMax,
  loanNotesLengthMax,
  loanPurposeLengthMax,
  repaymentsPerLoanMax,
  subStatusLengthMax,
  thirdPartyIdLengthMax,
  topUpsPerLoanMax,
} from './loan-limits';
import { loanMessages } from './loan-messages';
import { sydneyEndOfDay, sydneyStartOfDay } from './sydney-instants';

// ---------------------------------------------------------------------------------------------
// Body schemas

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** A calendar date, YYYY-MM-DD. */
export const loanDateSchema = z
  .string()
  .regex(isoDatePattern, 'Please input a date as YYYY-MM-DD.')
  .refine(isRealDate, 'Please input a valid date.');

/**
 * A marketplace window instant: a full ISO date-time, or a Sydney date (a start date means the
 * start of that day, an expiry date its end).
 */
export const marketplaceDateSchema = z
  .string()
  .max(40)
  .refine((v) => (isoDatePattern.test(v) ? isRealDate(v) : !Number.isNaN(Date.parse(v))), 'Please input a valid date.');

export function marketplaceInstant(value: string, edge: 'start' | 'end'): Date {
  if (isoDatePattern.test(value)) return edge === 'start' ? sydneyStartOfDay(value) : sydneyEndOfDay(value);
  return new Date(value);
}

const hasAtMostDecimals = (places: number) => (value: number) => {
  try {
    return new D(String(value)).decimalPlaces() <= places;
  } catch {
    return false;
  }
};

/** A money amount in JSON: a finite number with at most two decimals. */
export const loanMoneySchema = z.number().finite().refine(hasAtMostDecimals(2), loanMessages.amountCents);
/** A rate in percent per annum: numeric(9,6). */
export const loanRateSchema = z
  .number()
  .finite()
  .min(0)
  .max(999)
  .refine(hasAtMostDecimals(6), 'Please input a rate with at most six decimal places.');

/** Free text that may be left out or null: no control characters, at most `max` characters, trimmed. */
const optionalText = (max: number) => textInput(max).nullish();

/** An amount typed by staff (strict: a JSON number or a decimal string with at most two places). */
const loanAmountInput = (refusal: { positive: string } | { nonNegative: string }) =>
  moneyInput({ invalid: loanMessages.amountCents, ...refusal });
const amountNotNegative = 'Please input an amount of 0 or more.';

export const loanDetailsSchema = z.object({
  loanPurpose: optionalText(loanPurposeLengthMax),
  industryType: optionalText(industryTypeLengthMax),
  businessAge: optionalText(businessAgeLengthMax),
  directorCount: z.number().int().min(0).max(10_000).nullish(),
  employeeCount: z.number().int().min(0).max(10_000_000).nullish(),
  companyRevenue: loanAmountInput({ nonNegative: amountNotNegative }).optional(),
  companyState: optionalText(companyStateLengthMax),
  bankruptciesLegalActionsCollections: optionalText(legalHistoryLengthMax),
  securityType: z.enum(securityTypes).nullish(),
  financialAccountsType: optionalText(financialAccountsTypeLengthMax),
  financialAccountsDate: loanDateSchema.nullish(),
  loanStory: optionalText(loanNotesLengthMax),
  underwriterComment: optionalText(loanNotesLengthMax),
});
export type LoanDetailsInput = z.infer<typeof loanDetailsSchema>;
export const loanDetailFields = Object.keys(loanDetailsSchema.shape) as (keyof LoanDetailsInput)[];

const loanShape = {
  name: textInput(loanNameLengthMax, { required: loanMessages.nameRequired }).refine(
    (name) => name.length > 0,
    loanMessages.nameRequired,
  ),
  thirdPartyId: optionalText(thirdPartyIdLengthMax),
  amount: loanAmountInput({ positive: loanMessages.amountNotPositive }),
  baseInterestRate: loanRateSchema,
  marketplaceRate: z
    .number()
    .finite()
    .max(999)
    .refine(hasAtMostDecimals(6), 'Please input a rate with at most six decimal places.'),
  gracePeriodDays: z.number().int().min(0, loanMessages.gracePeriodNegative).max(3650),
  interestType: z.enum(interestTypes).default('IN_ARREARS'),
  interestCalculationMethod: z.enum(interestCalculationMethods, { error: loanMessages.typeRequired }),
  term: z.number().int().min(1).max(1200),
  termPeriod: z.number().int().min(1).max(1200),
  termPeriodUnit: z.enum(termPeriodUnits),
  marketplaceStartDate: marketplaceDateSchema.nullish(),
  marketplaceExpiryDate: marketplaceDateSchema.nullish(),
  disbursementDate: loanDateSchema.nullish(),
  startDate: loanDateSchema.nullish(),
  notes: optionalText(loanNotesLengthMax),
  subStatus: optionalText(subStatusLengthMax),
  // a created loan goes to the marketplace on its window unless it is held back in Setup (Initial)
  setupStatus: z.enum(setupStatuses).default('DONE'),
  marketplaceStatus: z.enum(marketplaceStatuses).optional(),
  loanDetails: loanDetailsSchema.partial().nullish(),
};

export const repaymentRowSchema = z.object({
  dueDate: loanDateSchema,
  grossAmount: loanAmountInput({ nonNegative: amountNotNegative }).optional(),
  principalDue: loanAmountInput({ nonNegative: amountNotNegative }),
  interestDue: loanAmountInput({ nonNegative: amountNotNegative }),
  gstAmount: loanAmountInput({ nonNegative: amountNotNegative }).default(0),
  stampDutyAmount: loanAmountInput({ nonNegative: amountNotNegative }).default(0),
});
export type RepaymentRowInput = z.infer<typeof repaymentRowSchema>;

export const topUpSchema = z.object({
  investmentAccountId: z.number().int().positive(),
  mandateRate: loanRateSchema,
  isActive: z.boolean().default(true),
});
export type TopUpInput = z.infer<typeof topUpSchema>;

function windowOrderIssue(start: string | null | undefined, expiry: string | null | undefined): boolean {
  if (!start || !expiry) return false;
  return marketplaceInstant(expiry, 'end').getTime() <= marketplaceInstant(start, 'start').getTime();
}

/** POST api/loans: loan, repayments, investmentTopups, clientDetails. */
export const createLoanBody = z
  .object({
    loan: z.object(loanShape),
    repayments: z.array(repaymentRowSchema).max(repaymentsPerLoanMax),
    investmentTopups: z.array(topUpSchema).max(topUpsPerLoanMax).default([]),
    clientDetails: z
      .object({
        id: z.number().int().positive().nullish(),
        name: optionalText(loanClientNameLengthMax),
      })
      .default({}),
  })
  .superRefine((body, ctx) => {
    const { loan } = body;
    const rateRefusal = marketplaceRateRefusal(loan.marketplaceRate, loan.baseInterestRate);
    if (rateRefusal) ctx.addIssue({ code: 'custom', path: ['loan', 'marketplaceRate'], message: rateRefusal });
    if (windowOrderIssue(loan.marketplaceStartDate, loan.marketplaceExpiryDate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['loan', 'marketplaceExpiryDate'],
        message: loanMessages.marketplaceWindowOrder,
      });
    }
    if (!body.clientDetails.id && !body.clientDetails.name) {
      ctx.addIssue({ code: 'custom', path: ['clientDetails', 'name'], message: loanMessages.clientNameRequired });
    }
    const mandate = mandateOptionsRefusal(body.investmentTopups, loan.baseInterestRate);
    if (mandate) ctx.addIssue({ code: 'custom', path: ['investmentTopups'], message: mandate });
    if (body.repayments.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['repayments'], message: loanMessages.repaymentsUnprocessable });
      return;
    }
    for (let i = 1; i < body.repayments.length; i++) {
      if ((body.repayments[i]?.dueDate ?? '') <= (body.repayments[i - 1]?.dueDate ?? '')) {
        ctx.addIssue({ code: 'custom', path: ['repayments', i, 'dueDate'], message: loanMessages.repaymentDatesOrder });
        return;
      }
    }
    try {
      const amount = centsFromNumber(loan.amount);
      const principal = body.repayments.reduce((sum, r) => sum + centsFromNumber(r.principalDue), 0n);
      if (principal !== amount) {
        ctx.addIssue({
          code: 'custom',
          path: ['repayments'],
          message: loanMessages.principalNotAmount(principal, amount),
        });
      }
    } catch {
      // amounts with more than two decimals are reported by their own fields
    }
  });
export type CreateLoanBody = z.infer<typeof createLoanBody>;

/** The fields PUT api/loans/{id} may change (only the changed ones are sent, with the id). */
export const editLoanBody = z
  .strictObject({
    id: z.number().int().positive().optional(),
    name: loanShape.name.optional(),
    thirdPartyId: loanShape.thirdPartyId,
    baseInterestRate: loanRateSchema.optional(),
    marketplaceRate: loanShape.marketplaceRate.optional(),
    gracePeriodDays: loanShape.gracePeriodDays.optional(),
    interestType: z.enum(interestTypes).optional(),
    interestCalculationMethod: z.enum(interestCalculationMethods, { error: loanMessages.typeRequired }).optional(),
    term: loanShape.term.optional(),
    termPeriod: loanShape.termPeriod.optional(),
    termPeriodUnit: loanShape.termPeriodUnit.optional(),
    marketplaceStartDate: loanShape.marketplaceStartDate,
    marketplaceExpiryDate: loanShape.marketplaceExpiryDate,
    disbursementDate: loanShape.disbursementDate,
    startDate: loanShape.startDate,
    notes: loanShape.notes,
    subStatus: loanShape.subStatus,
    setupStatus: z.enum(setupStatuses).optional(),
    marketplaceStatus: z.enum(marketplaceStatuses).optional(),
    loanDetails: loanDetailsSchema.partial().nullish(),
    // refused by the service with its own text: the amount of a loan cannot be changed
    amount: loanAmountInput({ positive: loanMessages.amountNotPositive }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.marketplaceRate !== undefined && body.marketplaceRate <= 0) {
      ctx.addIssue({ code: 'custom', path: ['marketplaceRate'], message: loanMessages.marketplaceRateNotPositive });
    }
  });
export type EditLoanBody = z.infer<typeof editLoanBody>;

/** POST api/clients and PUT api/clients/{id}. */
export const createClientBody = z.object({
  name: z.string({ error: loanMessages.clientNameEmpty }).trim().min(1, loanMessages.clientNameEmpty).max(200),
});
export const editClientBody = z.object({
  id: z.number().int().positive().optional(),
  name: z.string({ error: loanMessages.clientNameEditEmpty }).trim().min(1, loanMessages.clientNameEditEmpty).max(200),
});

const investAmountSchema = z.number({ error: loanMessages.selectAccountAndAmount }).finite();
const investAccountSchema = z.number({ error: loanMessages.selectAccountAndAmount }).int().positive();

/** POST api/user/loans/{id}/invest. */
export const investorInvestBody = z.object({ investmentAccountId: investAccountSchema, amount: investAmountSchema });
export type InvestorInvestBody = z.infer<typeof investorInvestBody>;

/** POST api/loans/{id}/invest: the rate is ignored for an account with a mandate rate. */
export const managementInvestBody = z.object({
  investmentAccountId: investAccountSchema,
  amount: investAmountSchema,
  rate: z.number().finite().nullish(),
});
export type ManagementInvestBody = z.infer<typeof managementInvestBody>;

/** POST api/loans/{id}/actions/autoInvest: at most the remaining funding (all of it when omitted). */
export const autoInvestBody = z.object({ amount: loanMoneySchema.nullish() });

export const payoutBody = z.object({ loanId: z.number().int().positive(), payoutDate: loanDateSchema });
export type PayoutBody = z.infer<typeof payoutBody>;

export const writeOffBody = z.object({
  loanId: z.number().int().positive(),
  principalAmount: loanAmountInput({ nonNegative: loanMessages.amountNotPositive }),
  interestAmount: loanAmountInput({ nonNegative: loanMessages.amountNotPositive }),
});
export type WriteOffBody = z.infer<typeof writeOffBody>;
