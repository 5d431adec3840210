import type { Cents } from '../money';
import {
  activeLoanStatuses,
  fundingPhaseStatuses,
  type LoanStatus,
  type MarketplaceStatus,
  marketplaceStatuses,
  type SetupStatus,
} from './loan-enums';
import { loanMessages } from './loan-messages';

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
