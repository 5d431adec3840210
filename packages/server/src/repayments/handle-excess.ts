import {
  centsFromString,
  centsToNumber,
  centsToString,
  type excessApplyRoute,
  excessMessages,
  notFound,
  type RouteData,
  receiptAgainstRepayments,
  refuse,
} from '@lm/domain';
import { postEntry, systemAccountId } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import { refreshLoanRepaymentStatus, repaymentOwed } from './loan-repayment-status';
import * as repo from './repayments.repository';

/**
 * The excess of a published receipt (what it paid beyond the repayment it was applied to) stays in
 * the loan's collections until it is handled, once (docs/domain.md "Excess"):
 * - applied: it pays the loan's next repayment that is not fully paid, interest first, as a new
 *   repayment transaction (PAID) that names its source; no money moves (it is already in the
 *   loan's collections), and the new transaction is fractionalised like any other. What it pays
 *   beyond that repayment is again an excess, to be handled in turn;
 * - returned: it goes back to the borrower, one ledger entry loan collections -> trust bank.
 */
export type ExcessResult = RouteData<typeof excessApplyRoute>;

async function lockSource(trx: Tx, loanTransactionId: number) {
  const peek = await repo.loanOfTransaction(trx, loanTransactionId);
  if (!peek) throw notFound(`Loan transaction ${loanTransactionId} does not exist.`);
  // the loan first, as publishing does, then the transaction
  const loan = await repo.lockLoan(trx, peek.loanId);
  const lt = await repo.lockLoanTransaction(trx, loanTransactionId);
  if (lt.type !== 'REPAYMENT' || lt.status !== 'PAID' || lt.reversesTransactionId !== null) {
    throw refuse(excessMessages.notPaidRepayment);
  }
  if (lt.reversalTransactionId !== null) throw refuse(excessMessages.reversed);
  if (lt.excessHandling !== null) throw refuse(excessMessages.alreadyHandled);
  const excessCents = centsFromString(lt.excessAmount);
  if (excessCents <= 0n) throw refuse(excessMessages.noExcess);
  return { loan, lt, excessCents };
}

/** Applies a receipt's excess to the loan's next repayment (POST api/loanTransactions/{id}/actions/applyExcess). */
export async function applyExcess(
  ctx: AppContext,
  loanTransactionId: number,
  actorUserId: number | null,
  audit: AuditContext,
): Promise<ExcessResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { loan, lt, excessCents } = await lockSource(trx, loanTransactionId);
    const open = await repo.lockOpenRepayments(trx, [loan.id]);
    const { index, ...paid } = receiptAgainstRepayments(excessCents, open.map(repaymentOwed));
    const repayment = index === null ? undefined : open[index];
    if (!repayment) throw refuse(excessMessages.nothingToApplyTo);
    await repo.addRepaymentsPaid(trx, [{ id: repayment.id, ...paid }]);
    const appliedId = await repo.insertLoanTransaction(trx, {
      loanId: loan.id,
      repaymentId: repayment.id,
      type: 'REPAYMENT',
      status: 'PAID',
      principalAmount: centsToString(paid.principalPaidCents),
      interestAmount: centsToString(paid.interestPaidCents),
      excessAmount: centsToString(paid.excessCents),
      netAmount: centsToString(excessCents),
      grossAmount: centsToString(excessCents),
      batchNumber: lt.batchNumber,
      receiptDate: lt.receiptDate,
      finalisedDate: now,
      createdDate: now,
      excessSourceTransactionId: lt.id,
      createdBy: actorUserId,
    });
    await repo.markExcessHandled(trx, lt.id, { excessHandling: 'APPLIED', now, by: actorUserId });
    await refreshLoanRepaymentStatus(trx, loan.id, now);
    await audit.record(trx, {
      objectType: 'loanTransaction',
      objectId: lt.id,
      before: { excessHandling: null },
      after: { excessHandling: 'APPLIED', appliedTransactionId: appliedId, repaymentId: repayment.id },
    });
    return {
      loanTransactionId: lt.id,
      excessHandling: 'APPLIED',
      excessAmount: centsToNumber(excessCents),
      appliedTransactionId: appliedId,
      repaymentId: repayment.id,
      principalAmount: centsToNumber(paid.principalPaidCents),
      interestAmount: centsToNumber(paid.interestPaidCents),
      remainingExcessAmount: centsToNumber(paid.excessCents),
      ledgerEntryId: null,
    };
  });
}

/** Returns a receipt's excess to the borrower (POST api/loanTransactions/{id}/actions/returnExcess). */
export async function returnExcess(
  ctx: AppContext,
  loanTransactionId: number,
  actorUserId: number | null,
  audit: AuditContext,
): Promise<ExcessResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { loan, lt, excessCents } = await lockSource(trx, loanTransactionId);
    const trustBank = await systemAccountId(trx, 'TRUST_BANK');
    const entryId = await postEntry(
      trx,
      {
        kind: 'EXCESS_RETURNED',
        description: `Excess of loan transaction ${lt.id} returned to the borrower of loan ${loan.id}`,
        createdBy: actorUserId,
        postings: [
          { ledgerAccountId: loan.collectionsLedgerAccountId, amountCents: -excessCents },
          { ledgerAccountId: trustBank, amountCents: excessCents },
        ],
      },
      now,
    );
    await repo.markExcessHandled(trx, lt.id, {
      excessHandling: 'RETURNED',
      now,
      by: actorUserId,
      returnEntryId: entryId,
    });
    await audit.record(trx, {
      objectType: 'loanTransaction',
      objectId: lt.id,
      before: { excessHandling: null },
      after: { excessHandling: 'RETURNED', ledgerEntryId: entryId },
    });
    return {
      loanTransactionId: lt.id,
      excessHandling: 'RETURNED',
      excessAmount: centsToNumber(excessCents),
      appliedTransactionId: null,
      repaymentId: null,
      principalAmount: 0,
      interestAmount: 0,
      remainingExcessAmount: 0,
      ledgerEntryId: entryId,
    };
  });
}
