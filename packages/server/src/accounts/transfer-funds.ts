import {
  AppError,
  accountMessages,
  centsFromNumber,
  sydneyDate,
  type TransactionListRow,
  type TransferBody,
  transferComments,
  transferDateProblem,
} from '@lm/domain';
import { isAvailableBalanceRefusal, postMoney } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import { postWithViews } from '../transactions';
import { selectAccountsForTransfer } from './accounts.repository';
import { instantOnBusinessDate } from './business-dates';

/**
 * Management moves money between two investment accounts (investor-and-admin §5 "Transfer"):
 * both sides in one entry (from cash -> to cash), finalised at once on the transfer date. The
 * destination is never the source; the amount never exceeds the source's available balance.
 * Returns both rows: `from` (TRANSFER_OUT) and `to` (TRANSFER_IN).
 */
export async function transferFunds(
  ctx: AppContext,
  actor: Actor,
  fromAccountId: number,
  body: TransferBody,
  audit: AuditContext,
): Promise<{ from: TransactionListRow; to: TransactionListRow }> {
  const toAccountId = body.toAccount;
  if (toAccountId === fromAccountId) {
    throw new AppError('VALIDATION_FAILED', accountMessages.transferToSameAccount, [
      { field: 'toAccount', message: accountMessages.transferToSameAccount },
    ]);
  }
  const now = ctx.clock.now();
  const amountCents = centsFromNumber(body.amount, true);
  const comments = transferComments(body);

  const accounts = await selectAccountsForTransfer(ctx.db, [fromAccountId, toAccountId]);
  const source = accounts.find((a) => a.id === fromAccountId);
  if (!source) throw new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);
  if (!accounts.some((a) => a.id === toAccountId)) {
    throw new AppError('VALIDATION_FAILED', accountMessages.destinationNotFound, [
      { field: 'toAccount', message: accountMessages.destinationNotFound },
    ]);
  }
  const dateProblem = transferDateProblem(body.transferDate, sydneyDate(source.creationDate), sydneyDate(now));
  if (dateProblem) {
    throw new AppError('VALIDATION_FAILED', dateProblem, [{ field: 'transferDate', message: dateProblem }]);
  }
  const effectiveDate = instantOnBusinessDate(body.transferDate, now);
  // one statement locks both cash accounts (ascending ledger id), refuses an amount above the
  // source's available balance under the lock, and writes the entry, both rows and the audit record
  let views: TransactionListRow[];
  try {
    ({ views } = await postWithViews(ctx, () =>
      postMoney(
        ctx.db,
        {
          kind: 'TRANSFER',
          description: `Transfer from investment account ${fromAccountId} to ${toAccountId}`,
          createdBy: actor.userId,
          accountRows: [
            {
              investmentAccountId: fromAccountId,
              type: 'TRANSFER_OUT',
              amountCents: -amountCents,
              comment: body.organisationComment,
              investorComment: comments.fromAccountComment,
              counterpartAccountId: toAccountId,
              effectiveDate,
            },
            {
              investmentAccountId: toAccountId,
              type: 'TRANSFER_IN',
              amountCents,
              comment: body.organisationComment,
              investorComment: comments.toAccountComment,
              counterpartAccountId: fromAccountId,
              effectiveDate,
            },
          ],
        },
        now,
        {
          context: audit,
          objectType: 'accountTransaction',
          after: { ...body, fromAccountId, amountCents },
          withTransactionIds: true,
        },
      ),
    ));
  } catch (error) {
    if (isAvailableBalanceRefusal(error)) {
      throw new AppError('RULE_REFUSED', accountMessages.amountAboveAvailable, [
        { field: 'amount', message: accountMessages.amountAboveAvailable },
      ]);
    }
    throw error;
  }
  const [from, to] = views;
  return { from: from!, to: to! };
}
