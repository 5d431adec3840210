import type Decimal from 'decimal.js';
import { z } from 'zod';
import { businessTimeZone, sydneyDate } from './clock';
import { type Cents, centsFromNumber, centsToString, Decimal as D } from './money';
import { Role } from './roles';

/**
 * Loans: statuses and units, the one loan state machine, action availability with the reason
 * texts of spec core §8, marketplace visibility, funded progress, the invest amount rules and
 * every core §5 message word for word, and the zod schemas of the loan, client and invest bodies.
 * Server and web both use these; a rule about loans is written here once.
 */

// ---------------------------------------------------------------------------------------------
// Enumerations

export const loanStatuses = [
  'SETUP',
  'PENDING_RELEASE',
  'MARKETPLACE_FUNDING_EXPIRED',
  'FUNDING',
  'FULLY_FUNDED',
  'DEPLOYED',
  'ACTIVE',
  'ACTIVE_IN_ARREARS',
  'CLOSED',
  'RESCHEDULED',
  'SOLD',
  'PAYOUT',
  'WRITTEN_OFF',
  'DELETED',
] as const;
export type LoanStatus = (typeof loanStatuses)[number];
export const LoanStatus = Object.fromEntries(loanStatuses.map((s) => [s, s])) as { readonly [K in LoanStatus]: K };

export const loanStatusLabels: Record<LoanStatus, string> = {
  SETUP: 'Setup',
  PENDING_RELEASE: 'Pending Release',
  MARKETPLACE_FUNDING_EXPIRED: 'Marketplace Funding Expired',
  FUNDING: 'Funding',
  FULLY_FUNDED: 'Fully Funded',
  DEPLOYED: 'Deployed',
  ACTIVE: 'Active',
  ACTIVE_IN_ARREARS: 'Active in arrears',
  CLOSED: 'Closed',
  RESCHEDULED: 'Rescheduled',
  SOLD: 'Sold',
  PAYOUT: 'Payout',
  WRITTEN_OFF: 'Written Off',
  DELETED: 'Deleted',
};

/** Closed-type statuses (spec core §4). */
export const closedLoanStatuses: readonly LoanStatus[] = ['RESCHEDULED', 'CLOSED', 'PAYOUT', 'SOLD'];
/** Active-type statuses (spec core §4). */
export const activeLoanStatuses: readonly LoanStatus[] = ['DEPLOYED', 'ACTIVE', 'ACTIVE_IN_ARREARS'];
/** Statuses of a loan that is still raising money (before deploy). */
export const fundingPhaseStatuses: readonly LoanStatus[] = [
  'PENDING_RELEASE',
  'FUNDING',
  'MARKETPLACE_FUNDING_EXPIRED',
  'FULLY_FUNDED',
];

export const isClosedLoanStatus = (status: string) => (closedLoanStatuses as readonly string[]).includes(status);
export const isActiveLoanStatus = (status: string) => (activeLoanStatuses as readonly string[]).includes(status);

export const marketplaceStatuses = ['HIDDEN', 'VISIBLE', 'LOCKED'] as const;
export type MarketplaceStatus = (typeof marketplaceStatuses)[number];
export const marketplaceStatusLabels: Record<MarketplaceStatus, string> = {
  HIDDEN: 'Hidden',
  VISIBLE: 'Visible',
  LOCKED: 'Locked',
};

export const setupStatuses = ['INITIAL', 'DONE'] as const;
export type SetupStatus = (typeof setupStatuses)[number];
export const setupStatusLabels: Record<SetupStatus, string> = { INITIAL: 'Initial', DONE: 'Done' };

export const interestTypes = ['IN_ADVANCE', 'IN_ARREARS'] as const;
export type InterestType = (typeof interestTypes)[number];
export const interestTypeLabels: Record<InterestType, string> = { IN_ADVANCE: 'In Advance', IN_ARREARS: 'In Arrears' };

/** The loan type (interestCalculationMethod). */
export const interestCalculationMethods = ['FLOORPLAN', 'LEVEL_PAYMENT', 'STRUCTURED_PAYMENT'] as const;
export type InterestCalculationMethod = (typeof interestCalculationMethods)[number];
export const interestCalculationMethodLabels: Record<InterestCalculationMethod, string> = {
  FLOORPLAN: 'Floorplan',
  LEVEL_PAYMENT: 'Level Payment',
  STRUCTURED_PAYMENT: 'Structured Payment',
};

export const termPeriodUnits = ['DAYS', 'WEEKS', 'FORTNIGHTS', 'MONTHS', 'YEARS'] as const;
export type TermPeriodUnit = (typeof termPeriodUnits)[number];
export const termPeriodUnitLabels: Record<TermPeriodUnit, string> = {
  DAYS: 'Days',
  WEEKS: 'Weeks',
  FORTNIGHTS: 'Fortnights',
  MONTHS: 'Months',
  YEARS: 'Years',
};

