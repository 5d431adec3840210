import {
  type Cents,
  centsFromString,
  centsToNumber,
  formatCents,
  fractionaliseMessages,
  fractionaliseRepayment,
  type Holder,
  houseAccountId,
  type RouteData,
  refuse,
  type repaymentsFractionaliseRoute,
  sumCents,
} from '@lm/domain';
import {
  type AccountRowInput,
  availableCents,
  investmentAccountLedgerId,
  lockForMovement,
  type MoneyMovement,
  postMoneyMany,
  systemAccountId,
} from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { statementsSent, type Tx } from '../platform/db/database';
import * as repo from './repayments.repository';

export type FractionalisedRepayment = RouteData<typeof repaymentsFractionaliseRoute>[number];

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
 *
 * The transactions are taken in id order, as if one after the other (a later repayment of a loan
 * sees the principal an earlier one repaid), but read and written set-based: a few statements for
 * the whole batch, not a few per repayment. The server's work and the database's overlap: the
 * split is computed while the ledger accounts are being locked, and the ledger's batch is built
 * while the investments are being updated.
 */
export async function fractionaliseRepayments(
  ctx: AppContext,
  loanTransactionIds: readonly number[],
  actorUserId: number | null,
  audit: AuditContext,
): Promise<FractionalisedRepayment[]> {
  const now = ctx.clock.now();
  const ids = [...new Set(loanTransactionIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  return ctx.db.transaction().execute(async (trx) => {
    const results = await fractionaliseBatch(trx, ids, actorUserId, now);
    await audit.recordMany(
      trx,
      results.map((result) => ({
        objectType: 'loanTransaction',
        objectId: result.loanTransactionId,
        before: { fractionalisedDate: null },
        after: {
          fractionalisedDate: now,
          ledgerEntryId: result.ledgerEntryId,
          commissionAmount: result.commissionAmount,
          taxWithheldAmount: result.taxWithheldAmount,
        },
      })),
    );
    return results;
  });
}

interface Holding extends Holder {
  loanId: number;
}

async function fractionaliseBatch(
  trx: Tx,
  ids: readonly number[],
  actorUserId: number | null,
  now: Date,
): Promise<FractionalisedRepayment[]> {
  const lts = await repo.lockLoanTransactions(trx, ids);
  const ltById = new Map(lts.map((lt) => [lt.id, lt]));
  for (const id of ids) {
    const lt = ltById.get(id);
    if (!lt) throw refuse(fractionaliseMessages.notFound(id));
    if (lt.type !== 'REPAYMENT' || lt.status !== 'PAID' || lt.reversesTransactionId !== null) {
      throw refuse(fractionaliseMessages.notRepayment(id));
    }
    if (lt.reversalTransactionId !== null) throw refuse(fractionaliseMessages.reversed(id));
    if (lt.fractionalisedDate !== null) throw refuse(fractionaliseMessages.alreadyFractionalised(id));
  }
  const paying = lts.filter(
    (lt) => centsFromString(lt.principalAmount) !== 0n || centsFromString(lt.interestAmount) !== 0n,
  );
  const loanIds = [...new Set(paying.map((lt) => lt.loanId))].sort((a, b) => a - b);

  const loans = await repo.loansForFractionalising(trx, loanIds);
  const loanById = new Map(loans.map((l) => [l.id, l]));
  const holdingRows = await repo.lockHoldings(trx, loanIds);
  const holdingsByLoan = new Map<number, Holding[]>();
  for (const h of holdingRows) {
    const list = holdingsByLoan.get(h.loanId) ?? [];
    list.push({
      loanId: h.loanId,
      investmentId: h.id,
      investmentAccountId: h.investmentAccountId,
      outstandingPrincipalCents: centsFromString(h.outstanding),
      rate: h.investmentInterestRate,
      isForeign: h.isForeign,
    });
    holdingsByLoan.set(h.loanId, list);
  }

  const taxPayable = await systemAccountId(trx, 'TAX_WITHHELD_PAYABLE');
  const houseLedgerAccountId = await investmentAccountLedgerId(trx, houseAccountId);
  // the holders' cash accounts by the ledger ids their rows carry (no lookup of a thousand accounts),
  // all known here, so they are locked in one statement, while the split below is computed
  const locking = lockForMovement(
    trx,
    [],
    [
      houseLedgerAccountId,
      ...new Set(holdingRows.map((h) => h.ledgerAccountId)),
      ...loans.map((l) => l.collectionsLedgerAccountId),
      taxPayable,
    ],
  );
  locking.catch(() => undefined); // awaited below, after the split
  await statementsSent();

  const results: FractionalisedRepayment[] = [];
  const movements: MoneyMovement[] = [];
  /** results index of each movement */
  const movementOf: number[] = [];
  const repaid = new Map<number, { principal: Cents; interest: Cents }>();
  const stamps: { id: number; investorInterest: Cents; movement: number | null }[] = [];
  /** What each repayment adds to the house account and takes from it, in order: checked under the lock. */
  const houseMoves: { id: number; inCents: Cents; topUpCents: Cents }[] = [];
  /** A repayment the split refuses ends it; one before it the house cannot cover is named first. */
  let refusal: Error | undefined;

  for (const lt of lts) {
    const id = lt.id;
    const principalPaidCents = centsFromString(lt.principalAmount);
    const interestPaidCents = centsFromString(lt.interestAmount);
    if (principalPaidCents === 0n && interestPaidCents === 0n) {
      // a receipt that was all excess: nothing of it belongs to the investors (yet)
      stamps.push({ id, investorInterest: 0n, movement: null });
      results.push({
        loanTransactionId: id,
        loanId: lt.loanId,
        principalAmount: 0,
        interestAmount: 0,
        commissionAmount: 0,
        topUpAmount: 0,
        taxWithheldAmount: 0,
        ledgerEntryId: null,
        holdersPaid: 0,
      });
      continue;
    }
    const loan = loanById.get(lt.loanId)!;
    // as they stand after the repayments of this batch before this one
    const holders = (holdingsByLoan.get(lt.loanId) ?? []).filter((h) => h.outstandingPrincipalCents > 0n);
    if (holders.length === 0) {
      refusal = refuse(fractionaliseMessages.noHolders(id, lt.loanId));
      break;
    }
    const outstandingCents = sumCents(holders.map((h) => h.outstandingPrincipalCents));
    if (principalPaidCents > outstandingCents) {
      refusal = refuse(
        fractionaliseMessages.principalAboveOutstanding(
          id,
          formatCents(principalPaidCents),
          formatCents(outstandingCents),
        ),
      );
      break;
    }
    const split = fractionaliseRepayment(
      { principalPaidCents, interestPaidCents, baseRate: loan.baseInterestRate },
      holders,
    );

    // the entry is one movement: the house's own piece and the commission arrive as the top-ups leave
    houseMoves.push({
      id,
      inCents:
        split.commissionCents +
        sumCents(split.pieces.filter((p) => p.investmentAccountId === houseAccountId).map((p) => p.cashCents)),
      topUpCents: split.topUpTotalCents,
    });

    const common = { loanId: lt.loanId, loanTransactionId: id };
    const repaymentComment = `Repayment of loan ${lt.loanId} (loan transaction ${id})`;
    const accountRows: AccountRowInput[] = [];
    for (const piece of split.pieces) {
      if (piece.cashCents === 0n) continue; // a share too small to reach a cent this time
      accountRows.push({
        loanId: lt.loanId,
        loanTransactionId: id,
        investmentAccountId: piece.investmentAccountId,
        investmentId: piece.investmentId,
        type: 'REPAYMENT',
        amountCents: piece.cashCents,
        principalCents: piece.principalCents,
        interestCents: piece.interestCents + piece.topUpCents,
        taxWithheldCents: piece.taxWithheldCents,
        comment: repaymentComment,
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
    movementOf.push(results.length);
    stamps.push({
      id,
      investorInterest: sumCents(split.pieces.map((p) => p.interestCents)),
      movement: movements.length,
    });
    movements.push({
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
    });

    const byInvestment = new Map(holders.map((h) => [h.investmentId, h]));
    for (const piece of split.pieces) {
      byInvestment.get(piece.investmentId)!.outstandingPrincipalCents -= piece.principalCents;
      const interestCents = piece.interestCents + piece.topUpCents;
      if (piece.principalCents === 0n && interestCents === 0n) continue;
      const sum = repaid.get(piece.investmentId) ?? { principal: 0n, interest: 0n };
      repaid.set(piece.investmentId, {
        principal: sum.principal + piece.principalCents,
        interest: sum.interest + interestCents,
      });
    }

    results.push({
      loanTransactionId: id,
      loanId: lt.loanId,
      principalAmount: centsToNumber(principalPaidCents),
      interestAmount: centsToNumber(interestPaidCents),
      commissionAmount: centsToNumber(split.commissionCents),
      topUpAmount: centsToNumber(split.topUpTotalCents),
      taxWithheldAmount: centsToNumber(split.taxWithheldTotalCents),
      ledgerEntryId: null,
      holdersPaid: accountRows.filter((r) => r.type === 'REPAYMENT').length,
    });
  }

  const locked = await locking;
  // read under the lock: what the house account can pay the top-ups with
  let houseAvailable: Cents = await availableCents(trx, houseAccountId);
  for (const move of houseMoves) {
    if (move.topUpCents > 0n && houseAvailable + move.inCents < move.topUpCents) {
      throw refuse(
        fractionaliseMessages.houseCannotCover(
          move.id,
          formatCents(move.topUpCents),
          formatCents(houseAvailable + move.inCents),
        ),
      );
    }
    houseAvailable += move.inCents - move.topUpCents;
  }
  if (refusal) throw refusal;

  // the investments' update goes first, and the database runs it while the ledger's batch is built
  const investmentsRepaid = repo.addInvestmentsRepaid(
    trx,
    [...repaid.entries()].map(([id, r]) => ({ id, principalCents: r.principal, interestCents: r.interest })),
  );
  investmentsRepaid.catch(() => undefined); // awaited below, after the ledger's statement
  await statementsSent();
  const posted = await postMoneyMany(trx, movements, now, locked).catch(async (error: unknown) => {
    await investmentsRepaid; // its failure, if it failed, is the cause: the ledger's came after it
    throw error;
  });
  await investmentsRepaid;
  posted.forEach((p, index) => {
    results[movementOf[index]!]!.ledgerEntryId = p.entryId;
  });
  await repo.markFractionalised(
    trx,
    stamps.map((s) => ({
      id: s.id,
      entryId: s.movement === null ? null : posted[s.movement]!.entryId,
      investorInterestCents: s.movement === null ? null : s.investorInterest,
    })),
    now,
  );
  return results;
}
