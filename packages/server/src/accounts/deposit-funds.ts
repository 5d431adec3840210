import {
  AppError,
  accountMessages,
  centsFromNumber,
  type DepositBody,
  depositDateProblem,
  sydneyDate,
  type TransactionListRow,
} from '@lm/domain';
import { LedgerInvariantError, postMoney } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import { transactionView } from '../transactions';
import { selectAccountAndTrustBank } from './accounts.repository';
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

  return ctx.db.transaction().execute(async (trx) => {
    // the account, and the trust bank's ledger account, in one query
    const account = await selectAccountAndTrustBank(trx, investmentAccountId);
    if (!account) throw new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);
    if (account.trust === null) throw new LedgerInvariantError('no trust bank ledger account');
    const trust = Number(account.trust);
    const { entryId, transactionIds } = await postMoney(
      trx,
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
        otherPostings: [{ ledgerAccountId: trust, amountCents: -amountCents }],
      },
      now,
    );
    const transactionId = transactionIds[0]!;
    await audit.record(trx, {
      objectType: 'accountTransaction',
      objectId: transactionId,
      after: { ...body, investmentAccountId, amountCents, ledgerEntryId: entryId },
    });
    return transactionView(trx, transactionId);
  });
}
