import {
  AppError,
  administratorInvestRate,
  type Cents,
  centsFromNumber,
  centsToNumber,
  centsToString,
  Decimal,
  fundingPhaseStatus,
  type InvestmentInvestorInvestBody,
  type InvestmentManagementInvestBody,
  type InvestorKind,
  investAmountRefusal,
  investorKindOf,
  investRateRefusal,
  loanMessages,
  loanTransitionEvent,
  managementInvestStatuses,
  marketplaceInvestRefusal,
  normaliseInvestAmount,
  notFound,
  refuse,
} from '@lm/domain';
import { balancesOf, lockForMovement, postMoney } from '../ledger';
import { type LoanRecord, lockLoan, moveLoan, recordFunding } from '../loans';
import { refuseExpiredCertificate } from '../onboarding';
import { assertOwnAccount } from '../platform/access/account-access';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { Executor, Tx } from '../platform/db/database';
import {
  insertInvestment,
  selectActiveMandateOption,
  selectInvestingAccount,
  setInvestmentTransaction,
} from './investments.repository';
import { type LoanInvestmentRow, selectInvestmentRow } from './investments.resource';

/**
 * Investing in a loan (spec core §4 and §5, DOMAIN.md "Funding and deploy"). Every investment is a
 * pending debit of the investor's cash towards the loan's funding ledger account: it reserves the
 * available balance until the loan is deployed (finalised) or the investment reversed (voided).
 * The loan row is locked first, so concurrent investors queue and the funded amount never passes
 * the amount; each refusal carries the specification's text.
 */

export type InvestMode =
  /** An investor from the marketplace, at the marketplace rate, with the amount rule of their kind. */
  | { kind: 'INVESTOR'; investorKind: InvestorKind }
  /** Management for an account at a chosen rate (the account's mandate rate where it has one). */
  | { kind: 'MANAGEMENT'; rate: number | null }
  /** The house account's 1%, at the marketplace rate. */
  | { kind: 'HOUSE_ONE_PERCENT' }
  /** Auto invest for a mandate account of the loan, at its mandate rate. */
  | { kind: 'MANDATE'; mandateRate: string };

export interface InvestRequest {
  investmentAccountId: number;
  amountCents: Cents;
  mode: InvestMode;
  createdBy: number | null;
}

export interface Invested {
  loan: LoanRecord;
  investmentId: number;
  transactionId: number;
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field, message }]);
}

/** Brings a locked loan in its funding phase to the status its marketplace window gives it now. */
export async function settleFundingStatus(trx: Tx, loan: LoanRecord, now: Date): Promise<LoanRecord> {
  const target = fundingPhaseStatus(loan, now);
  if (target === loan.status) return loan;
  return moveLoan(trx, loan, target, now, loanTransitionEvent(loan.status, target) ?? undefined);
}

/** The rate of an investment and its mandate rate, by who invests (the loan is locked). */
async function rateFor(
  trx: Tx,
  loan: LoanRecord,
  account: { id: number; mandateRate: string | null },
  mode: InvestMode,
): Promise<{ rate: InstanceType<typeof Decimal>; mandateRate: InstanceType<typeof Decimal> | null }> {
  if (mode.kind === 'INVESTOR' || mode.kind === 'HOUSE_ONE_PERCENT') {
    return { rate: new Decimal(loan.marketplaceRate), mandateRate: null };
  }
  if (mode.kind === 'MANDATE') {
    const rate = new Decimal(mode.mandateRate);
    return { rate, mandateRate: rate };
  }
  const chosen = administratorInvestRate(mode.rate, account.mandateRate);
  if (account.mandateRate === null) {
    if (chosen === null) throw invalid('rate', loanMessages.investRateZero);
    const problem = investRateRefusal(chosen, loan.baseInterestRate);
    if (problem) throw invalid('rate', problem);
    return { rate: chosen, mandateRate: null };
  }
  // the rate is fixed to the mandate; above the maximum only as an active mandate option of the loan
  const mandate = new Decimal(account.mandateRate);
  if (mandate.lessThanOrEqualTo(0)) throw invalid('rate', loanMessages.investRateZero);
  if (mandate.greaterThan(loan.baseInterestRate)) {
    const option = await selectActiveMandateOption(trx, loan.id, account.id);
    if (!option) throw refuse(loanMessages.mandateNotActiveOnLoan);
    const rate = new Decimal(option.mandateRate);
    return { rate, mandateRate: rate };
  }
  return { rate: mandate, mandateRate: mandate };
}

/**
 * One investment inside the caller's transaction, on a loan the caller has locked. Checks, in
 * order: the loan is open to this kind of investor, the amount (greater than 0, at most the remaining
 * value, at most the account's available balance), the rate; then writes the investment, its
 * pending ledger entry and the loan's funded amount.
 */
