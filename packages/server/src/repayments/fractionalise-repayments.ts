import {
  type Cents,
  centsFromString,
  centsToNumber,
  centsToString,
  formatCents,
  fractionaliseMessages,
  fractionaliseRepayment,
  type Holder,
  houseAccountId,
  refuse,
  sumCents,
} from '@lm/domain';
import { sql } from 'kysely';
import { systemAccountId } from '../ledger/ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import { type AccountRowInput, availableCents, lockForMovement, postMoney } from '../transactions/account-postings';

export interface FractionalisedPiece {
  investmentId: number;
  investmentAccountId: number;
  principalAmount: number;
  interestAmount: number;
  topUpAmount: number;
  taxWithheldAmount: number;
  /** What reached the holder's cash: principal + interest + top-up - tax. */
  cashAmount: number;
}

export interface FractionalisedRepayment {
  loanTransactionId: number;
  loanId: number;
  principalAmount: number;
  interestAmount: number;
  commissionAmount: number;
  topUpAmount: number;
  taxWithheldAmount: number;
  ledgerEntryId: number | null;
  pieces: FractionalisedPiece[];
}

/**
 * Fractionalises paid repayment transactions (POST api/repayments/fractionalise), all of them or
 * none, in one transaction. Each is split across the loan's holders (deployed, unsold, not reversed
 * investments with principal outstanding) by `fractionaliseRepayment` (DOMAIN.md), and moved out of
 * the loan's collections in one ledger entry:
 * - each holder: a REPAYMENT row (principal, interest including any top-up, tax withheld) of its cash;
 * - house account 555: a COMMISSION row for the rest of the interest, and an INTEREST_TOP_UP row
 *   (out) for each mandate top-up it pays; refused when 555 cannot cover its top-ups;
 * - tax withheld payable: the withholding tax of foreign holders.
 * The investments' principalRepaid and interestRepaid follow; the loan transaction is stamped
 * fractionalised, so it can never be paid out twice. The receipt's excess stays in collections.
 */
export async function fractionaliseRepayments(
  ctx: AppContext,
  loanTransactionIds: readonly number[],
  actorUserId: number | null,
  audit: AuditContext,
): Promise<FractionalisedRepayment[]> {
  const now = ctx.clock.now();
  const ids = [...new Set(loanTransactionIds)].sort((a, b) => a - b);
  return ctx.db.transaction().execute(async (trx) => {
    const results: FractionalisedRepayment[] = [];
    for (const id of ids) {
      const result = await fractionaliseOne(trx, id, actorUserId, now);
      await audit.record(trx, {
        objectType: 'loanTransaction',
        objectId: id,
        before: { fractionalisedDate: null },
        after: {
          fractionalisedDate: now,
          ledgerEntryId: result.ledgerEntryId,
          commissionAmount: result.commissionAmount,
          taxWithheldAmount: result.taxWithheldAmount,
        },
      });
      results.push(result);
    }
    return results;
  });
}

