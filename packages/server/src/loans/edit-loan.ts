import {
  AppError,
  badRequest,
  canChangeMarketplaceStatus,
  Decimal,
  type EditLoanBody,
  fundingPhaseStatus,
  isAllowedLoanTransition,
  type LoanStatus,
  loanFieldsFixedOnceFunded,
  loanMessages,
  marketplaceInstant,
  marketplaceRateRefusal,
  refuse,
  type SetupStatus,
} from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { detailValues } from './create-loan';
import { lockLoan, moveLoan } from './loan-record';
import { selectHighestChosenRate, selectLoanDetails, updateLoan, upsertLoanDetails } from './loans.repository';
import { type LoanListRow, loanView } from './loans.resource';
import { claimThirdPartyId } from './third-party-id';

const fundedStatuses: readonly LoanStatus[] = [
  'FULLY_FUNDED',
  'DEPLOYED',
  'ACTIVE',
  'ACTIVE_IN_ARREARS',
  'CLOSED',
  'RESCHEDULED',
  'SOLD',
  'PAYOUT',
  'WRITTEN_OFF',
];

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field, message }]);
}

/**
 * PUT api/loans/{id} with the changed fields only (spec core §4). The rates, the marketplace window
 * and the setup status are checked against the loan as it will be; a loan in its funding phase then
 * moves where its window puts it (an expired loan whose window is extended returns to Funding). The
 * funding terms are fixed once the loan is fully funded.
 */
