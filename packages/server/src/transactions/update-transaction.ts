import {
  AppError,
  accountMessages,
  type TransactionListRow,
  type TransactionUpdateBody,
  transactionEditableFields,
} from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import { cancelRequest, lockRequest, payRequest } from '../withdrawals';
import { selectTransaction, type TransactionRecord, updateTransactionComments } from './transactions.repository';
import { transactionView } from './transactions.service';

/**
 * One transaction row, or 404; with `lock`, under a row lock. Lock order of the money core: a
 * withdrawal request's row, then ledger accounts, then transaction rows (running balances are
 * rewritten under the ledger locks), so a row is locked only after the locks that precede it.
 */
export async function readTransaction(
  trx: Tx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<TransactionRecord> {
  const row = await selectTransaction(trx, id, options);
  if (!row) throw new AppError('NOT_FOUND', accountMessages.transactionNotFound);
  return row;
}

/**
 * PUT api/transactions/{id} with the changed fields only (investor-and-admin §7). Any row may
 * change its comment and investorComment; a pending withdrawal may also change its status
 * (Pending Withdrawals, Edit Withdrawal): PAID finalises it (the money leaves to the trust bank
 * account), CANCELLED releases the reservation. Amounts, types and dates never change: a
 * finalised row changes its comments only.
 */
export async function updateTransaction(
  ctx: AppContext,
  id: number,
  body: TransactionUpdateBody,
  audit: AuditContext,
): Promise<TransactionListRow> {
  const allowed = new Set<string>([...transactionEditableFields, 'id']);
  const extra = Object.keys(body).filter((key) => !allowed.has(key));
  if (extra.length > 0) {
    throw new AppError('RULE_REFUSED', accountMessages.fieldsNotEditable(extra), [
      ...extra.map((field) => ({ field, message: accountMessages.fieldsNotEditable([field]) })),
    ]);
  }
  if (body.id !== undefined && body.id !== id) {
    throw new AppError('BAD_REQUEST', 'The id in the body is not the one in the path.');
  }
  const now = ctx.clock.now();

  return ctx.db.transaction().execute(async (trx) => {
    let row = await readTransaction(trx, id);
    if (body.status !== undefined) {
      if (row.type !== 'WITHDRAWAL' || row.withdrawalRequestId === null) {
        throw new AppError('RULE_REFUSED', accountMessages.statusOnlyOnPendingWithdrawal);
      }
      // the request row first, then the ledger accounts (the order every withdrawal move takes);
      // the request's own state says whether the withdrawal is still pending
      const request = await lockRequest(trx, row.withdrawalRequestId);
      if (!request) throw new AppError('NOT_FOUND', accountMessages.withdrawalRequestNotFound);
      const comment = body.comment === undefined ? null : body.comment;
      if (body.status === 'PAID') await payRequest(trx, request, comment, audit, now);
      else await cancelRequest(trx, request, comment, audit, now);
    }
    row = await readTransaction(trx, id, { lock: true });
    const changes: { comment?: string | null; investorComment?: string | null } = {};
    if (body.comment !== undefined && body.comment !== row.comment) changes.comment = body.comment;
    if (body.investorComment !== undefined && body.investorComment !== row.investorComment) {
      changes.investorComment = body.investorComment;
    }
    if (Object.keys(changes).length > 0) {
      await updateTransactionComments(trx, id, changes);
      await audit.record(trx, {
        objectType: 'accountTransaction',
        objectId: id,
        before: { comment: row.comment, investorComment: row.investorComment },
        after: changes,
      });
    }
    return transactionView(trx, id);
  });
}
