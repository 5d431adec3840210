import {
  badRequest,
  type Cents,
  centsFromNumber,
  centsFromString,
  centsToNumber,
  centsToString,
  completeReceipts,
  conflict,
  notFound,
  type PublishReceipt,
  type PublishReceiptRow,
  payoutReceiptId,
  publishMessages,
  type RepaymentOwed,
  type RouteData,
  receiptAgainstRepayments,
  type receiptsPublishRoute,
  refuse,
} from '@lm/domain';
import { postEntries, reserveIds, systemAccountId } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { receiptLoanStatuses, refreshLoansRepaymentStatus, repaymentOwed } from './loan-repayment-status';
import * as repo from './repayments.repository';

export type PublishResult = RouteData<typeof receiptsPublishRoute>;
type PublishedReceipt = PublishResult['receipts'][number];

/** A receipt to publish with its amounts in cents. */
export interface Receipt extends Omit<PublishReceipt, 'netAmount' | 'grossAmount' | 'thirdPartyLoanId'> {
  thirdPartyLoanId?: string | null | undefined;
  netAmount: Cents;
  grossAmount: Cents;
}

/**
 * POST api/repayments/receipts/batch: the rows as sent, each with every required property or the
 * specification's warning naming what is missing, published by `publishReceipts`.
 */
export function publishReceiptBatch(
  ctx: AppContext,
  rows: readonly PublishReceiptRow[],
  actorUserId: number | null,
  audit: AuditContext,
): Promise<PublishResult> {
  const receipts = completeReceipts(rows).map((r) => ({
    ...r,
    netAmount: centsFromNumber(r.netAmount),
    grossAmount: centsFromNumber(r.grossAmount),
  }));
  return publishReceipts(ctx, receipts, actorUserId, audit);
}

/**
 * Publishes a batch of staged receipts (POST api/repayments/receipts/batch), whole or not at all,
 * in one transaction. For each receipt:
 * - a loan transaction REPAYMENT, status PAID, against the loan's earliest repayment that is not
 *   fully paid: the net amount pays its interest first, then its principal (receiptAgainstRepayments); what is
 *   left is the receipt's excess, kept in the loan's collections until it is applied to the next
 *   repayment or returned (handle-excess.ts);
 * - one ledger entry: trust bank -> the loan's collections for the net amount, and -> lender revenue
 *   for any fees the gross amount carries beyond it;
 * - the repayment's principalPaid, interestPaid and status, then the loan's status.
 * The same receipt (its receipt id) is never paid twice: a receipt already published with the same
 * details is reported as such and skipped; one published with other details refuses the batch.
 */