export const securityTypes = ['SPECIFIC_SECURITY_AGREEMENT', 'GENERAL'] as const;
export type SecurityType = (typeof securityTypes)[number];
export const securityTypeLabels: Record<SecurityType, string> = {
  SPECIFIC_SECURITY_AGREEMENT: 'Specific Security Agreement',
  GENERAL: 'General',
};

/** Industries (spec core §3), stored and shown as these texts. */
export const industryTypes = [
  'Agriculture, Forestry & Fishing',
  'Finance/Insurance/Real Estate',
  'Manufacturing',
  'Mining/Construction',
  'Public Administration',
  'Services',
  'Transportation/Public Utilities',
  'Wholesale or Retail Trade',
  'Medical/Pharmaceuticals',
  'Other',
] as const;
export type Industry = (typeof industryTypes)[number];

export const repaymentStatuses = [
  'UNPAID',
  'PAID',
  'PARTIALLY_PAID',
  'IN_ARREARS',
  'PAYOUT',
  'CLOSED_PAYOUT',
  'RESCHEDULED',
  'PAID_PARTIAL_RESCHEDULED',
  'WRITTEN_OFF',
  'PAID_PARTIAL_WRITTEN_OFF',
] as const;
export type RepaymentStatus = (typeof repaymentStatuses)[number];
export const repaymentStatusLabels: Record<RepaymentStatus, string> = {
  UNPAID: 'Unpaid',
  PAID: 'Paid',
  PARTIALLY_PAID: 'Partially Paid',
  IN_ARREARS: 'In Arrears',
  PAYOUT: 'Payout',
  CLOSED_PAYOUT: 'Closed Payout',
  RESCHEDULED: 'Rescheduled',
  PAID_PARTIAL_RESCHEDULED: 'Paid Partial Rescheduled',
  WRITTEN_OFF: 'Written Off',
  PAID_PARTIAL_WRITTEN_OFF: 'Paid Partial Written Off',
};
/** Repayments still owed by the borrower (they count in principal and interest remaining). */
export const openRepaymentStatuses: readonly RepaymentStatus[] = ['UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS'];
/** Repayments that count in the loan's remaining amounts (open ones, and paid ones for their paid part). */
export const liveRepaymentStatuses: readonly RepaymentStatus[] = ['UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS', 'PAID'];

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
export const repaymentsPerLoanMax = 1200;
export const topUpsPerLoanMax = 1000;

// ---------------------------------------------------------------------------------------------
// Messages, word for word from spec core §5 and §8 (and our own where the specification is silent;
// those are marked)

const rateText = (rate: Decimal.Value) => new D(rate).toString();

