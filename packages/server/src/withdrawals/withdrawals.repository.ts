import type { WithdrawalCancelReason } from '@lm/domain';
import type { Executor, Tx } from '../platform/db/database';

/** The SQL of withdrawal requests (the use cases hold the rules). */

/** The request with its row's ledger entry, under the request's row lock (the first lock of every move). */
export async function lockRequestRow(trx: Tx, requestId: number) {
  return trx
    .selectFrom('withdrawalRequests as w')
    .leftJoin('accountTransactions as t', 't.id', 'w.accountTransactionId')
    .select([
      'w.id',
      'w.investmentAccountId',
      'w.status',
      'w.amount',
      'w.codeHash',
      'w.codeExpiresAt',
      'w.codeAttempts',
      'w.comment',
      'w.accountTransactionId',
      't.ledgerEntryId',
    ])
    .where('w.id', '=', requestId)
    .forUpdate('w')
    .executeTakeFirst();
}

/** A request leaves the open states; the code is erased when cancelled, with the reason. */
export async function updateRequestStatus(
  trx: Tx,
  requestId: number,
  change: {
    status: 'CANCELLED' | 'PAID';
    comment: string | null;
    eraseCode: boolean;
    cancelReason?: WithdrawalCancelReason;
  },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('withdrawalRequests')
    .set({
      status: change.status,
      updatedAt: now,
      ...(change.cancelReason ? { cancelReason: change.cancelReason } : {}),
      ...(change.eraseCode ? { codeHash: null } : {}),
      ...(change.comment === null ? {} : { comment: change.comment }),
    })
    .where('id', '=', requestId)
    .execute();
}

/** The request becomes VERIFIED and its code is erased (single use). */
export async function markVerified(trx: Tx, requestId: number, now: Date): Promise<void> {
  await trx
    .updateTable('withdrawalRequests')
    .set({ status: 'VERIFIED', verifiedAt: now, codeHash: null, updatedAt: now })
    .where('id', '=', requestId)
    .where('status', '=', 'UNVERIFIED')
    .execute();
}

export async function updateCodeAttempts(trx: Tx, requestId: number, attempts: number, now: Date): Promise<void> {
  await trx
    .updateTable('withdrawalRequests')
    .set({ codeAttempts: attempts, updatedAt: now })
    .where('id', '=', requestId)
    .execute();
}

/** Ids of unverified requests whose code expired by `now`, oldest first, at most `limit`. */
export async function selectExpiredRequestIds(
  db: Executor,
  now: Date,
  scope: { investmentAccountId?: number; investmentAccountIds?: readonly number[] },
  limit: number,
): Promise<number[]> {
  let query = db
    .selectFrom('withdrawalRequests')
    .select('id')
    .where('status', '=', 'UNVERIFIED')
    .where('codeExpiresAt', '<=', now)
    .orderBy('id')
    .limit(limit);
  if (scope.investmentAccountId !== undefined) {
    query = query.where('investmentAccountId', '=', scope.investmentAccountId);
  }
  if (scope.investmentAccountIds !== undefined) {
    query = query.where('investmentAccountId', 'in', [...scope.investmentAccountIds]);
  }
  return (await query.execute()).map((r) => r.id);
}

export async function selectBankAccountIds(trx: Executor, investmentAccountId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('bankAccounts')
    .select(['id'])
    .where('investmentAccountId', '=', investmentAccountId)
    .execute();
  return rows.map((r) => r.id);
}

export interface NewRequestValues {
  investmentAccountId: number;
  bankAccountId: number;
  amount: string;
  codeExpiresAt: Date;
  requestedBy: number;
  now: Date;
}

/** A new UNVERIFIED request (its code hash and row are set once both have ids). */
export async function insertRequest(trx: Tx, values: NewRequestValues): Promise<number> {
  const row = await trx
    .insertInto('withdrawalRequests')
    .values({
      investmentAccountId: values.investmentAccountId,
      bankAccountId: values.bankAccountId,
      amount: values.amount,
      status: 'UNVERIFIED',
      codeHash: 'unset',
      codeExpiresAt: values.codeExpiresAt,
      requestedBy: values.requestedBy,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setRequestCodeAndRow(
  trx: Tx,
  requestId: number,
  codeHash: string,
  accountTransactionId: number,
): Promise<void> {
  await trx
    .updateTable('withdrawalRequests')
    .set({ codeHash, accountTransactionId })
    .where('id', '=', requestId)
    .execute();
}

/** Where the code goes: the investor's address and first name. */
export async function selectUserMail(db: Executor, userId: number) {
  return db.selectFrom('users').select(['email', 'firstName']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** An account's newest requests, newest first, with the bank account's name. */
export async function selectAccountRequests(db: Executor, investmentAccountId: number, limit: number) {
  return db
    .selectFrom('withdrawalRequests as w')
    .leftJoin('bankAccounts as b', 'b.id', 'w.bankAccountId')
    .select([
      'w.id',
      'w.investmentAccountId',
      'w.amount',
      'w.status',
      'w.cancelReason',
      'w.createdAt',
      'w.codeExpiresAt',
      'b.name as bankAccountName',
    ])
    .where('w.investmentAccountId', '=', investmentAccountId)
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
}

/** A new code for an unverified request: new hash, new expiry, its tries start again. */
export async function replaceRequestCode(
  trx: Tx,
  requestId: number,
  codeHash: string,
  codeExpiresAt: Date,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('withdrawalRequests')
    .set({ codeHash, codeExpiresAt, codeAttempts: 0, updatedAt: now })
    .where('id', '=', requestId)
    .where('status', '=', 'UNVERIFIED')
    .execute();
}
