import {
  centsFromString,
  centsToString,
  fractionaliseRepayment,
  type investmentDeployLoanRoute,
  loanMessages,
  type RouteData,
  refuse,
  sydneyDate,
} from '@lm/domain';
import { finaliseMoneyMany, postMoney, systemAccountId } from '../ledger';
import { type LoanRecord, loanView, lockLoan, moveLoan } from '../loans';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import { settleFundingStatus } from './invest-in-loan';
import {
  markInvestmentsFinalised,
  selectHolders,
  selectLoanRepayments,
  selectLoansDueForDeploy,
  selectPendingInvestmentEntries,
  updateRepaymentProjections,
} from './investments.repository';

export type DeployedLoan = RouteData<typeof investmentDeployLoanRoute>;

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

  await finaliseMoneyMany(trx, await selectPendingInvestmentEntries(trx, loan.id), now);
  await markInvestmentsFinalised(trx, loan.id, now);

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
  const holders = await selectHolders(trx, loan.id);
  if (holders.length === 0) return;
  const repayments = await selectLoanRepayments(trx, loan.id);
  const projections = repayments.map((r) => {
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
    return {
      repaymentId: r.id,
      investorsInterestDue: centsToString(investorsInterest),
      investorAmount: centsToString(centsFromString(r.principalDue) + investorsInterest),
      organisationCommissionDue: centsToString(split.commissionCents),
    };
  });
  await updateRepaymentProjections(trx, projections);
}

/** POST api/loans/{id}/actions/deploy. */
export async function deployLoan(
  ctx: AppContext,
  loanId: number,
  createdBy: number | null,
  audit: AuditContext,
): Promise<DeployedLoan> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId, now);
    const deployed = await deployLockedLoan(trx, loan, createdBy, now);
    await audit.record(trx, {
      objectType: 'loan',
      objectId: loanId,
      before: { status: loan.status },
      after: { status: deployed.status, disbursementDate: deployed.disbursementDate, deployed: true },
    });
    return loanView(trx, loanId, now);
  });
}

/** The daily job's part: deploys every fully funded loan whose disbursement date has come. */
export async function deployDueLoans(ctx: AppContext, audit: AuditContext): Promise<number[]> {
  const today = sydneyDate(ctx.clock.now());
  const due = await selectLoansDueForDeploy(ctx.db, today);
  const deployed: number[] = [];
  for (const id of due) {
    await deployLoan(ctx, id, null, audit);
    deployed.push(id);
  }
  return deployed;
}
