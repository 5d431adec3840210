import { type Cents, centsToString, openRepaymentStatuses } from '@lm/domain';
import { sql } from 'kysely';
import { anyOf } from '../platform/db/any-of';
import type { Executor, Tx } from '../platform/db/database';
import { updateByIds } from '../platform/db/update-by-ids';

/**
 * The SQL of the repayments feature: loans and their repayments as receipts pay them, loan
 * transactions (receipts, applied excesses) and the investments a repayment is split across.
 * Every function takes the executor or transaction first; row locks are taken where a use case
 * then writes what it read.
 */

// ---------------------------------------------------------------------------------------------
// Loans

/** The loans (not deleted) with these third-party ids, for matching staged receipts. */
export function loansByThirdPartyIds(db: Executor, thirdPartyIds: readonly string[]) {
  if (thirdPartyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('loans')
    .select(['id', 'thirdPartyId', 'amount', 'name', 'status'])
    .where(anyOf('thirdPartyId', thirdPartyIds, 'text'))
    .where('status', '<>', 'DELETED')
    .orderBy('id')
    .execute();
}

/** Locks the loans in id order (concurrent batches for the same loan queue here). */
export function lockLoans(trx: Tx, loanIds: readonly number[]) {
  if (loanIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('loans')
    .select(['id', 'status', 'collectionsLedgerAccountId'])
    .where(anyOf('id', loanIds))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Locks one loan. */
export function lockLoan(trx: Tx, loanId: number) {
  return trx
    .selectFrom('loans')
    .select(['id', 'status', 'collectionsLedgerAccountId'])
    .where('id', '=', loanId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The loans' statuses and grace days. */
export function loansStatusAndGrace(trx: Tx, loanIds: readonly number[]) {
  return trx.selectFrom('loans').select(['id', 'status', 'gracePeriodDays']).where(anyOf('id', loanIds)).execute();
}

/** The loans' base rates and collections accounts (fractionalising). */
export function loansForFractionalising(trx: Tx, loanIds: readonly number[]) {
  if (loanIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('loans')
    .select(['id', 'baseInterestRate', 'collectionsLedgerAccountId'])
    .where(anyOf('id', loanIds))
    .execute();
}

/** Sets the loans' statuses. */
export async function setLoanStatuses(
  trx: Tx,
  changes: readonly { id: number; status: string }[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await updateByIds(
    'loans',
    changes.map((c) => c.id),
    { status: { type: 'text', values: changes.map((c) => c.status) } },
    sql`status = v.status, updated_at = ${now}`,
  ).execute(trx);
}

// ---------------------------------------------------------------------------------------------
// Repayments

/** The loans' repayments that may still take money, oldest first, locked. */
export function lockOpenRepayments(trx: Tx, loanIds: readonly number[]) {
  if (loanIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('repayments')
    .select([
      'id',
      'loanId',
      'dueDate',
      'principalDue',
      'principalPaid',
      'principalWrittenOff',
      'interestDue',
      'interestPaid',
      'interestWrittenOff',
    ])
    .where(anyOf('loanId', loanIds))
    .where('isArchived', '=', false)
    .where(anyOf('status', openRepaymentStatuses, 'text'))
    .orderBy('loanId')
    .orderBy('dueDate')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Every current (not archived) repayment of the loans, in due order. */
export function currentRepayments(trx: Tx, loanIds: readonly number[]) {
  return trx
    .selectFrom('repayments')
    .select([
      'id',
      'loanId',
      'dueDate',
      'status',
      'principalDue',
      'principalPaid',
      'principalWrittenOff',
      'interestDue',
      'interestPaid',
      'interestWrittenOff',
    ])
    .where(anyOf('loanId', loanIds))
    .where('isArchived', '=', false)
    .orderBy('loanId')
    .orderBy('dueDate')
    .orderBy('id')
    .execute();
}

/**
 * Adds what receipts (or an excess applied) paid to repayments: the one rule by which a
 * repayment's principalPaid and interestPaid change, always by the amounts of the loan
 * transactions that paid them (ledger:check verifies the sums).
 */
export async function addRepaymentsPaid(
  trx: Tx,
  paid: readonly { id: number; principalPaidCents: Cents; interestPaidCents: Cents }[],
): Promise<void> {
  const changes = paid.filter((o) => o.principalPaidCents !== 0n || o.interestPaidCents !== 0n);
  if (changes.length === 0) return;
  await updateByIds(
    'repayments',
    changes.map((o) => o.id),
    {
      principal_paid: { type: 'numeric', values: changes.map((o) => centsToString(o.principalPaidCents)) },
      interest_paid: { type: 'numeric', values: changes.map((o) => centsToString(o.interestPaidCents)) },
    },
    sql`principal_paid = t.principal_paid + v.principal_paid, interest_paid = t.interest_paid + v.interest_paid`,
  ).execute(trx);
}

/** Sets the repayments' statuses. */
export async function setRepaymentStatuses(trx: Tx, changes: readonly { id: number; status: string }[]): Promise<void> {
  if (changes.length === 0) return;
  await updateByIds(
    'repayments',
    changes.map((c) => c.id),
    { status: { type: 'text', values: changes.map((c) => c.status) } },
    sql`status = v.status`,
  ).execute(trx);
}

// ---------------------------------------------------------------------------------------------
// Loan transactions

/** The unreversed loan transactions of these receipt ids (publishing and staging). */
export function publishedReceipts(db: Executor, receiptIds: readonly string[]) {
  if (receiptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('loanTransactions')
    .select(['id', 'receiptId', 'loanId', 'netAmount', 'grossAmount', 'receiptDate', 'repaymentId'])
    .select(['principalAmount', 'interestAmount', 'excessAmount'])
    .where(anyOf('receiptId', receiptIds, 'text'))
    .where('reversesTransactionId', 'is', null)
    .execute();
}

export interface NewLoanTransaction {
  id?: number;
  loanId: number;
  repaymentId: number | null;
  type: string;
  status: string;
  principalAmount: string;
  interestAmount: string;
  excessAmount: string;
  netAmount: string;
  grossAmount: string;
  receiptId?: string | null;
  batchNumber: string | null;
  receiptDate: string | null;
  finalisedDate: Date;
  createdDate: Date;
  ledgerEntryId?: number | null;
  excessSourceTransactionId?: number | null;
  createdBy: number | null;
}

/** Inserts loan transactions, a thousand rows a statement. */
export async function insertLoanTransactions(trx: Tx, rows: readonly NewLoanTransaction[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1_000) {
    await trx
      .insertInto('loanTransactions')
      .values(rows.slice(start, start + 1_000))
      .execute();
  }
}

/** Inserts one loan transaction; answers its id. */
export async function insertLoanTransaction(trx: Tx, row: NewLoanTransaction): Promise<number> {
  const created = await trx.insertInto('loanTransactions').values(row).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

/** The loan of a loan transaction (read without a lock, to lock the loan first). */
export function loanOfTransaction(trx: Tx, loanTransactionId: number) {
  return trx.selectFrom('loanTransactions').select(['loanId']).where('id', '=', loanTransactionId).executeTakeFirst();
}

/** Locks one loan transaction and reads it whole. */
export function lockLoanTransaction(trx: Tx, loanTransactionId: number) {
  return trx
    .selectFrom('loanTransactions')
    .selectAll()
    .where('id', '=', loanTransactionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Locks loan transactions in id order (fractionalising). */
export function lockLoanTransactions(trx: Tx, ids: readonly number[]) {
  return trx
    .selectFrom('loanTransactions')
    .select(['id', 'loanId', 'type', 'status', 'principalAmount', 'interestAmount', 'fractionalisedDate'])
    .select(['reversalTransactionId', 'reversesTransactionId'])
    .where(anyOf('id', ids))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Records how a loan transaction's excess was handled. */
export async function markExcessHandled(
  trx: Tx,
  loanTransactionId: number,
  handled: { excessHandling: 'APPLIED' | 'RETURNED'; now: Date; by: number | null; returnEntryId?: number },
): Promise<void> {
  await trx
    .updateTable('loanTransactions')
    .set({
      excessHandling: handled.excessHandling,
      excessHandledDate: handled.now,
      excessHandledBy: handled.by,
      ...(handled.returnEntryId === undefined ? {} : { excessReturnEntryId: handled.returnEntryId }),
    })
    .where('id', '=', loanTransactionId)
    .execute();
}

/** Stamps loan transactions fractionalised, with their ledger entry and investors' interest. */
export async function markFractionalised(
  trx: Tx,
  stamps: readonly { id: number; entryId: number | null; investorInterestCents: Cents | null }[],
  now: Date,
): Promise<void> {
  if (stamps.length === 0) return;
  await updateByIds(
    'loan_transactions',
    stamps.map((s) => s.id),
    {
      entry_id: { type: 'bigint', values: stamps.map((s) => s.entryId) },
      investor_interest: {
        type: 'numeric',
        values: stamps.map((s) => (s.investorInterestCents === null ? null : centsToString(s.investorInterestCents))),
      },
    },
    sql`fractionalised_date = ${now}, fractionalise_entry_id = v.entry_id,
      investor_interest_amount = coalesce(v.investor_interest, t.investor_interest_amount)`,
  ).execute(trx);
}

// ---------------------------------------------------------------------------------------------
// Investments

/**
 * The loans' holders, locked: deployed, unsold, unreversed investments with principal outstanding,
 * with their account's foreign flag and cash ledger account. Only the investments are locked (their repaid amounts
 * change); the accounts are locked through their ledger accounts before money moves, and locking
 * their rows too would write a thousand row locks and stop other movements' reference checks.
 */
export function lockHoldings(trx: Tx, loanIds: readonly number[]) {
  if (loanIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('investments as i')
    .innerJoin('investmentAccounts as a', 'a.id', 'i.investmentAccountId')
    .select([
      'i.id',
      'i.loanId',
      'i.investmentAccountId',
      'i.investmentInterestRate',
      'a.isForeign',
      'a.ledgerAccountId',
    ])
    .select(sql<string>`i.invested_amount - i.principal_repaid - i.principal_written_off`.as('outstanding'))
    .where(anyOf('i.loanId', loanIds))
    .where('i.finalisedDate', 'is not', null)
    .where('i.saleDate', 'is', null)
    .where('i.reversedDate', 'is', null)
    .where(sql<boolean>`i.invested_amount - i.principal_repaid - i.principal_written_off > 0`)
    .orderBy('i.id')
    .forUpdate('i')
    .execute();
}

/** Adds repaid principal and interest to investments. */
export async function addInvestmentsRepaid(
  trx: Tx,
  repaid: readonly { id: number; principalCents: Cents; interestCents: Cents }[],
): Promise<void> {
  if (repaid.length === 0) return;
  await updateByIds(
    'investments',
    repaid.map((r) => r.id),
    {
      principal: { type: 'numeric', values: repaid.map((r) => centsToString(r.principalCents)) },
      interest: { type: 'numeric', values: repaid.map((r) => centsToString(r.interestCents)) },
    },
    sql`principal_repaid = t.principal_repaid + v.principal, interest_repaid = t.interest_repaid + v.interest`,
  ).execute(trx);
}