export async function investInLockedLoan(
  trx: Tx,
  lockedLoan: LoanRecord,
  request: InvestRequest,
  now: Date,
): Promise<Invested> {
  const account = await selectInvestingAccount(trx, request.investmentAccountId);
  if (!account) throw notFound(loanMessages.accountNotFound);

  let loan = await settleFundingStatus(trx, lockedLoan, now);
  if (request.mode.kind === 'INVESTOR') {
    const problem = marketplaceInvestRefusal(loan, now);
    if (problem) throw refuse(problem);
  } else if (!managementInvestStatuses.includes(loan.status)) {
    throw refuse(loan.status === 'FULLY_FUNDED' ? loanMessages.fullyFunded : loanMessages.notOpenForInvestment);
  }
  // a holder whose sophisticated-investor certificate has expired may not invest (docs/api.md "Investor onboarding")
  await refuseExpiredCertificate(trx, account.id, now);
  await lockForMovement(trx, [account.id], [loan.fundingLedgerAccountId]);
  const { availableCents } = await balancesOf(trx, account.id);
  const amountProblem = investAmountRefusal({
    amount: centsToNumber(request.amountCents),
    accountSelected: true,
    remainingCents: loan.amountCents - loan.fundedAmountCents,
    availableCents,
    kind: request.mode.kind === 'INVESTOR' ? request.mode.investorKind : 'MAIN',
  });
  if (amountProblem) {
    // the amount itself is bad input (400); above the remaining value or the balance is a refusal (422)
    const badAmount =
      amountProblem === loanMessages.investAmountGreaterThanZero ||
      amountProblem === loanMessages.investAmountGreaterThanHundred;
    throw badAmount ? invalid('amount', amountProblem) : refuse(amountProblem);
  }
  const { rate, mandateRate } = await rateFor(trx, loan, account, request.mode);

  const investmentId = await insertInvestment(trx, {
    loanId: loan.id,
    investmentAccountId: account.id,
    investedAmount: centsToString(request.amountCents),
    investmentInterestRate: rate.toString(),
    mandateRate: mandateRate === null ? null : mandateRate.toString(),
    creationDate: now,
  });
  const { transactionIds } = await postMoney(
    trx,
    {
      kind: 'INVESTMENT',
      description: `Investment ${investmentId} of account ${account.id} in loan ${loan.id}`,
      pending: true,
      createdBy: request.createdBy,
      accountRows: [
        {
          investmentAccountId: account.id,
          type: 'INVESTMENT',
          amountCents: -request.amountCents,
          principalCents: request.amountCents,
          loanId: loan.id,
          investmentId,
          comment: `Investment in loan ${loan.id}`,
          investorComment: `Investment in ${loan.name}`,
        },
      ],
      otherPostings: [{ ledgerAccountId: loan.fundingLedgerAccountId, amountCents: request.amountCents }],
    },
    now,
  );
  const transactionId = transactionIds[0]!;
  await setInvestmentTransaction(trx, investmentId, transactionId);
  loan = await recordFunding(trx, loan, request.amountCents, now);
  return { loan, investmentId, transactionId };
}

/** One investment as GET api/loans/{id}/investments shows it, with its loan and account. */
export async function investmentView(db: Executor, investmentId: number): Promise<LoanInvestmentRow> {
  const row = await selectInvestmentRow(db, investmentId);
  if (!row) throw notFound(loanMessages.investmentNotFound);
  return row;
}

/**
 * POST api/user/loans/{id}/invest (an investor, at the marketplace rate, for one of their own
 * accounts) and POST api/loans/{id}/invest (management, for any account at a chosen rate).
 */
export async function investInLoan(
  ctx: AppContext,
  loanId: number,
  request: InvestRequest,
  audit: AuditContext,
): Promise<LoanInvestmentRow> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId, now);
    const invested = await investInLockedLoan(trx, loan, request, now);
    const view = await investmentView(trx, invested.investmentId);
    await audit.record(trx, {
      objectType: 'investment',
      objectId: invested.investmentId,
      before: { loanId, fundedAmount: centsToNumber(loan.fundedAmountCents), status: loan.status },
      after: {
        ...view,
        loanStatus: invested.loan.status,
        fundedAmount: centsToNumber(invested.loan.fundedAmountCents),
      },
    });
    return view;
  });
}

/**
 * POST api/user/loans/{id}/invest: one of the caller's own accounts (another's answers 404), at the
 * marketplace rate, the amount by the rule of the caller's kind.
 */
export async function investAsInvestor(
  ctx: AppContext,
  actor: Actor,
  loanId: number,
  body: InvestmentInvestorInvestBody,
  audit: AuditContext,
): Promise<LoanInvestmentRow> {
  await assertOwnAccount(ctx.db, actor, body.investmentAccountId);
  const investorKind = investorKindOf(actor.role);
  return investInLoan(
    ctx,
    loanId,
    {
      investmentAccountId: body.investmentAccountId,
      amountCents: normaliseInvestAmount(body.amount, investorKind),
      mode: { kind: 'INVESTOR', investorKind },
      createdBy: actor.userId,
    },
    audit,
  );
}

/** POST api/loans/{id}/invest: management for any account, at a chosen rate (or the account's mandate rate). */
export function investAsManagement(
  ctx: AppContext,
  actor: Actor,
  loanId: number,
  body: InvestmentManagementInvestBody,
  audit: AuditContext,
): Promise<LoanInvestmentRow> {
  return investInLoan(
    ctx,
    loanId,
    {
      investmentAccountId: body.investmentAccountId,
      amountCents: centsFromNumber(body.amount),
      mode: { kind: 'MANAGEMENT', rate: body.rate ?? null },
      createdBy: actor.userId,
    },
    audit,
  );
}