export const loanMessages = {
  // §5 invest amount
  investAmountGreaterThanZero: 'Please input an investment amount greater than $0',
  investAmountGreaterThanHundred: 'Please input an investment amount greater than $100',
  selectAccountAndAmount: 'Please select an account and enter in an investment amount',
  amountAboveRemaining: 'Please input an amount less than or equal to the remaining value of the loan',
  amountAboveBalance: 'Please input an amount less than or equal to your account balance',
  confirmAmountMismatch: 'Please enter the same amount to confirm',
  // §5 administrator invest
  investRateAboveMaximum: (maximumRate: Decimal.Value) =>
    `The investment rate cannot exceed the Maximum Interest rate of ${rateText(maximumRate)}%`,
  investRateZero: 'The investment rate cannot be zero',
  // §5 loan edit and creation
  marketplaceRateNotPositive: 'Please input a rate greater than 0.',
  marketplaceRateAboveMaximum: (maximumRate: Decimal.Value) =>
    `Please input an amount less than or equal to the Maximum Interest Rate of ${rateText(maximumRate)}%`,
  typeRequired: 'Please input a type.',
  clientNameRequired: 'Please input a client name.',
  mandateOptionsInvalid:
    'The mandate options are invalid. A mandate can only be active if the rate is greater than the maximum loan rate.',
  formInvalid: 'There is an incorrect value in the form',
  formValid: 'The form is valid',
  confirmCreate: 'Please confirm the creation of the new loan',
  // §5 single-item fetches and schedule processing
  loanMalformed: 'Loan data is malformed, please contact support if this continues.',
  repaymentsUnprocessable:
    'There was an issue with your request, either there are no repayments or the file could not be properly processed.',
  // §8 disabled-action reasons
  noRepayments: 'Loan has no repayments',
  notInArrearsInterest: 'Loan interest type is not In Arrears',
  loanClosed: 'Loan is closed',
  fundedBeforeCutoff: 'Loan was funded before 11/02/19, contact IT to manually payout loan',
  notFullyFunded: 'Loan is not fully funded',
  fullyPaidOff: 'Loan is already fully paid off',
  hasInvestments: 'Loan has investments against it',
  notSetupOrFunding: 'Loan is not of status Setup or Funding',
  fullyFunded: 'Loan is fully funded',
  houseAlreadyInvested: 'the house account is already invested in this loan',
  onePercentExists: '1% investment already exists',
  payoutTooFarInFuture: 'The payout can be previewed but not completed. The payout date is too far in the future.',
  investmentFinalised: 'Investment has been finalised',
  // §8 success toasts
  investmentSuccessful: 'Investment successful',
  loanCreated: 'Loan was successfully created',
  loanEdited: 'Loan was successfully edited',
  arrearsCalculated: 'Loans in arrears have been calculated',
  payoutCreated: 'Loan Payout has been created',
  loanPaidOut: 'loan has been paid out',
  loanWrittenOff: 'Loan has been successfully written off',
  loanDeleted: 'Loan has been successfully deleted',
  reversalSuccessful: 'Reversal was successful',
  changesProcessed: 'Changes were processed',
  // investor-and-admin §2 "Clients": our wording, the specification names no toast
  clientCreated: 'Client was successfully created',
  clientEdited: 'Client was successfully edited',
  // core §2.6
  marketplaceEmpty: 'No new loans available, please check again later.',
  // ours: the specification is silent on these situations
  loanNotFound: 'Loan not found',
  investmentNotFound: 'Investment not found',
  accountNotFound: 'Investment account not found',
  nameRequired: 'Please input a name.',
  amountNotPositive: 'Please input an amount greater than 0.',
  amountCents: 'Please input an amount with at most two decimal places.',
  gracePeriodNegative: 'Please input a number of days of 0 or more.',
  marketplaceWindowOrder: 'The marketplace expiry date must be after the marketplace start date.',
  principalNotAmount: (principal: Cents, amount: Cents) =>
    `The principal of the repayments adds up to $${centsToString(principal)}, not the loan amount of $${centsToString(amount)}.`,
  repaymentDatesOrder: 'Repayment due dates must be in increasing order without repeats.',
  clientNotFound: 'Client not found',
  notOpenForInvestment: 'This loan is not open for investment.',
  loanLocked: 'This loan is locked on the marketplace and cannot be invested in at the moment.',
  notOnMarketplace: 'This loan is not on the marketplace.',
  mandateNotActiveOnLoan: "This account's mandate is not an active mandate option of this loan.",
  noMandateCapacity: 'No active mandate account of this loan has funds available to invest.',
  investmentAlreadyReversed: 'Investment has already been reversed',
  deployNotFullyFunded: 'Loan is not fully funded',
  payoutDateNotRepayment: "Please choose the due date of one of the loan's open repayments.",
  writeOffPrincipalTooLarge: (remaining: Cents) =>
    `The principal amount cannot be more than the principal remaining of $${centsToString(remaining)}.`,
  writeOffInterestTooLarge: (remaining: Cents) =>
    `The interest amount cannot be more than the interest remaining of $${centsToString(remaining)}.`,
  writeOffNotDeployed: 'A loan can be written off only after it has been deployed.',
  baseRateBelowInvestments: (rate: Decimal.Value) =>
    `The Maximum Interest Rate cannot be lower than the rate of an existing investment (${rateText(rate)}%).`,
  amountNotEditable: 'The amount of a loan cannot be changed; delete the loan and create it again from a schedule.',
  transitionRefused: (from: LoanStatus, to: LoanStatus) =>
    `A loan cannot move from ${loanStatusLabels[from]} to ${loanStatusLabels[to]}.`,
  fieldFixedAfterFunding: (field: string) => `The ${field} of a loan cannot be changed once it is fully funded.`,
  setupCannotGoBack: 'The setup of a loan cannot go back to Initial once it is done.',
  marketplaceStatusFixed: 'The marketplace visibility of a loan cannot be changed once it is deployed.',
  topUpAccountRepeated: 'An investment account appears more than once in the mandate options.',
  payoutAlreadyCreated: 'A payout has already been created for this loan.',
  clientNameEmpty: 'Please input a non-empty value',
  clientNameEditEmpty: 'Please input a name',
  idMismatch: 'The id in the body is not the id of the path.',
} as const;

// ---------------------------------------------------------------------------------------------
// The loan state machine: loan status, setup status and marketplace status, with every allowed
// transition named. Services move a loan only through `assertLoanTransition`.

export type LoanEvent =
  | 'SETUP_DONE' // setup finished: to the marketplace schedule (Pending Release, Funding or Expired)
  | 'WINDOW_OPENED' // the marketplace start has come
  | 'WINDOW_CLOSED' // the marketplace expiry has passed while short of the amount
  | 'WINDOW_CHANGED' // management moved the marketplace window
  | 'FUNDED' // an investment brought the funded amount to the amount
  | 'INVESTMENT_REVERSED' // a pending investment of a fully funded loan was reversed
  | 'DEPLOYED' // investments finalised and the borrower paid
  | 'DISBURSED' // the borrower was paid (in the same deploy): the loan is active
  | 'FELL_INTO_ARREARS' // arrears check: a repayment is overdue past its grace days
  | 'CAUGHT_UP' // arrears check: no repayment is overdue any more
  | 'PAID_OUT' // early payout confirmed
  | 'WRITTEN_OFF'
  | 'REPAID' // every repayment paid
  | 'RESCHEDULED'
  | 'SOLD'
  | 'DELETED';

