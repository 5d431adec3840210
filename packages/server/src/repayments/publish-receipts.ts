import {
  applyReceipt,
  badRequest,
  type Cents,
  centsFromString,
  centsToNumber,
  centsToString,
  conflict,
  notFound,
  openRepaymentStatuses,
  type PublishReceipt,
  publishMessages,
  refuse,
} from '@lm/domain';
import { sql } from 'kysely';
import { postEntry, systemAccountId } from '../ledger/ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import { receiptLoanStatuses, refreshLoanRepaymentStatus } from './loan-repayment-status';

export interface PublishedReceipt {
  receiptId: string;
  loanId: number;
  loanTransactionId: number;
  repaymentId: number | null;
  principalAmount: number;
  interestAmount: number;
  excessAmount: number;
  /** True when this receipt had been published before: it was not paid again. */
  alreadyPublished: boolean;
}

export interface PublishResult {
  receipts: PublishedReceipt[];
  publishedCount: number;
  alreadyPublishedCount: number;
}

/**
 * Publishes a batch of staged receipts (POST api/repayments/receipts/batch), whole or not at all,
 * in one transaction. For each receipt:
 * - a loan transaction REPAYMENT, status PAID, against the loan's earliest repayment that is not
 *   fully paid: the net amount pays its interest first, then its principal (applyReceipt); what is
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
  receipts: readonly PublishReceipt[],
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
    const loans = await trx
      .selectFrom('loans')
      .select(['id', 'status', 'collectionsLedgerAccountId'])
      .where('id', 'in', loanIds)
      .orderBy('id')
      .forUpdate()
      .execute();
    const loanById = new Map(loans.map((l) => [l.id, l]));
    for (const loanId of loanIds) {
      const loan = loanById.get(loanId);
      if (!loan) throw notFound(publishMessages.loanNotFound(loanId));
      if (!receiptLoanStatuses.includes(loan.status)) throw refuse(publishMessages.loanNotActive(loanId, loan.status));
    }

    const existing = await trx
      .selectFrom('loanTransactions')
      .select(['id', 'receiptId', 'loanId', 'netAmount', 'grossAmount', 'receiptDate', 'repaymentId'])
      .select(['principalAmount', 'interestAmount', 'excessAmount'])
      .where(
        'receiptId',
        'in',
        receipts.map((r) => r.thirdPartyId),
      )
      .where('reversesTransactionId', 'is', null)
      .execute();
    const existingByReceipt = new Map(existing.map((e) => [e.receiptId ?? '', e]));

    const trustBank = await systemAccountId(trx, 'TRUST_BANK');
    const revenue = await systemAccountId(trx, 'REVENUE');
    const results: PublishedReceipt[] = [];
    const createdIds: number[] = [];

    // oldest receipt first within a loan, so they pay the loan's repayments in order
    const ordered = receipts
      .map((r, index) => ({ r, index }))
      .sort((a, b) => a.r.loanId - b.r.loanId || a.r.dueDate.localeCompare(b.r.dueDate) || a.index - b.index);
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
      const loan = loanById.get(r.loanId)!;
      const published = await publishOne(trx, r, loan.collectionsLedgerAccountId, trustBank, revenue, actorUserId, now);
      createdIds.push(published.loanTransactionId);
      results.push(published);
    }

    for (const loanId of loanIds) await refreshLoanRepaymentStatus(trx, loanId, now);

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

async function publishOne(
  trx: Tx,
  r: PublishReceipt,
  collectionsLedgerAccountId: number,
  trustBank: number,
  revenue: number,
  actorUserId: number | null,
  now: Date,
): Promise<PublishedReceipt> {
  const repayment = await trx
    .selectFrom('repayments')
    .select(['id', 'principalDue', 'principalPaid', 'interestDue', 'interestPaid'])
    .where('loanId', '=', r.loanId)
    .where('isArchived', '=', false)
    .where('status', 'in', [...openRepaymentStatuses])
    // statuses are refreshed after the whole batch, so look at the amounts themselves
    .where(sql<boolean>`(principal_paid < principal_due or interest_paid < interest_due)`)
    .orderBy('dueDate')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

  let paid = { interestPaidCents: 0n, principalPaidCents: 0n, excessCents: r.netAmount };
  if (repayment) {
    paid = applyReceipt(r.netAmount, {
      interestDueCents: centsFromString(repayment.interestDue) - centsFromString(repayment.interestPaid),
      principalDueCents: centsFromString(repayment.principalDue) - centsFromString(repayment.principalPaid),
    });
    await trx
      .updateTable('repayments')
      .set({
        principalPaid: sql`principal_paid + ${centsToString(paid.principalPaidCents)}::numeric`,
        interestPaid: sql`interest_paid + ${centsToString(paid.interestPaidCents)}::numeric`,
      })
      .where('id', '=', repayment.id)
      .execute();
  }

  const feesCents: Cents = r.grossAmount - r.netAmount;
  const entryId = await postEntry(
    trx,
    {
      kind: 'RECEIPT',
      description: `Receipt ${r.thirdPartyId} for loan ${r.loanId} (batch ${r.batchNumber})`,
      createdBy: actorUserId,
      postings: [
        { ledgerAccountId: trustBank, amountCents: -r.grossAmount },
        { ledgerAccountId: collectionsLedgerAccountId, amountCents: r.netAmount },
        ...(feesCents > 0n ? [{ ledgerAccountId: revenue, amountCents: feesCents }] : []),
      ],
    },
    now,
  );

  const row = await trx
    .insertInto('loanTransactions')
    .values({
      loanId: r.loanId,
      repaymentId: repayment?.id ?? null,
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
      ledgerEntryId: entryId,
      createdBy: actorUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  return {
    receiptId: r.thirdPartyId,
    loanId: r.loanId,
    loanTransactionId: row.id,
    repaymentId: repayment?.id ?? null,
    principalAmount: centsToNumber(paid.principalPaidCents),
    interestAmount: centsToNumber(paid.interestPaidCents),
    excessAmount: centsToNumber(paid.excessCents),
    alreadyPublished: false,
  };
}
