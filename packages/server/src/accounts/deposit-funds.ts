import {
  AppError,
  accountMessages,
  centsFromNumber,
  type DepositBody,
  depositDateProblem,
  sydneyDate,
  type TransactionListRow,
} from '@lm/domain';
import { NoInvestmentAccountError, postMoney } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import { postWithViews } from '../transactions';
import { instantOnBusinessDate } from './business-dates';

/**
 * Management records money that arrived in the trust bank account for an investment account
 * (investor-and-admin §5 "Deposit"): trust bank -> investor cash, finalised at once with
 * finalisedDate on the deposit date. Returns the new transaction.
 */
export async function depositFunds(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
  body: DepositBody,
  audit: AuditContext,
): Promise<TransactionListRow> {
  if (body.investmentAccountId !== undefined && body.investmentAccountId !== investmentAccountId) {
    throw new AppError('BAD_REQUEST', accountMessages.accountIdMismatch);
  }
  const now = ctx.clock.now();
  const dateProblem = depositDateProblem(body.depositDate, sydneyDate(now));
  if (dateProblem)
    throw new AppError('VALIDATION_FAILED', dateProblem, [{ field: 'depositDate', message: dateProblem }]);
  const amountCents = centsFromNumber(body.amount, true);

  // one statement writes the entry, its postings, the row with its running balance and the audit
  // record (the account is checked by it: none, no deposit); the view is read right behind it
  try {
    const { views } = await postWithViews(ctx, () =>
      postMoney(
        ctx.db,
        {
          kind: 'DEPOSIT',
          description: `Deposit into investment account ${investmentAccountId}`,
          createdBy: actor.userId,
          accountRows: [
            {
              investmentAccountId,
              type: 'DEPOSIT',
              amountCents,
              comment: body.comment,
              investorComment: body.investorComment,
              effectiveDate: instantOnBusinessDate(body.depositDate, now),
            },
          ],
          systemPostings: [{ kind: 'TRUST_BANK', amountCents: -amountCents }],
        },
        now,
        { context: audit, objectType: 'accountTransaction', after: { ...body, investmentAccountId, amountCents } },
      ),
    );
    return views[0]!;
  } catch (error) {
    if (error instanceof NoInvestmentAccountError) {
      throw new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);
    }
    throw error;
  }
}
