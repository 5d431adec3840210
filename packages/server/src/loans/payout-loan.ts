import {
  type Cents,
  centsFromString,
  centsToNumber,
  centsToString,
  liveRepaymentStatuses,
  loanMessages,
  openRepaymentStatuses,
  type PayoutBody,
  type PayoutPlan,
  type PayoutReceiptState,
  payoutAvailability,
  payoutCompletable,
  payoutReceiptId,
  refuse,
  sydneyDate,
} from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Executor, Tx } from '../platform/db/database';
import { findLoan, type LoanRecord, loanFigures, lockLoan } from './loan-record';
import {
  insertRepayment,
  selectPublishedReceipt,
  selectRepaymentsOf,
  setRepaymentStatus,
  updateLoan,
} from './loans.repository';

export type { PayoutPlan };

interface Computed {
  plan: PayoutPlan;
  principalCents: Cents;
  interestCents: Cents;
  atDateId: number;
  laterIds: number[];
}

/**
 * The payout at date d (DOMAIN.md "Payout"): the principal still owed (not paid, not written off)
 * on the repayments at d and after, plus the interest still owed on the repayment at d. Only the due date of an open repayment
 * may be chosen, and only once per loan.
 */
async function computePayout(db: Executor, loan: LoanRecord, payoutDate: string, now: Date): Promise<Computed> {
  const availability = payoutAvailability(await loanFigures(db, loan));
  if (!availability.enabled) throw refuse(availability.reason ?? '');
  const repayments = await selectRepaymentsOf(db, loan.id);
  const atDate = repayments.find(
    (r) => r.dueDate === payoutDate && (openRepaymentStatuses as readonly string[]).includes(r.status),
  );
  if (!atDate) throw refuse(loanMessages.payoutDateNotRepayment);
  const closing = repayments.filter(
    (r) => r.dueDate >= payoutDate && (liveRepaymentStatuses as readonly string[]).includes(r.status),
  );
  const principalCents = closing.reduce(
    (sum, r) =>
      sum + centsFromString(r.principalDue) - centsFromString(r.principalPaid) - centsFromString(r.principalWrittenOff),
    0n,
  );
  const interestCents =
    centsFromString(atDate.interestDue) -
    centsFromString(atDate.interestPaid) -
    centsFromString(atDate.interestWrittenOff);
  const payoutCents = principalCents + interestCents;
  const canComplete = payoutCompletable(payoutDate, sydneyDate(now));
  return {
    principalCents,
    interestCents,
    atDateId: atDate.id,
    laterIds: closing.filter((r) => r.id !== atDate.id).map((r) => r.id),
    plan: {
      loanId: loan.id,
      payoutDate,
      principalAmount: centsToNumber(principalCents),
      interestAmount: centsToNumber(interestCents),
      payoutAmount: centsToNumber(payoutCents),
      canComplete,
      warning: canComplete ? null : loanMessages.payoutTooFarInFuture,
      closedRepaymentIds: closing.map((r) => r.id),
      payoutRepayment: {
        id: null,
        loanId: loan.id,
        dueDate: payoutDate,
        status: 'UNPAID',
        principalDue: centsToNumber(principalCents),
        interestDue: centsToNumber(interestCents),
        grossAmount: centsToNumber(payoutCents),
      },
      payoutReceipt: payoutReceiptOf(loan, payoutDate, payoutCents),
    },
  };
}

/** The receipt a payout creates (DOMAIN.md "Payout"), in the shape publishing takes. */
function payoutReceiptOf(loan: LoanRecord, payoutDate: string, payoutCents: Cents): PayoutPlan['payoutReceipt'] {
  return {
    loanId: loan.id,
    thirdPartyLoanId: loan.thirdPartyId,
    thirdPartyId: payoutReceiptId(loan.id, payoutDate),
    dueDate: payoutDate,
    netAmount: centsToNumber(payoutCents),
    grossAmount: centsToNumber(payoutCents),
    batchNumber: `PAYOUT-${loan.id}`,
  };
}

/**
 * GET api/loans/{id}/payoutReceipt: the receipt of the loan's payout (null when none was created),
 * for the payout repayment's amounts, with its loan transaction once published and the date it was
 * fractionalised, so staff collect it from the loan screen.
 */
export async function findPayoutReceipt(ctx: AppContext, loanId: number): Promise<PayoutReceiptState> {
  const loan = await findLoan(ctx.db, loanId);
  const repayments = await selectRepaymentsOf(ctx.db, loan.id);
  const closed = repayments.find((r) => r.status === 'PAYOUT');
  if (!closed) return null;
  // the repayment the payout added at the date (after the one it closed)
  const added = repayments.find((r) => r.dueDate === closed.dueDate && r.id > closed.id);
  if (!added) return null;
  const principalCents = centsFromString(added.principalDue);
  const interestCents = centsFromString(added.interestDue);
  const receipt = payoutReceiptOf(loan, closed.dueDate, principalCents + interestCents);
  const published = await selectPublishedReceipt(ctx.db, receipt.thirdPartyId);
  return {
    payoutDate: closed.dueDate,
    payoutRepaymentId: added.id,
    principalAmount: centsToNumber(principalCents),
    interestAmount: centsToNumber(interestCents),
    receipt,
    loanTransactionId: published?.id ?? null,
    publishedDate: published?.finalisedDate ? published.finalisedDate.toISOString() : null,
    fractionalisedDate: published?.fractionalisedDate ? published.fractionalisedDate.toISOString() : null,
  };
}

/** POST api/loans/actions/payout/preview: what the payout would be; nothing changes. */
export async function previewPayout(ctx: AppContext, body: PayoutBody): Promise<PayoutPlan> {
  const loan = await findLoan(ctx.db, body.loanId);
  return (await computePayout(ctx.db, loan, body.payoutDate, ctx.clock.now())).plan;
}

/**
 * POST api/loans/actions/payout: closes the repayment at the date (Payout) and every later one
 * (Closed Payout), and adds the payout repayment at the date for the payout amount. The payout
 * receipt it answers is published like any other when the borrower pays; fractionalising it then
 * pays the investors out and the loan becomes Payout (repayments/).
 */
export async function confirmPayout(ctx: AppContext, body: PayoutBody, audit: AuditContext): Promise<PayoutPlan> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx: Tx) => {
    const loan = await lockLoan(trx, body.loanId, now);
    const computed = await computePayout(trx, loan, body.payoutDate, now);
    if (!computed.plan.canComplete) throw refuse(loanMessages.payoutTooFarInFuture);
    await setRepaymentStatus(trx, [computed.atDateId], 'PAYOUT');
    await setRepaymentStatus(trx, computed.laterIds, 'CLOSED_PAYOUT');
    const createdId = await insertRepayment(trx, {
      loanId: loan.id,
      dueDate: body.payoutDate,
      status: 'UNPAID',
      principalDue: centsToString(computed.principalCents),
      interestDue: centsToString(computed.interestCents),
      grossAmount: centsToString(computed.principalCents + computed.interestCents),
      createdAt: now,
    });
    await updateLoan(trx, loan.id, { updatedAt: now });
    const plan = { ...computed.plan, payoutRepayment: { ...computed.plan.payoutRepayment, id: createdId } };
    await audit.record(trx, { objectType: 'loanPayout', objectId: loan.id, after: plan });
    return plan;
  });
}