export interface LoanTransition {
  from: LoanStatus;
  to: LoanStatus;
  event: LoanEvent;
}

const t = (event: LoanEvent, from: readonly LoanStatus[], to: readonly LoanStatus[]): LoanTransition[] =>
  from.flatMap((f) => to.filter((x) => x !== f).map((tt) => ({ from: f, to: tt, event })));

const schedulable: readonly LoanStatus[] = ['PENDING_RELEASE', 'FUNDING', 'MARKETPLACE_FUNDING_EXPIRED'];

/** Every allowed loan status transition, and the event that makes it. */
export const loanStatusTransitions: readonly LoanTransition[] = [
  ...t('SETUP_DONE', ['SETUP'], ['PENDING_RELEASE', 'FUNDING', 'MARKETPLACE_FUNDING_EXPIRED']),
  ...t('WINDOW_OPENED', ['PENDING_RELEASE'], ['FUNDING']),
  ...t('WINDOW_CLOSED', ['PENDING_RELEASE', 'FUNDING'], ['MARKETPLACE_FUNDING_EXPIRED']),
  ...t('WINDOW_CHANGED', schedulable, schedulable),
  ...t('FUNDED', schedulable, ['FULLY_FUNDED']),
  ...t('INVESTMENT_REVERSED', ['FULLY_FUNDED'], schedulable),
  ...t('DEPLOYED', ['FULLY_FUNDED'], ['DEPLOYED']),
  ...t('DISBURSED', ['DEPLOYED'], ['ACTIVE']),
  ...t('FELL_INTO_ARREARS', ['DEPLOYED', 'ACTIVE'], ['ACTIVE_IN_ARREARS']),
  ...t('CAUGHT_UP', ['ACTIVE_IN_ARREARS'], ['ACTIVE']),
  ...t('PAID_OUT', activeLoanStatuses, ['PAYOUT']),
  ...t('WRITTEN_OFF', activeLoanStatuses, ['WRITTEN_OFF']),
  ...t('REPAID', activeLoanStatuses, ['CLOSED']),
  ...t('RESCHEDULED', activeLoanStatuses, ['RESCHEDULED']),
  ...t('SOLD', activeLoanStatuses, ['SOLD']),
  ...t('DELETED', ['SETUP', 'FUNDING'], ['DELETED']),
];

/**
 * Fields that set a loan's funding terms: fixed once the loan is fully funded (investors funded it
 * on these terms). Name, third-party id, notes, sub-status, grace days and details stay editable.
 */
export const loanFieldsFixedOnceFunded = [
  'baseInterestRate',
  'marketplaceRate',
  'interestType',
  'interestCalculationMethod',
  'term',
  'termPeriod',
  'termPeriodUnit',
  'marketplaceStartDate',
  'marketplaceExpiryDate',
  'disbursementDate',
  'startDate',
  'setupStatus',
] as const;

/** Setup status only moves forward. */
export const setupStatusTransitions: readonly { from: SetupStatus; to: SetupStatus; event: 'SETUP_DONE' }[] = [
  { from: 'INITIAL', to: 'DONE', event: 'SETUP_DONE' },
];

/** Marketplace visibility can be changed by management while the loan is raising money. */
export const marketplaceStatusEditableIn: readonly LoanStatus[] = ['SETUP', ...fundingPhaseStatuses];
export const marketplaceStatusTransitions: readonly { from: MarketplaceStatus; to: MarketplaceStatus }[] =
  marketplaceStatuses.flatMap((from) => marketplaceStatuses.filter((to) => to !== from).map((to) => ({ from, to })));

export class LoanTransitionError extends Error {
  constructor(
    readonly from: LoanStatus,
    readonly to: LoanStatus,
  ) {
    super(loanMessages.transitionRefused(from, to));
  }
}

export function loanTransitionEvent(from: LoanStatus, to: LoanStatus): LoanEvent | null {
  return loanStatusTransitions.find((x) => x.from === from && x.to === to)?.event ?? null;
}

export function isAllowedLoanTransition(from: LoanStatus, to: LoanStatus, event?: LoanEvent): boolean {
  return loanStatusTransitions.some(
    (x) => x.from === from && x.to === to && (event === undefined || x.event === event),
  );
}

/** Throws when the state machine does not name this move (a move to the same status is no move). */
export function assertLoanTransition(from: LoanStatus, to: LoanStatus, event?: LoanEvent): void {
  if (from === to) return;
  if (!isAllowedLoanTransition(from, to, event)) throw new LoanTransitionError(from, to);
}

export function canChangeMarketplaceStatus(status: LoanStatus): boolean {
  return marketplaceStatusEditableIn.includes(status);
}

/** Where the marketplace window puts a released loan that is still short of its amount. */
export function scheduledFundingStatus(
  window: { marketplaceStartDate: Date | null; marketplaceExpiryDate: Date | null },
  now: Date,
): 'PENDING_RELEASE' | 'FUNDING' | 'MARKETPLACE_FUNDING_EXPIRED' {
  const start = window.marketplaceStartDate;
  const expiry = window.marketplaceExpiryDate;
  if (expiry && now.getTime() > expiry.getTime()) return 'MARKETPLACE_FUNDING_EXPIRED';
  if (!start || now.getTime() < start.getTime()) return 'PENDING_RELEASE';
  return 'FUNDING';
}

