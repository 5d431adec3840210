/** Loans: statuses, units and the other enumerations, with their labels, and parsing them from codes or labels. */

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