async function fractionaliseOne(
  trx: Tx,
  id: number,
  actorUserId: number | null,
  now: Date,
): Promise<FractionalisedRepayment> {
  const lt = await trx
    .selectFrom('loanTransactions')
    .select(['id', 'loanId', 'type', 'status', 'principalAmount', 'interestAmount', 'fractionalisedDate'])
    .select(['reversalTransactionId', 'reversesTransactionId'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!lt) throw refuse(fractionaliseMessages.notFound(id));
  if (lt.type !== 'REPAYMENT' || lt.status !== 'PAID' || lt.reversesTransactionId !== null) {
    throw refuse(fractionaliseMessages.notRepayment(id));
  }
  if (lt.reversalTransactionId !== null) throw refuse(fractionaliseMessages.reversed(id));
  if (lt.fractionalisedDate !== null) throw refuse(fractionaliseMessages.alreadyFractionalised(id));

  const principalPaidCents = centsFromString(lt.principalAmount);
  const interestPaidCents = centsFromString(lt.interestAmount);
  const nothing: FractionalisedRepayment = {
    loanTransactionId: id,
    loanId: lt.loanId,
    principalAmount: 0,
    interestAmount: 0,
    commissionAmount: 0,
    topUpAmount: 0,
    taxWithheldAmount: 0,
    ledgerEntryId: null,
    pieces: [],
  };
  if (principalPaidCents === 0n && interestPaidCents === 0n) {
    // a receipt that was all excess: nothing of it belongs to the investors (yet)
    await trx.updateTable('loanTransactions').set({ fractionalisedDate: now }).where('id', '=', id).execute();
    return nothing;
  }

  const loan = await trx
    .selectFrom('loans')
    .select(['id', 'baseInterestRate', 'collectionsLedgerAccountId'])
    .where('id', '=', lt.loanId)
    .executeTakeFirstOrThrow();
  const holdings = await trx
    .selectFrom('investments as i')
    .innerJoin('investmentAccounts as a', 'a.id', 'i.investmentAccountId')
    .select(['i.id', 'i.investmentAccountId', 'i.investmentInterestRate', 'a.isForeign'])
    .select(sql<string>`i.invested_amount - i.principal_repaid - i.principal_written_off`.as('outstanding'))
    .where('i.loanId', '=', lt.loanId)
    .where('i.finalisedDate', 'is not', null)
    .where('i.saleDate', 'is', null)
    .where('i.reversedDate', 'is', null)
    .where(sql<boolean>`i.invested_amount - i.principal_repaid - i.principal_written_off > 0`)
    .orderBy('i.id')
    .forUpdate()
    .execute();
  if (holdings.length === 0) throw refuse(fractionaliseMessages.noHolders(id, lt.loanId));
  const holders: Holder[] = holdings.map((h) => ({
    investmentId: h.id,
    investmentAccountId: h.investmentAccountId,
    outstandingPrincipalCents: centsFromString(h.outstanding),
    rate: h.investmentInterestRate,
    isForeign: h.isForeign,
  }));
  const outstandingCents = sumCents(holders.map((h) => h.outstandingPrincipalCents));
  if (principalPaidCents > outstandingCents) {
    throw refuse(
      fractionaliseMessages.principalAboveOutstanding(
        id,
        formatCents(principalPaidCents),
        formatCents(outstandingCents),
      ),
    );
  }

  const split = fractionaliseRepayment(
    { principalPaidCents, interestPaidCents, baseRate: loan.baseInterestRate },
    holders,
  );

  const taxPayable = await systemAccountId(trx, 'TAX_WITHHELD_PAYABLE');
  const accountIds = [...new Set([...holders.map((h) => h.investmentAccountId), houseAccountId])];
  await lockForMovement(trx, accountIds, [loan.collectionsLedgerAccountId, taxPayable]);
  if (split.topUpTotalCents > 0n) {
    // the entry is one movement: the house's own piece and the commission arrive as the top-ups leave
    const houseInCents =
      split.commissionCents +
      sumCents(split.pieces.filter((p) => p.investmentAccountId === houseAccountId).map((p) => p.cashCents));
    const houseAvailableCents = await availableCents(trx, houseAccountId);
    if (houseAvailableCents + houseInCents < split.topUpTotalCents) {
      throw refuse(
        fractionaliseMessages.houseCannotCover(
          id,
          formatCents(split.topUpTotalCents),
          formatCents(houseAvailableCents + houseInCents),
        ),
      );
    }
  }

  const common = { loanId: lt.loanId, loanTransactionId: id };
  const accountRows: AccountRowInput[] = [];
  for (const piece of split.pieces) {
    if (piece.cashCents === 0n) continue; // a share too small to reach a cent this time
    accountRows.push({
      ...common,
      investmentAccountId: piece.investmentAccountId,
      investmentId: piece.investmentId,
      type: 'REPAYMENT',
      amountCents: piece.cashCents,
      principalCents: piece.principalCents,
      interestCents: piece.interestCents + piece.topUpCents,
      taxWithheldCents: piece.taxWithheldCents,
      comment: `Repayment of loan ${lt.loanId} (loan transaction ${id})`,
    });
  }
  if (split.commissionCents > 0n) {
    accountRows.push({
      ...common,
      investmentAccountId: houseAccountId,
      type: 'COMMISSION',
      amountCents: split.commissionCents,
      interestCents: split.commissionCents,
      comment: `Interest commission on loan ${lt.loanId} (loan transaction ${id})`,
    });
  }
  for (const piece of split.pieces) {
    if (piece.topUpCents === 0n) continue;
    accountRows.push({
      ...common,
      investmentAccountId: houseAccountId,
      investmentId: piece.investmentId,
      counterpartAccountId: piece.investmentAccountId,
      type: 'INTEREST_TOP_UP',
      amountCents: -piece.topUpCents,
      interestCents: piece.topUpCents,
      comment: `Interest top-up to account ${piece.investmentAccountId} on loan ${lt.loanId} (loan transaction ${id})`,
    });
  }
  const posted = await postMoney(
    trx,
    {
      kind: 'REPAYMENT_FRACTIONALISED',
      description: `Repayment of loan ${lt.loanId} fractionalised (loan transaction ${id})`,
      createdBy: actorUserId,
      accountRows,
      otherPostings: [
        { ledgerAccountId: loan.collectionsLedgerAccountId, amountCents: -(principalPaidCents + interestPaidCents) },
        ...(split.taxWithheldTotalCents > 0n
          ? [{ ledgerAccountId: taxPayable, amountCents: split.taxWithheldTotalCents }]
          : []),
      ],
    },
    now,
  );

  for (const piece of split.pieces) {
    const interestCents: Cents = piece.interestCents + piece.topUpCents;
    if (piece.principalCents === 0n && interestCents === 0n) continue;
    await trx
      .updateTable('investments')
      .set({
        principalRepaid: sql`principal_repaid + ${centsToString(piece.principalCents)}::numeric`,
        interestRepaid: sql`interest_repaid + ${centsToString(interestCents)}::numeric`,
      })
      .where('id', '=', piece.investmentId)
      .execute();
  }
  await trx
    .updateTable('loanTransactions')
    .set({
      fractionalisedDate: now,
      fractionaliseEntryId: posted.entryId,
      investorInterestAmount: centsToString(sumCents(split.pieces.map((p) => p.interestCents))),
    })
    .where('id', '=', id)
    .execute();

  return {
    loanTransactionId: id,
    loanId: lt.loanId,
    principalAmount: centsToNumber(principalPaidCents),
    interestAmount: centsToNumber(interestPaidCents),
    commissionAmount: centsToNumber(split.commissionCents),
    topUpAmount: centsToNumber(split.topUpTotalCents),
    taxWithheldAmount: centsToNumber(split.taxWithheldTotalCents),
    ledgerEntryId: posted.entryId,
    pieces: split.pieces.map((p) => ({
      investmentId: p.investmentId,
      investmentAccountId: p.investmentAccountId,
      principalAmount: centsToNumber(p.principalCents),
      interestAmount: centsToNumber(p.interestCents + p.topUpCents),
      topUpAmount: centsToNumber(p.topUpCents),
      taxWithheldAmount: centsToNumber(p.taxWithheldCents),
      cashAmount: centsToNumber(p.cashCents),
    })),
  };
}