/**
 * The status a loan in its funding phase should have now: Setup until setup is done; Fully Funded
 * once the amount is reached; otherwise where the marketplace window puts it. Loans past funding
 * (deployed and later) are returned unchanged.
 */
export function fundingPhaseStatus(
  loan: {
    status: LoanStatus;
    setupStatus: SetupStatus;
    amountCents: Cents;
    fundedAmountCents: Cents;
    marketplaceStartDate: Date | null;
    marketplaceExpiryDate: Date | null;
  },
  now: Date,
): LoanStatus {
  if (loan.status !== 'SETUP' && !schedulable.includes(loan.status) && loan.status !== 'FULLY_FUNDED') {
    return loan.status;
  }
  if (loan.setupStatus !== 'DONE') return loan.status;
  if (loan.fundedAmountCents >= loan.amountCents) return 'FULLY_FUNDED';
  return scheduledFundingStatus(loan, now);
}

// ---------------------------------------------------------------------------------------------
// Marketplace visibility and funding

export interface MarketplaceLoan {
  status: LoanStatus;
  marketplaceStatus: MarketplaceStatus;
  marketplaceStartDate: Date | null;
  marketplaceExpiryDate: Date | null;
  amountCents: Cents;
  fundedAmountCents: Cents;
}

/**
 * Shown on the marketplace: Funding, not Hidden, now within the marketplace window, and not fully
 * funded (spec core §4). Locked loans are shown but cannot be invested in.
 */
export function isOnMarketplace(loan: MarketplaceLoan, now: Date): boolean {
  return (
    loan.status === 'FUNDING' &&
    loan.marketplaceStatus !== 'HIDDEN' &&
    loan.marketplaceStartDate !== null &&
    loan.marketplaceStartDate.getTime() <= now.getTime() &&
    (loan.marketplaceExpiryDate === null || now.getTime() <= loan.marketplaceExpiryDate.getTime()) &&
    loan.fundedAmountCents < loan.amountCents
  );
}

/** Why an investor cannot invest in this loan from the marketplace now, or null. */
export function marketplaceInvestRefusal(loan: MarketplaceLoan, now: Date): string | null {
  if (loan.fundedAmountCents >= loan.amountCents) return loanMessages.amountAboveRemaining;
  if (!isOnMarketplace(loan, now)) return loanMessages.notOnMarketplace;
  if (loan.marketplaceStatus === 'LOCKED') return loanMessages.loanLocked;
  return null;
}

/** Statuses in which management may invest for an account (chosen rate, 1%, auto invest). */
export const managementInvestStatuses: readonly LoanStatus[] = [
  'PENDING_RELEASE',
  'FUNDING',
  'MARKETPLACE_FUNDING_EXPIRED',
];

/**
 * Funded over amount as a percentage to 2 places, capped at 99.99 when it would only round up
 * to 100 (spec core §3).
 */
export function fundedProgress(fundedCents: Cents, amountCents: Cents): number {
  if (amountCents <= 0n) return 0;
  if (fundedCents >= amountCents) return 100;
  const pct = new D(fundedCents.toString())
    .times(100)
    .dividedBy(amountCents.toString())
    .toDecimalPlaces(2, D.ROUND_HALF_UP);
  return pct.greaterThanOrEqualTo(100) ? 99.99 : pct.toNumber();
}

export function fundingRemainingCents(loan: { amountCents: Cents; fundedAmountCents: Cents }): Cents {
  const left = loan.amountCents - loan.fundedAmountCents;
  return left > 0n ? left : 0n;
}

/** 1% of the loan amount rounded up to the cent (spec core §5 Invest 1%). */
export function houseMinimumCents(amountCents: Cents): Cents {
  return (amountCents + 99n) / 100n;
}

/** Invest 1%: 1% of the amount rounded up to the cent, less what the house account already holds unsold. */
export function investOnePercentCents(amountCents: Cents, houseUnsoldCents: Cents): Cents {
  const left = houseMinimumCents(amountCents) - houseUnsoldCents;
  return left > 0n ? left : 0n;
}

// ---------------------------------------------------------------------------------------------
// Invest amount rules (spec core §5)

/**
 * The two investor kinds of core §5: the main kind invests any amount above $0; the other kind
 * invests whole dollars, at least $100. Our roles map INVESTOR to the main kind; the second
 * investor role (INVESTOR_READ_ONLY) changes nothing, so only the web form meets the second rule.
 */
export type InvestorKind = 'MAIN' | 'WHOLE_DOLLAR';

/** The investor kind of a role: INVESTOR is the main kind; the second investor role is the other. */
export function investorKindOf(role: Role): InvestorKind {
  return role === Role.INVESTOR_READ_ONLY ? 'WHOLE_DOLLAR' : 'MAIN';
}

