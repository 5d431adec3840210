import { centsFromString, centsToString, fractionaliseRepayment, loanMessages, refuse, sydneyDate } from '@lm/domain';
import { sql } from 'kysely';
import { systemAccountId } from '../ledger/ledger';
import { type LoanRecord, loanView, lockLoan, moveLoan } from '../loans';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import { finaliseMoneyMany, postMoney } from '../transactions/account-postings';
import { settleFundingStatus } from './invest-in-loan';

/**
 * Deploying a fully funded loan (DOMAIN.md "Funding and deploy"; POST api/loans/{id}/actions/deploy
 * and the daily job): every pending investment entry of the loan is finalised (the investors' cash
 * leaves their current balance), the borrower is paid from the trust account (a DISBURSEMENT entry,
 * loan funding -> trust bank, for the loan amount), and the loan is Deployed, then Active: the
 * money leaves today, so today is its disbursement date (the planned one is when the daily job
 * deploys it). Each repayment learns what it owes the investors and
 * the lender (investorsInterestDue, investorAmount, organisationCommissionDue), as fractionalising
 * the whole repayment would split it.
 */
export async function deployLockedLoan(
  trx: Tx,
  locked: LoanRecord,
  createdBy: number | null,
  now: Date,
): Promise<LoanRecord> {
  let loan = await settleFundingStatus(trx, locked, now);
  if (loan.status !== 'FULLY_FUNDED') throw refuse(loanMessages.deployNotFullyFunded);

  const pending = await trx
    .selectFrom('investments as i')
    .innerJoin('accountTransactions as t', 't.id', 'i.investmentAccountTransactionId')
    .select(['i.id', 't.ledgerEntryId'])
    .where('i.loanId', '=', loan.id)
    .where('i.reversedDate', 'is', null)
    .where('i.finalisedDate', 'is', null)
    .orderBy('i.id')
    .execute();
  await finaliseMoneyMany(
    trx,
    pending.flatMap((investment) => (investment.ledgerEntryId === null ? [] : [investment.ledgerEntryId])),
    now,
  );
  await trx
    .updateTable('investments')
    .set({ finalisedDate: now })
    .where('loanId', '=', loan.id)
    .where('reversedDate', 'is', null)
    .where('finalisedDate', 'is', null)
    .execute();

  const trustBank = await systemAccountId(trx, 'TRUST_BANK');
  await postMoney(
    trx,
    {
      kind: 'DISBURSEMENT',
      description: `Disbursement of loan ${loan.id} to the borrower`,
      createdBy,
      accountRows: [],
      otherPostings: [
        { ledgerAccountId: loan.fundingLedgerAccountId, amountCents: -loan.amountCents },
        { ledgerAccountId: trustBank, amountCents: loan.amountCents },
      ],
    },
    now,
  );

  await projectRepayments(trx, loan);

  // the borrower is paid now: today is the disbursement date, whatever date was planned
  const today = sydneyDate(now);
  loan = await moveLoan(trx, loan, 'DEPLOYED', now, 'DEPLOYED', {
    disbursementDate: today,
    startDate: loan.startDate ?? today,
  });
  return moveLoan(trx, loan, 'ACTIVE', now, 'DISBURSED');
}

/** Splits each repayment's interest as fractionalising the whole repayment would (investors, top-ups, lender). */
async function projectRepayments(trx: Tx, loan: LoanRecord): Promise<void> {
  const holders = await trx
    .selectFrom('investments as i')
    .innerJoin('investmentAccounts as a', 'a.id', 'i.investmentAccountId')
    .select(['i.id', 'i.investmentAccountId', 'i.investedAmount', 'i.investmentInterestRate', 'a.isForeign'])
    .where('i.loanId', '=', loan.id)
    .where('i.reversedDate', 'is', null)
    .where('i.saleDate', 'is', null)
    .orderBy('i.id')
    .execute();
  if (holders.length === 0) return;
  const repayments = await trx
    .selectFrom('repayments')
    .select(['id', 'principalDue', 'interestDue'])
    .where('loanId', '=', loan.id)
    .where('isArchived', '=', false)
    .orderBy('dueDate')
    .execute();
  const values = repayments.map((r) => {
    const split = fractionaliseRepayment(
      {
        principalPaidCents: centsFromString(r.principalDue),
        interestPaidCents: centsFromString(r.interestDue),
        baseRate: loan.baseInterestRate,
      },
      holders.map((h) => ({
        investmentId: h.id,
        investmentAccountId: h.investmentAccountId,
        outstandingPrincipalCents: centsFromString(h.investedAmount),
        rate: h.investmentInterestRate,
        isForeign: h.isForeign,
      })),
    );
    const investorsInterest = split.pieces.reduce((sum, p) => sum + p.interestCents + p.topUpCents, 0n);
    return sql`(${r.id}::bigint, ${centsToString(investorsInterest)}::numeric, ${centsToString(
      centsFromString(r.principalDue) + investorsInterest,
    )}::numeric, ${centsToString(split.commissionCents)}::numeric)`;
  });
  const batch = 500;
  for (let start = 0; start < values.length; start += batch) {
    await sql`
      update repayments r set investors_interest_due = v.interest, investor_amount = v.amount,
        organisation_commission_due = v.commission
      from (values ${sql.join(values.slice(start, start + batch))}) as v(id, interest, amount, commission)
      where r.id = v.id`.execute(trx);
  }
}

/** POST api/loans/{id}/actions/deploy. */
export async function deployLoan(
  ctx: AppContext,
  loanId: number,
  createdBy: number | null,
  audit: AuditContext,
): Promise<Record<string, unknown>> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const deployed = await deployLockedLoan(trx, loan, createdBy, now);
    const after = await loanView(trx, loanId);
    await audit.record(trx, {
      objectType: 'loan',
      objectId: loanId,
      before: { status: loan.status },
      after: { status: deployed.status, disbursementDate: deployed.disbursementDate, deployed: true },
    });
    return after;
  });
}

/** The daily job's part: deploys every fully funded loan whose disbursement date has come. */
export async function deployDueLoans(ctx: AppContext, audit: AuditContext): Promise<number[]> {
  const today = sydneyDate(ctx.clock.now());
  const due = await ctx.db
    .selectFrom('loans')
    .select('id')
    .where('status', '=', 'FULLY_FUNDED')
    .where('disbursementDate', '<=', today)
    .orderBy('id')
    .execute();
  const deployed: number[] = [];
  for (const { id } of due) {
    await deployLoan(ctx, id, null, audit);
    deployed.push(id);
  }
  return deployed;
}