export async function publishReceipts(
  ctx: AppContext,
  receipts: readonly Receipt[],
  actorUserId: number | null,
  audit: AuditContext,
): Promise<PublishResult> {
  const seen = new Set<string>();
  for (const r of receipts) {
    if (seen.has(r.thirdPartyId)) throw badRequest(publishMessages.duplicateInBatch(r.thirdPartyId));
    seen.add(r.thirdPartyId);
    if (r.grossAmount < r.netAmount) throw badRequest(publishMessages.grossBelowNet(r.thirdPartyId));
  }
  const now = ctx.clock.now();

  return ctx.db.transaction().execute(async (trx) => {
    // Lock the loans in id order: concurrent batches for the same loan queue here, and the second
    // then finds the receipts of the first already published.
    const loanIds = [...new Set(receipts.map((r) => r.loanId))].sort((a, b) => a - b);
    const loans = await repo.lockLoans(trx, loanIds);
    const loanById = new Map(loans.map((l) => [l.id, l]));
    for (const loanId of loanIds) {
      const loan = loanById.get(loanId);
      if (!loan) throw notFound(publishMessages.loanNotFound(loanId));
      if (!receiptLoanStatuses.includes(loan.status)) throw refuse(publishMessages.loanNotActive(loanId, loan.status));
    }

    const existing = await repo.publishedReceipts(
      trx,
      receipts.map((r) => r.thirdPartyId),
    );
    const existingByReceipt = new Map(existing.map((e) => [e.receiptId ?? '', e]));

    const trustBank = await systemAccountId(trx, 'TRUST_BANK');
    const revenue = await systemAccountId(trx, 'REVENUE');
    const results: PublishedReceipt[] = [];

    // the loans' repayments that may still take money, oldest first; receipts pay them in memory
    // and the changes are written together afterwards
    const open = await repo.lockOpenRepayments(trx, loanIds);
    const openByLoan = new Map<number, OpenRepayment[]>();
    for (const r of open) {
      const list = openByLoan.get(r.loanId) ?? [];
      list.push({
        id: r.id,
        dueDate: r.dueDate,
        ...repaymentOwed(r),
        addedPrincipalCents: 0n,
        addedInterestCents: 0n,
      });
      openByLoan.set(r.loanId, list);
    }

    // oldest receipt first within a loan, so they pay the loan's repayments in order
    const ordered = receipts
      .map((r, index) => ({ r, index }))
      .sort((a, b) => a.r.loanId - b.r.loanId || a.r.dueDate.localeCompare(b.r.dueDate) || a.index - b.index);
    const toPublish: {
      r: Receipt;
      repaymentId: number | null;
      paid: { interestPaidCents: Cents; principalPaidCents: Cents; excessCents: Cents };
    }[] = [];
    for (const { r } of ordered) {
      const before = existingByReceipt.get(r.thirdPartyId);
      if (before) {
        const same =
          before.loanId === r.loanId &&
          centsFromString(before.netAmount) === r.netAmount &&
          centsFromString(before.grossAmount) === r.grossAmount &&
          before.receiptDate === r.dueDate;
        if (!same) throw conflict(publishMessages.publishedDifferently(r.thirdPartyId, before.id));
        results.push({
          receiptId: r.thirdPartyId,
          loanId: before.loanId,
          loanTransactionId: before.id,
          repaymentId: before.repaymentId,
          principalAmount: centsToNumber(centsFromString(before.principalAmount)),
          interestAmount: centsToNumber(centsFromString(before.interestAmount)),
          excessAmount: centsToNumber(centsFromString(before.excessAmount)),
          alreadyPublished: true,
        });
        continue;
      }
      const owed = openByLoan.get(r.loanId) ?? [];
      // a payout receipt pays its payout repayment; any other receipt the oldest repayment still owed
      const open =
        r.thirdPartyId === payoutReceiptId(r.loanId, r.dueDate) ? owed.filter((o) => o.dueDate === r.dueDate) : owed;
      const { index, ...paid } = receiptAgainstRepayments(r.netAmount, open);
      const repayment = index === null ? undefined : open[index];
      if (repayment) {
        repayment.principalPaidCents += paid.principalPaidCents;
        repayment.interestPaidCents += paid.interestPaidCents;
        repayment.addedPrincipalCents += paid.principalPaidCents;
        repayment.addedInterestCents += paid.interestPaidCents;
      }
      toPublish.push({ r, repaymentId: repayment?.id ?? null, paid });
    }

    await repo.addRepaymentsPaid(
      trx,
      [...openByLoan.values()].flat().map((o) => ({
        id: o.id,
        principalPaidCents: o.addedPrincipalCents,
        interestPaidCents: o.addedInterestCents,
      })),
    );

    const entryIds = await postEntries(
      trx,
      toPublish.map(({ r }) => {
        const feesCents: Cents = r.grossAmount - r.netAmount;
        const collections = loanById.get(r.loanId)!.collectionsLedgerAccountId;
        return {
          kind: 'RECEIPT',
          description: `Receipt ${r.thirdPartyId} for loan ${r.loanId} (batch ${r.batchNumber})`,
          createdBy: actorUserId,
          postings: [
            { ledgerAccountId: trustBank, amountCents: -r.grossAmount },
            { ledgerAccountId: collections, amountCents: r.netAmount },
            ...(feesCents > 0n ? [{ ledgerAccountId: revenue, amountCents: feesCents }] : []),
          ],
        };
      }),
      now,
    );
    const createdIds = await reserveIds(trx, 'loan_transactions', toPublish.length);
    const newTransactions = toPublish.map(({ r, repaymentId, paid }, index) => ({
      id: createdIds[index]!,
      loanId: r.loanId,
      repaymentId,
      type: 'REPAYMENT',
      status: 'PAID',
      principalAmount: centsToString(paid.principalPaidCents),
      interestAmount: centsToString(paid.interestPaidCents),
      excessAmount: centsToString(paid.excessCents),
      netAmount: centsToString(r.netAmount),
      grossAmount: centsToString(r.grossAmount),
      receiptId: r.thirdPartyId,
      batchNumber: r.batchNumber,
      receiptDate: r.dueDate,
      finalisedDate: now,
      createdDate: now,
      ledgerEntryId: entryIds[index]!,
      createdBy: actorUserId,
    }));
    await repo.insertLoanTransactions(trx, newTransactions);
    toPublish.forEach(({ r, repaymentId, paid }, index) => {
      results.push({
        receiptId: r.thirdPartyId,
        loanId: r.loanId,
        loanTransactionId: createdIds[index]!,
        repaymentId,
        principalAmount: centsToNumber(paid.principalPaidCents),
        interestAmount: centsToNumber(paid.interestPaidCents),
        excessAmount: centsToNumber(paid.excessCents),
        alreadyPublished: false,
      });
    });

    await refreshLoansRepaymentStatus(trx, loanIds, now);

    await audit.record(trx, {
      objectType: 'receiptBatch',
      objectId: [...new Set(receipts.map((r) => r.batchNumber))].join(','),
      after: { loanTransactionIds: createdIds, receiptIds: receipts.map((r) => r.thirdPartyId) },
    });
    const alreadyPublishedCount = results.filter((p) => p.alreadyPublished).length;
    // in the order the batch was sent
    const order = new Map(receipts.map((r, index) => [r.thirdPartyId, index]));
    results.sort((a, b) => (order.get(a.receiptId) ?? 0) - (order.get(b.receiptId) ?? 0));
    return { receipts: results, publishedCount: results.length - alreadyPublishedCount, alreadyPublishedCount };
  });
}

interface OpenRepayment extends RepaymentOwed {
  id: number;
  dueDate: string;
  /** What the receipts of this batch paid of it. */
  addedPrincipalCents: Cents;
  addedInterestCents: Cents;
}
