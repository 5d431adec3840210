import { Decimal as D } from '../money';

// ---------------------------------------------------------------------------------------------
// Constants (spec core §9)

/** House account holds at least this fraction of every loan (Invest 1%). */
export const houseMinimumFraction = new D('0.01');
/** Loans funded before this Sydney date cannot be paid out in the product. */
export const payoutCutoffDate = '2019-02-11';
/** A payout may be completed for a date at most this many days after today (DOMAIN.md). */
export const payoutCompletionDaysMax = 31;
/** Defaults of a loan built from a schedule. */
export const scheduleDefaults = {
  gracePeriodDays: 10,
  term: 1,
  termPeriod: 1,
  baseInterestRate: 0,
  marketplaceRate: 9,
} as const;
/** The smallest amount an investor of the second kind may invest (whole dollars). */
export const wholeDollarInvestMinimum = 100;
export const loanNameLengthMax = 200;
export const loanNotesLengthMax = 4000;
export const thirdPartyIdLengthMax = 100;
export const subStatusLengthMax = 100;
export const loanClientNameLengthMax = 200;
export const loanPurposeLengthMax = 1000;
export const industryTypeLengthMax = 200;
export const businessAgeLengthMax = 100;
export const companyStateLengthMax = 50;
export const legalHistoryLengthMax = 2000;
export const financialAccountsTypeLengthMax = 200;
export const repaymentsPerLoanMax = 1200;
export const topUpsPerLoanMax = 1000;
