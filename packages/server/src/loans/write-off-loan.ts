import {
  allocateLargestRemainder,
  type Cents,
  centsFromNumber,
  centsFromString,
  centsToNumber,
  centsToString,
  isActiveLoanStatus,
  loanMessages,
  refuse,
  type WriteOffBody,
  writeOffAvailability,
  writeOffRefusal,
} from '@lm/domain';
import { sql } from 'kysely';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { lockForMovement, refreshRunningBalances } from '../transactions/account-postings';
import { loanFigures, lockLoan, moveLoan } from './loan-record';

export interface WriteOffResult {
  loanId: number;
  principalAmount: number;
  interestAmount: number;
  holders: {
    investmentId: number;
    investmentAccountId: number;
    principalAmount: number;
    interestAmount: number;
    transactionId: number;
  }[];
}

/**
 * POST api/loans/actions/writeOff (DOMAIN.md "write-off"): no cash moves. The principal loss is
 * borne by the holders (deployed, unsold investments) pro rata to their outstanding principal, by
 * the largest-remainder method so the pieces sum exactly to it: each investment's principalWrittenOff
 * grows by its piece and its account gets a WRITE_OFF row of amount 0 carrying the piece (and its
 * share of the interest written off). Every repayment still owed is closed (Written Off, or Paid
 * Partial Written Off when partly paid) and the loan is Written Off.
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
    const loan = await lockLoan(trx, body.loanId);
    const figures = await loanFigures(trx, loan);
    const availability = writeOffAvailability(figures);
    if (!availability.enabled) throw refuse(availability.reason ?? '');
    if (!isActiveLoanStatus(loan.status)) throw refuse(loanMessages.writeOffNotDeployed);
    const problem = writeOffRefusal(
      { principalCents, interestCents },
      { principalCents: figures.principalRemainingCents, interestCents: figures.interestRemainingCents },
    );
    if (problem) throw refuse(problem);

    const holders = await trx
      .selectFrom('investments')
      .select(['id', 'investmentAccountId', 'investedAmount', 'principalRepaid', 'principalWrittenOff'])
      .where('loanId', '=', loan.id)
      .where('finalisedDate', 'is not', null)
      .where('saleDate', 'is', null)
      .where('reversedDate', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
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
        await trx
          .updateTable('investments')
          .set({ principalWrittenOff: sql`principal_written_off + ${centsToString(principal)}::numeric` })
          .where('id', '=', holder.id)
          .execute();
      }
      // an informational row: it moves no cash (amount 0), it carries the holder's loss
      const row = await trx
        .insertInto('accountTransactions')
        .values({
          investmentAccountId: holder.investmentAccountId,
          type: 'WRITE_OFF',
          status: 'PAID',
          amount: '0.00',
          grossAmount: '0.00',
          principalAmount: centsToString(principal),
          interestAmount: centsToString(interest),
          comment: `Write-off of loan ${loan.id}`,
          investorComment: `Loan ${loan.name} written off`,
          finalisedDate: now,
          createdDate: now,
          effectiveDate: now,
          loanId: loan.id,
          investmentId: holder.id,
          createdBy: actorUserId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshRunningBalances(trx, holder.investmentAccountId, { finalisedDate: now, id: row.id });
      result.push({
        investmentId: holder.id,
        investmentAccountId: holder.investmentAccountId,
        principalAmount: centsToNumber(principal),
        interestAmount: centsToNumber(interest),
        transactionId: row.id,
      });
    }

    await trx
      .updateTable('repayments')
      .set({
        status: sql`case when principal_paid > 0 or interest_paid > 0 then 'PAID_PARTIAL_WRITTEN_OFF' else 'WRITTEN_OFF' end`,
      })
      .where('loanId', '=', loan.id)
      .where('status', 'in', ['UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS'])
      .execute();
    await trx
      .updateTable('loans')
      .set({
        principalWrittenOff: sql`principal_written_off + ${centsToString(principalCents)}::numeric`,
        interestWrittenOff: sql`interest_written_off + ${centsToString(interestCents)}::numeric`,
      })
      .where('id', '=', loan.id)
      .execute();
    await moveLoan(trx, loan, 'WRITTEN_OFF', now, 'WRITTEN_OFF');
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
      after: { status: 'WRITTEN_OFF', ...written },
    });
    return written;
  });
}