export interface InvestAmountInput {
  /** The amount as typed (dollars); null or NaN when empty. */
  amount: number | null;
  accountSelected: boolean;
  remainingCents: Cents;
  availableCents: Cents;
  kind: InvestorKind;
}

/** The amount the investor actually invests: cents as typed, or whole dollars for the second kind. */
export function normaliseInvestAmount(amount: number, kind: InvestorKind): Cents {
  const cents = centsFromNumber(amount, true);
  return kind === 'WHOLE_DOLLAR' ? (cents / 100n) * 100n : cents;
}

/** Why this invest amount is refused, or null. */
export function investAmountRefusal(input: InvestAmountInput): string | null {
  if (!input.accountSelected || input.amount === null || !Number.isFinite(input.amount)) {
    return loanMessages.selectAccountAndAmount;
  }
  if (input.amount <= 0) {
    return input.kind === 'WHOLE_DOLLAR'
      ? loanMessages.investAmountGreaterThanHundred
      : loanMessages.investAmountGreaterThanZero;
  }
  const cents = normaliseInvestAmount(input.amount, input.kind);
  if (input.kind === 'WHOLE_DOLLAR' && cents < BigInt(wholeDollarInvestMinimum) * 100n) {
    return loanMessages.investAmountGreaterThanHundred;
  }
  if (cents <= 0n) return loanMessages.investAmountGreaterThanZero;
  if (cents > input.remainingCents) return loanMessages.amountAboveRemaining;
  if (cents > input.availableCents) return loanMessages.amountAboveBalance;
  return null;
}

/** Administrator invest: the rate must be above 0 and at most the loan's maximum rate. */
export function investRateRefusal(rate: Decimal.Value, maximumRate: Decimal.Value): string | null {
  const r = new D(rate);
  if (r.lessThanOrEqualTo(0)) return loanMessages.investRateZero;
  if (r.greaterThan(maximumRate)) return loanMessages.investRateAboveMaximum(maximumRate);
  return null;
}

/** The rate of an administrator investment: the account's mandate rate where it has one, else the chosen rate. */
export function administratorInvestRate(
  chosenRate: Decimal.Value | null,
  accountMandateRate: Decimal.Value | null,
): Decimal | null {
  if (accountMandateRate !== null) return new D(accountMandateRate);
  return chosenRate === null ? null : new D(chosenRate);
}

/** Marketplace rate against the maximum (base) rate, for create and edit. */
export function marketplaceRateRefusal(marketplaceRate: Decimal.Value, baseRate: Decimal.Value): string | null {
  const r = new D(marketplaceRate);
  if (r.lessThanOrEqualTo(0)) return loanMessages.marketplaceRateNotPositive;
  if (r.greaterThan(baseRate)) return loanMessages.marketplaceRateAboveMaximum(baseRate);
  return null;
}

/** A mandate option may be active only if its rate is greater than the loan's maximum rate. */
export function mandateOptionsRefusal(
  options: readonly { mandateRate: Decimal.Value; isActive: boolean }[],
  baseRate: Decimal.Value,
): string | null {
  return options.some((o) => o.isActive && !new D(o.mandateRate).greaterThan(baseRate))
    ? loanMessages.mandateOptionsInvalid
    : null;
}

/** Accounts offered as mandate options: those whose mandate rate exceeds the loan's base rate. */
export function isMandateOption(accountMandateRate: Decimal.Value | null, baseRate: Decimal.Value): boolean {
  return accountMandateRate !== null && new D(accountMandateRate).greaterThan(baseRate);
}

