import {
  allocateLargestRemainder,
  allocateWriteOff,
  type Cents,
  centsFromNumber,
  centsFromString,
  centsToNumber,
  centsToString,
  isActiveLoanStatus,
  loanMessages,
  refuse,
  type WriteOffBody,
  type WriteOffResult,
  writeOffAvailability,
  writeOffRefusal,
  writtenOffRepaymentStatus,
} from '@lm/domain';
import { lockForMovement, refreshRunningBalances } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { loanFigures, lockLoan, moveLoan } from './loan-record';
import {
  addInvestmentPrincipalWrittenOff,
  addRepaymentsWrittenOff,
  insertWriteOffTransaction,
  lockOwingRepayments,
  selectHoldersForUpdate,
} from './loans.repository';

export type { WriteOffResult };

/**
 * POST api/loans/actions/writeOff (DOMAIN.md "write-off"): no cash moves. The principal loss is
 * borne by the holders (deployed, unsold investments) pro rata to their outstanding principal, by
 * the largest-remainder method so the pieces sum exactly to it: each investment's principalWrittenOff
 * grows by its piece and its account gets a WRITE_OFF row of amount 0 carrying the piece (and its
 * share of the interest written off). Exactly the amounts entered are written off, against the
 * repayments still owed from the oldest on (allocateWriteOff); a repayment with nothing left owed
 * is closed (Written Off, or Paid Partial Written Off when partly paid), the others stay owed for
 * what remains. The loan is Written Off only when nothing of it remains owed.
 */
export async function writeOffLoan(
  ctx: AppContext,
  body: WriteOffBody,
  actorUserId: number | null,
  audit: AuditContext,
): Promise<WriteOffResult> {
  const now = ctx.clock.now();
  const principalCents = centsFromNumber(body.principalAmount);
  const interestCents = centsFromNumber(body.interestAmount);
  return ctx.db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, body.loanId, now);
    const figures = await loanFigures(trx, loan);
    const availability = writeOffAvailability(figures);
    if (!availability.enabled) throw refuse(availability.reason ?? '');
    if (!isActiveLoanStatus(loan.status)) throw refuse(loanMessages.writeOffNotDeployed);
    const problem = writeOffRefusal(
      { principalCents, interestCents },
      { principalCents: figures.principalRemainingCents, interestCents: figures.interestRemainingCents },
    );
    if (problem) throw refuse(problem);

    const holders = await selectHoldersForUpdate(trx, loan.id);
    const outstanding = holders.map(
      (h) =>
        centsFromString(h.investedAmount) - centsFromString(h.principalRepaid) - centsFromString(h.principalWrittenOff),
    );
    const hasWeight = outstanding.some((o) => o > 0n);
    const principalPieces: Cents[] = hasWeight
      ? allocateLargestRemainder(principalCents, outstanding.map(String))
      : holders.map(() => 0n);
    const interestPieces: Cents[] = hasWeight
      ? allocateLargestRemainder(interestCents, outstanding.map(String))
      : holders.map(() => 0n);

    const result: WriteOffResult['holders'] = [];
    await lockForMovement(trx, [...new Set(holders.map((h) => h.investmentAccountId))]);
    for (const [index, holder] of holders.entries()) {
      const principal = principalPieces[index] ?? 0n;
      const interest = interestPieces[index] ?? 0n;
      if (principal === 0n && interest === 0n) continue;
      if (principal > 0n) {
        await addInvestmentPrincipalWrittenOff(trx, holder.id, centsToString(principal));
      }
      // an informational row: it moves no cash (amount 0), it carries the holder's loss
      const transactionId = await insertWriteOffTransaction(trx, {
        investmentAccountId: holder.investmentAccountId,
        principalAmount: centsToString(principal),
        interestAmount: centsToString(interest),
        comment: `Write-off of loan ${loan.id}`,
        investorComment: `Loan ${loan.name} written off`,
        now,
        loanId: loan.id,
        investmentId: holder.id,
        createdBy: actorUserId,
      });
      await refreshRunningBalances(trx, holder.investmentAccountId, { finalisedDate: now, id: transactionId });
      result.push({
        investmentId: holder.id,
        investmentAccountId: holder.investmentAccountId,
        principalAmount: centsToNumber(principal),
        interestAmount: centsToNumber(interest),
        transactionId,
      });
    }

    const owing = await lockOwingRepayments(trx, loan.id);
    const pieces = allocateWriteOff(
      { principalCents, interestCents },
      owing.map((r) => ({
        principalDueCents: centsFromString(r.principalDue),
        principalPaidCents: centsFromString(r.principalPaid),
        principalWrittenOffCents: centsFromString(r.principalWrittenOff),
        interestDueCents: centsFromString(r.interestDue),
        interestPaidCents: centsFromString(r.interestPaid),
        interestWrittenOffCents: centsFromString(r.interestWrittenOff),
      })),
    );
    const changes = owing.flatMap((r, index) => {
      const piece = pieces[index]!;
      if (piece.principalCents === 0n && piece.interestCents === 0n) return [];
      const status = piece.settled
        ? writtenOffRepaymentStatus({
            principalPaidCents: centsFromString(r.principalPaid),
            interestPaidCents: centsFromString(r.interestPaid),
          })
        : r.status;
      return [{ id: r.id, principalCents: piece.principalCents, interestCents: piece.interestCents, status }];
    });
    await addRepaymentsWrittenOff(trx, changes);
    const remainingCents =
      figures.principalRemainingCents - principalCents + figures.interestRemainingCents - interestCents;
    const status = remainingCents === 0n ? 'WRITTEN_OFF' : loan.status;
    if (status === 'WRITTEN_OFF') await moveLoan(trx, loan, 'WRITTEN_OFF', now, 'WRITTEN_OFF');
    const written: WriteOffResult = {
      loanId: loan.id,
      principalAmount: centsToNumber(principalCents),
      interestAmount: centsToNumber(interestCents),
      holders: result,
    };
    await audit.record(trx, {
      objectType: 'loan',
      objectId: loan.id,
      before: { status: loan.status, principalRemaining: centsToNumber(figures.principalRemainingCents) },
      after: { status, ...written },
    });
    return written;
  });
}