export async function editLoan(
  ctx: AppContext,
  id: number,
  body: EditLoanBody,
  audit: AuditContext,
): Promise<LoanListRow> {
  if (body.id !== undefined && body.id !== id) throw badRequest(loanMessages.idMismatch);
  if (body.amount !== undefined) throw refuse(loanMessages.amountNotEditable);
  const now = ctx.clock.now();

  return ctx.db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, id, now);
    if (body.thirdPartyId !== undefined && body.thirdPartyId !== loan.thirdPartyId) {
      await claimThirdPartyId(trx, body.thirdPartyId, id);
    }
    const before = await loanView(trx, id, now);
    if (fundedStatuses.includes(loan.status)) {
      const fixed = loanFieldsFixedOnceFunded.find(
        (f) => body[f] !== undefined && !sameValue(f, body[f], before[f as keyof LoanListRow]),
      );
      if (fixed) throw refuse(loanMessages.fieldFixedAfterFunding(fixed));
    }
    if (body.marketplaceStatus !== undefined && body.marketplaceStatus !== loan.marketplaceStatus) {
      if (!canChangeMarketplaceStatus(loan.status)) throw refuse(loanMessages.marketplaceStatusFixed);
    }
    const setupStatus: SetupStatus = body.setupStatus ?? loan.setupStatus;
    if (loan.setupStatus === 'DONE' && setupStatus === 'INITIAL') throw refuse(loanMessages.setupCannotGoBack);

    const baseRate = body.baseInterestRate ?? loan.baseInterestRate;
    const marketplaceRate = body.marketplaceRate ?? loan.marketplaceRate;
    const rateProblem = marketplaceRateRefusal(marketplaceRate, baseRate);
    if (rateProblem) throw invalid('marketplaceRate', rateProblem);
    if (body.baseInterestRate !== undefined) {
      // investments at a chosen rate stay within the maximum; mandate investments sit above it by design
      const highest = await selectHighestChosenRate(trx, id);
      if (highest && new Decimal(highest).greaterThan(body.baseInterestRate)) {
        throw refuse(loanMessages.baseRateBelowInvestments(highest));
      }
    }
    const start =
      body.marketplaceStartDate === undefined
        ? loan.marketplaceStartDate
        : body.marketplaceStartDate === null
          ? null
          : marketplaceInstant(body.marketplaceStartDate, 'start');
    const expiry =
      body.marketplaceExpiryDate === undefined
        ? loan.marketplaceExpiryDate
        : body.marketplaceExpiryDate === null
          ? null
          : marketplaceInstant(body.marketplaceExpiryDate, 'end');
    if (start && expiry && expiry.getTime() <= start.getTime()) {
      throw invalid('marketplaceExpiryDate', loanMessages.marketplaceWindowOrder);
    }

    const changes = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.thirdPartyId !== undefined ? { thirdPartyId: body.thirdPartyId } : {}),
      ...(body.baseInterestRate !== undefined ? { baseInterestRate: String(body.baseInterestRate) } : {}),
      ...(body.marketplaceRate !== undefined ? { marketplaceRate: String(body.marketplaceRate) } : {}),
      ...(body.gracePeriodDays !== undefined ? { gracePeriodDays: body.gracePeriodDays } : {}),
      ...(body.interestType !== undefined ? { interestType: body.interestType } : {}),
      ...(body.interestCalculationMethod !== undefined
        ? { interestCalculationMethod: body.interestCalculationMethod }
        : {}),
      ...(body.term !== undefined ? { term: body.term } : {}),
      ...(body.termPeriod !== undefined ? { termPeriod: body.termPeriod } : {}),
      ...(body.termPeriodUnit !== undefined ? { termPeriodUnit: body.termPeriodUnit } : {}),
      ...(body.marketplaceStartDate !== undefined ? { marketplaceStartDate: start } : {}),
      ...(body.marketplaceExpiryDate !== undefined ? { marketplaceExpiryDate: expiry } : {}),
      ...(body.disbursementDate !== undefined ? { disbursementDate: body.disbursementDate } : {}),
      ...(body.startDate !== undefined ? { startDate: body.startDate } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(body.subStatus !== undefined ? { subStatus: body.subStatus } : {}),
      ...(body.marketplaceStatus !== undefined ? { marketplaceStatus: body.marketplaceStatus } : {}),
      ...(body.setupStatus !== undefined ? { setupStatus } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await updateLoan(trx, id, { ...changes, updatedAt: now });
    }
    if (body.loanDetails) {
      const current = await selectLoanDetails(trx, id);
      const merged = {
        ...detailValues(null),
        ...(current ?? {}),
        ...pickDefined(detailValues(body.loanDetails), body.loanDetails),
      };
      await upsertLoanDetails(trx, { ...merged, loanId: id });
    }

    // a released loan in its funding phase goes where its (new) window puts it
    const becameDone = loan.setupStatus === 'INITIAL' && setupStatus === 'DONE';
    const marketplaceStatus =
      body.marketplaceStatus ??
      (becameDone && loan.marketplaceStatus === 'HIDDEN' ? 'VISIBLE' : loan.marketplaceStatus);
    if (becameDone && body.marketplaceStatus === undefined && marketplaceStatus !== loan.marketplaceStatus) {
      await updateLoan(trx, id, { marketplaceStatus });
    }
    const target = fundingPhaseStatus(
      { ...loan, setupStatus, marketplaceStartDate: start, marketplaceExpiryDate: expiry },
      now,
    );
    if (target !== loan.status) {
      const event = becameDone ? 'SETUP_DONE' : 'WINDOW_CHANGED';
      if (!isAllowedLoanTransition(loan.status, target, event))
        throw refuse(loanMessages.transitionRefused(loan.status, target));
      await moveLoan(trx, loan, target, now, event);
    }
    const after = await loanView(trx, id, now);
    await audit.record(trx, { objectType: 'loan', objectId: id, before, after });
    return after;
  });
}

/** The detail columns the body actually sent (others keep their stored value). */
function pickDefined<T extends Record<string, unknown>>(values: T, sent: Record<string, unknown>): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => sent[key] !== undefined)) as Partial<T>;
}

/** Whether a sent value equals the loan's current one (rates as numbers, window dates as instants). */
function sameValue(field: string, sent: unknown, current: unknown): boolean {
  if (sent === null || current === null || current === undefined) return sent === current;
  if (field === 'marketplaceStartDate' || field === 'marketplaceExpiryDate') {
    const edge = field === 'marketplaceStartDate' ? 'start' : 'end';
    return marketplaceInstant(String(sent), edge).getTime() === new Date(String(current)).getTime();
  }
  if (typeof sent === 'number') return new Decimal(sent).equals(String(current));
  return sent === current;
}