/** Write off: each amount at most what remains (both rounded to cents); zero in both is allowed. */
export function writeOffRefusal(
  amounts: { principalCents: Cents; interestCents: Cents },
  remaining: { principalCents: Cents; interestCents: Cents },
): string | null {
  if (amounts.principalCents < 0n || amounts.interestCents < 0n) return loanMessages.amountNotPositive;
  if (amounts.principalCents > remaining.principalCents) {
    return loanMessages.writeOffPrincipalTooLarge(remaining.principalCents);
  }
  if (amounts.interestCents > remaining.interestCents) {
    return loanMessages.writeOffInterestTooLarge(remaining.interestCents);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Loan action availability (spec core §4), with the §8 reasons

export interface LoanForActions {
  status: LoanStatus;
  interestType: InterestType;
  /** When the loan reached its amount (null while funding). */
  fundedDate: Date | null;
  amountCents: Cents;
  fundedAmountCents: Cents;
  principalRemainingCents: Cents;
  repaymentCount: number;
  /** What the house account holds unsold (not reversed) in the loan. */
  houseUnsoldCents: Cents;
  /** Investments (not reversed) by accounts other than the house account. */
  otherInvestmentCount: number;
}

export interface Availability {
  enabled: boolean;
  reason: string | null;
}

const enabled: Availability = { enabled: true, reason: null };
const disabled = (reason: string): Availability => ({ enabled: false, reason });

export const isFullyFunded = (loan: { amountCents: Cents; fundedAmountCents: Cents }) =>
  loan.fundedAmountCents >= loan.amountCents;

export function payoutAvailability(loan: LoanForActions): Availability {
  if (loan.repaymentCount === 0) return disabled(loanMessages.noRepayments);
  if (loan.interestType !== 'IN_ARREARS') return disabled(loanMessages.notInArrearsInterest);
  if (isClosedLoanStatus(loan.status)) return disabled(loanMessages.loanClosed);
  if (loan.fundedDate && sydneyDate(loan.fundedDate) <= payoutCutoffDate)
    return disabled(loanMessages.fundedBeforeCutoff);
  if (!isFullyFunded(loan)) return disabled(loanMessages.notFullyFunded);
  if (loan.principalRemainingCents <= 0n) return disabled(loanMessages.fullyPaidOff);
  return enabled;
}

export function writeOffAvailability(loan: LoanForActions): Availability {
  if (isClosedLoanStatus(loan.status)) return disabled(loanMessages.loanClosed);
  if (!isFullyFunded(loan)) return disabled(loanMessages.notFullyFunded);
  if (loan.principalRemainingCents <= 0n) return disabled(loanMessages.fullyPaidOff);
  return enabled;
}

export function deleteAvailability(loan: LoanForActions): Availability {
  if (loan.status !== 'SETUP' && loan.status !== 'FUNDING') return disabled(loanMessages.notSetupOrFunding);
  if (loan.otherInvestmentCount > 0) return disabled(loanMessages.hasInvestments);
  return enabled;
}

/**
 * Invest 1% is disabled once the loan is fully funded or the house holds at least 1% unsold. The
 * reason says how the house holds it: exactly the 1% (what Invest 1% creates) is '1% investment
 * already exists'; any other holding of at least 1% (a management investment of the house account)
 * is 'the house account is already invested in this loan'.
 */
export function investOnePercentAvailability(loan: LoanForActions): Availability {
  if (isFullyFunded(loan)) return disabled(loanMessages.fullyFunded);
  const minimum = houseMinimumCents(loan.amountCents);
  if (loan.houseUnsoldCents === minimum) return disabled(loanMessages.onePercentExists);
  if (loan.houseUnsoldCents > minimum) return disabled(loanMessages.houseAlreadyInvested);
  return enabled;
}

/** The administrator's warning banner: the house has not made its 1% investment. */
export function houseOnePercentMissing(loan: LoanForActions): boolean {
  return loan.houseUnsoldCents < houseMinimumCents(loan.amountCents);
}

/** A loan as GET api/loans answers it (amounts as JSON numbers), as the action rules read it. */
export interface LoanActionsRow {
  status: string;
  interestType: string;
  fundedDate: string | null;
  amount: number;
  fundedAmount: number;
  principalRemaining: number;
  repaymentCount: number;
  houseInvestedAmount: number;
  otherInvestmentCount: number;
}

export function loanForActions(row: LoanActionsRow): LoanForActions {
  return {
    status: row.status as LoanStatus,
    interestType: row.interestType as InterestType,
    fundedDate: row.fundedDate ? new Date(row.fundedDate) : null,
    amountCents: centsFromNumber(row.amount, true),
    fundedAmountCents: centsFromNumber(row.fundedAmount, true),
    principalRemainingCents: centsFromNumber(row.principalRemaining, true),
    repaymentCount: row.repaymentCount,
    houseUnsoldCents: centsFromNumber(row.houseInvestedAmount, true),
    otherInvestmentCount: row.otherInvestmentCount,
  };
}

/** Every loan action's availability and §8 reason; the web enables its buttons with it, the server refuses with it. */
export function loanActions(loan: LoanForActions) {
  return {
    payout: payoutAvailability(loan),
    writeOff: writeOffAvailability(loan),
    delete: deleteAvailability(loan),
    investOnePercent: investOnePercentAvailability(loan),
  };
}

/** Reverse is allowed only while the investment is not finalised (spec core §4). */
export function reverseInvestmentRefusal(investment: {
  finalisedDate: Date | null;
  reversedDate: Date | null;
}): string | null {
  if (investment.reversedDate) return loanMessages.investmentAlreadyReversed;
  if (investment.finalisedDate) return loanMessages.investmentFinalised;
  return null;
}

/** A payout for date d can be completed only if d is at most 31 days after today (Sydney dates). */
export function payoutCompletable(payoutDate: string, today: string): boolean {
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + payoutCompletionDaysMax);
  return payoutDate <= last.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Terms: a loan's term (term x termPeriod units) against a mandate's maximum term

const unitDays: Record<TermPeriodUnit, Decimal> = {
  DAYS: new D(1),
  WEEKS: new D(7),
  FORTNIGHTS: new D(14),
  MONTHS: new D('365.25').dividedBy(12),
  YEARS: new D('365.25'),
};

export function termInDays(length: number, unit: TermPeriodUnit): Decimal {
  return unitDays[unit].times(length);
}

/** Whether a mandate's maximum term (null: no limit) is shorter than the loan's term. */
export function mandateTermTooShort(
  mandate: { maxTerm: number | null; maxTermUnit: string | null },
  loan: { term: number; termPeriod: number; termPeriodUnit: TermPeriodUnit },
): boolean {
  if (mandate.maxTerm === null) return false;
  const unit = parseTermPeriodUnit(mandate.maxTermUnit ?? 'MONTHS') ?? 'MONTHS';
  return termInDays(mandate.maxTerm, unit).lessThan(termInDays(loan.term * loan.termPeriod, loan.termPeriodUnit));
}

// ---------------------------------------------------------------------------------------------
// Parsing enumerations from codes or labels (schedule files, query strings)

function normaliseWord(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

function parseEnum<T extends string>(values: readonly T[], labels: Record<T, string>, value: string): T | null {
  const v = normaliseWord(value);
  for (const code of values) {
    if (code === v || normaliseWord(labels[code]) === v) return code;
  }
  return null;
}

export function parseTermPeriodUnit(value: string): TermPeriodUnit | null {
  const direct = parseEnum(termPeriodUnits, termPeriodUnitLabels, value);
  if (direct) return direct;
  const singular = normaliseWord(value);
  return termPeriodUnits.find((u) => u === `${singular}S`) ?? null;
}
export const parseInterestType = (value: string) => parseEnum(interestTypes, interestTypeLabels, value);
export const parseInterestCalculationMethod = (value: string) =>
  parseEnum(interestCalculationMethods, interestCalculationMethodLabels, value);
export const parseSecurityType = (value: string) => parseEnum(securityTypes, securityTypeLabels, value);

// ---------------------------------------------------------------------------------------------
// Sydney dates as instants

const offsetFormatter = new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, timeZoneName: 'longOffset' });

function sydneyOffsetMs(instant: Date): number {
  const name = offsetFormatter.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** The instant a Sydney calendar date (YYYY-MM-DD) begins. */
export function sydneyStartOfDay(isoDate: string): Date {
  const utcMidnight = Date.parse(`${isoDate}T00:00:00Z`);
  let guess = utcMidnight - sydneyOffsetMs(new Date(utcMidnight));
  guess = utcMidnight - sydneyOffsetMs(new Date(guess));
  return new Date(guess);
}

/** The last millisecond of a Sydney calendar date. */
export function sydneyEndOfDay(isoDate: string): Date {
  const next = new Date(`${isoDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return new Date(sydneyStartOfDay(next.toISOString().slice(0, 10)).getTime() - 1);
}

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

const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const loanDetailsSchema = z.object({
  loanPurpose: optionalText(1000),
  industryType: optionalText(200),
  businessAge: optionalText(100),
  directorCount: z.number().int().min(0).max(10_000).nullish(),
  employeeCount: z.number().int().min(0).max(10_000_000).nullish(),
  companyRevenue: loanMoneySchema.nullish(),
  companyState: optionalText(50),
  bankruptciesLegalActionsCollections: optionalText(2000),
  securityType: z.enum(securityTypes).nullish(),
  financialAccountsType: optionalText(200),
  financialAccountsDate: loanDateSchema.nullish(),
  loanStory: optionalText(loanNotesLengthMax),
  underwriterComment: optionalText(loanNotesLengthMax),
});
export type LoanDetailsInput = z.infer<typeof loanDetailsSchema>;
export const loanDetailFields = Object.keys(loanDetailsSchema.shape) as (keyof LoanDetailsInput)[];

const loanShape = {
  name: z.string().trim().min(1, loanMessages.nameRequired).max(loanNameLengthMax),
  thirdPartyId: optionalText(100),
  amount: loanMoneySchema.refine((v) => v > 0, loanMessages.amountNotPositive),
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
  subStatus: optionalText(100),
  // a created loan goes to the marketplace on its window unless it is held back in Setup (Initial)
  setupStatus: z.enum(setupStatuses).default('DONE'),
  marketplaceStatus: z.enum(marketplaceStatuses).optional(),
  loanDetails: loanDetailsSchema.partial().nullish(),
};

export const repaymentRowSchema = z.object({
  dueDate: loanDateSchema,
  grossAmount: loanMoneySchema.refine((v) => v >= 0).optional(),
  principalDue: loanMoneySchema.refine((v) => v >= 0, 'Please input an amount of 0 or more.'),
  interestDue: loanMoneySchema.refine((v) => v >= 0, 'Please input an amount of 0 or more.'),
  gstAmount: loanMoneySchema.refine((v) => v >= 0).default(0),
  stampDutyAmount: loanMoneySchema.refine((v) => v >= 0).default(0),
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
        name: z.string().trim().max(200).nullish(),
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
    amount: z.unknown().optional(),
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
  principalAmount: loanMoneySchema.refine((v) => v >= 0, loanMessages.amountNotPositive),
  interestAmount: loanMoneySchema.refine((v) => v >= 0, loanMessages.amountNotPositive),
});
export type WriteOffBody = z.infer<typeof writeOffBody>;
