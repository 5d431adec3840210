import {
  centsFromString,
  centsToNumber,
  centsToString,
  type ExcessHandling,
  excessMessages,
  notFound,
  openRepaymentStatuses,
  receiptAgainstRepayments,
  refuse,
} from '@lm/domain';
import { sql } from 'kysely';
import { postEntry, systemAccountId } from '../ledger/ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import { refreshLoanRepaymentStatus } from './loan-repayment-status';

/**
 * The excess of a published receipt (what it paid beyond the repayment it was applied to) stays in
 * the loan's collections until it is handled, once (docs/domain.md "Excess"):
 * - applied: it pays the loan's next repayment that is not fully paid, interest first, as a new
 *   repayment transaction (PAID) that names its source; no money moves (it is already in the
 *   loan's collections), and the new transaction is fractionalised like any other. What it pays
 *   beyond that repayment is again an excess, to be handled in turn;
 * - returned: it goes back to the borrower, one ledger entry loan collections -> trust bank.
 */
export interface ExcessResult {
  loanTransactionId: number;
  excessHandling: ExcessHandling;
  excessAmount: number;
  /** The repayment transaction created by applying it. */
  appliedTransactionId: number | null;
  repaymentId: number | null;
  principalAmount: number;
  interestAmount: number;
  /** What is left over after applying it (an excess of the new transaction). */
  remainingExcessAmount: number;
  ledgerEntryId: number | null;
}

async function lockSource(trx: Tx, loanTransactionId: number) {
  const peek = await trx
    .selectFrom('loanTransactions')
    .select(['loanId'])
    .where('id', '=', loanTransactionId)
    .executeTakeFirst();
  if (!peek) throw notFound(`Loan transaction ${loanTransactionId} does not exist.`);
  // the loan first, as publishing does, then the transaction
  const loan = await trx
    .selectFrom('loans')
    .select(['id', 'status', 'collectionsLedgerAccountId'])
    .where('id', '=', peek.loanId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const lt = await trx
    .selectFrom('loanTransactions')
    .selectAll()
    .where('id', '=', loanTransactionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
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
    const open = await trx
      .selectFrom('repayments')
      .select(['id', 'principalDue', 'principalPaid', 'interestDue', 'interestPaid'])
      .where('loanId', '=', loan.id)
      .where('isArchived', '=', false)
      .where('status', 'in', [...openRepaymentStatuses])
      .orderBy('dueDate')
      .orderBy('id')
      .forUpdate()
      .execute();
    const { index, ...paid } = receiptAgainstRepayments(
      excessCents,
      open.map((r) => ({
        principalDueCents: centsFromString(r.principalDue),
        principalPaidCents: centsFromString(r.principalPaid),
        interestDueCents: centsFromString(r.interestDue),
        interestPaidCents: centsFromString(r.interestPaid),
      })),
    );
    const repayment = index === null ? undefined : open[index];
    if (!repayment) throw refuse(excessMessages.nothingToApplyTo);
    await trx
      .updateTable('repayments')
      .set({
        principalPaid: sql`principal_paid + ${centsToString(paid.principalPaidCents)}::numeric`,
        interestPaid: sql`interest_paid + ${centsToString(paid.interestPaidCents)}::numeric`,
      })
      .where('id', '=', repayment.id)
      .execute();
    const applied = await trx
      .insertInto('loanTransactions')
      .values({
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('loanTransactions')
      .set({ excessHandling: 'APPLIED', excessHandledDate: now, excessHandledBy: actorUserId })
      .where('id', '=', lt.id)
      .execute();
    await refreshLoanRepaymentStatus(trx, loan.id, now);
    await audit.record(trx, {
      objectType: 'loanTransaction',
      objectId: lt.id,
      before: { excessHandling: null },
      after: { excessHandling: 'APPLIED', appliedTransactionId: applied.id, repaymentId: repayment.id },
    });
    return {
      loanTransactionId: lt.id,
      excessHandling: 'APPLIED',
      excessAmount: centsToNumber(excessCents),
      appliedTransactionId: applied.id,
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
    await trx
      .updateTable('loanTransactions')
      .set({
        excessHandling: 'RETURNED',
        excessHandledDate: now,
        excessHandledBy: actorUserId,
        excessReturnEntryId: entryId,
      })
      .where('id', '=', lt.id)
      .execute();
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
