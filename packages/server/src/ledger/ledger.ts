import { type Cents, centsFromString, centsToString } from '@lm/domain';
import { sql } from 'kysely';
import type { Executor, Tx } from '../platform/db/database';

/**
 * The double-entry ledger (DESIGN §3). Every movement of money is an entry whose postings sum
 * to zero, written in the caller's transaction with the business rows it belongs to. A posting's
 * amount is the change in that ledger account's balance. Pending entries reserve (their debits
 * count against available balance) until they are finalised or voided. The database enforces the
 * zero sum, append-only rows and a non-negative investor available balance; this module asserts
 * the same before it writes, so a broken caller fails loudly rather than by a constraint.
 */

export type LedgerAccountKind =
  | 'INVESTOR_CASH'
  | 'TRUST_BANK'
  | 'LOAN_FUNDING'
  | 'LOAN_COLLECTIONS'
  | 'REVENUE'
  | 'TAX_WITHHELD_PAYABLE';
export type SystemAccountKind = 'TRUST_BANK' | 'REVENUE' | 'TAX_WITHHELD_PAYABLE';

export interface Posting {
  ledgerAccountId: number;
  amountCents: Cents;
}

export interface NewEntry {
  kind: string;
  description?: string;
  postings: readonly Posting[];
  /** Pending entries reserve available balance until finalised or voided. */
  pending?: boolean;
  effectiveDate?: Date;
  createdBy?: number | null;
  reversesEntryId?: number;
}

export interface Balance {
  currentCents: Cents;
  pendingDebitsCents: Cents;
  pendingCreditsCents: Cents;
  availableCents: Cents;
}

export const postingsPerEntryMax = 10_000;

class LedgerInvariantError extends Error {}

function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new LedgerInvariantError('a ledger entry needs at least two postings');
  if (postings.length > postingsPerEntryMax) throw new LedgerInvariantError('too many postings in one entry');
  let sum = 0n;
  for (const p of postings) {
    if (p.amountCents === 0n) throw new LedgerInvariantError('a posting of zero');
    sum += p.amountCents;
  }
  if (sum !== 0n) throw new LedgerInvariantError(`ledger entry does not balance (sum ${sum} cents)`);
}

export async function createLedgerAccount(trx: Executor, kind: LedgerAccountKind, name: string): Promise<number> {
  const row = await trx.insertInto('ledgerAccounts').values({ kind, name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function systemAccountId(db: Executor, kind: SystemAccountKind): Promise<number> {
  const row = await db.selectFrom('ledgerAccounts').select('id').where('kind', '=', kind).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Locks the ledger accounts in ascending id order, so concurrent entries touching the same
 * accounts queue instead of deadlocking (the triggers then update rows already locked).
 */
export async function lockAccounts(trx: Tx, ledgerAccountIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(ledgerAccountIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await trx.selectFrom('ledgerAccounts').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** Writes a balanced entry; returns its id. */
export async function postEntry(trx: Tx, entry: NewEntry, now: Date): Promise<number> {
  const [id] = await postEntries(trx, [entry], now);
  return id!;
}

/** Reserves n ids of a table's identity column, in order, so rows pair with ids without relying on RETURNING order. */
export async function reserveIds(trx: Tx, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await sql<{ id: string | number }>`
    select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${n}::int)`.execute(trx);
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

const entriesPerInsert = 2_000;
const postingsPerInsert = 5_000;

/**
 * Writes balanced entries in a few statements, whatever their number (a batch of receipts, the
 * fractionalisation of a thousand repayments); returns their ids in input order. The accounts of
 * every entry are locked first, in one ascending-id pass.
 */
export async function postEntries(trx: Tx, entries: readonly NewEntry[], now: Date): Promise<number[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) assertBalanced(entry.postings);
  await lockAccounts(
    trx,
    entries.flatMap((e) => e.postings.map((p) => p.ledgerAccountId)),
  );
  const ids = await reserveIds(trx, 'ledger_entries', entries.length);
  const rows = entries.map((entry, index) => ({
    id: ids[index]!,
    kind: entry.kind,
    description: entry.description ?? '',
    createdAt: now,
    effectiveDate: entry.effectiveDate ?? now,
    finalisedAt: entry.pending ? null : now,
    reversesEntryId: entry.reversesEntryId ?? null,
    createdBy: entry.createdBy ?? null,
  }));
  for (let start = 0; start < rows.length; start += entriesPerInsert) {
    await trx
      .insertInto('ledgerEntries')
      .values(rows.slice(start, start + entriesPerInsert))
      .execute();
  }
  const postings = entries.flatMap((entry, index) =>
    entry.postings.map((p) => ({
      entryId: ids[index]!,
      ledgerAccountId: p.ledgerAccountId,
      amount: centsToString(p.amountCents),
    })),
  );
  for (let start = 0; start < postings.length; start += postingsPerInsert) {
    await trx
      .insertInto('ledgerPostings')
      .values(postings.slice(start, start + postingsPerInsert))
      .execute();
  }
  return ids;
}

async function entriesAccounts(trx: Tx, entryIds: readonly number[]): Promise<number[]> {
  const rows = await trx
    .selectFrom('ledgerPostings')
    .select('ledgerAccountId')
    .distinct()
    .where('entryId', 'in', entryIds)
    .execute();
  return rows.map((r) => r.ledgerAccountId);
}

async function pendingEntries(trx: Tx, entryIds: readonly number[]): Promise<void> {
  const rows = await trx
    .selectFrom('ledgerEntries')
    .select(['id', 'finalisedAt', 'voidedAt'])
    .where('id', 'in', entryIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  const found = new Map(rows.map((r) => [r.id, r]));
  for (const id of entryIds) {
    const entry = found.get(id);
    if (!entry) throw new LedgerInvariantError(`no ledger entry ${id}`);
    if (entry.finalisedAt || entry.voidedAt) throw new LedgerInvariantError(`ledger entry ${id} is not pending`);
  }
}

/** A pending entry becomes final: its postings move from pending into the current balances. */
export async function finaliseEntry(trx: Tx, entryId: number, now: Date): Promise<void> {
  await finaliseEntries(trx, [entryId], now);
}

/** Pending entries become final, all in a few statements. */
export async function finaliseEntries(trx: Tx, entryIds: readonly number[], now: Date): Promise<void> {
  const ids = [...new Set(entryIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await lockAccounts(trx, await entriesAccounts(trx, ids));
  await pendingEntries(trx, ids);
  await trx.updateTable('ledgerEntries').set({ finalisedAt: now }).where('id', 'in', ids).execute();
}

/** A pending entry is cancelled: its reservation is released and nothing is finalised. */
export async function voidEntry(trx: Tx, entryId: number, now: Date): Promise<void> {
  await lockAccounts(trx, await entriesAccounts(trx, [entryId]));
  await pendingEntries(trx, [entryId]);
  await trx.updateTable('ledgerEntries').set({ voidedAt: now }).where('id', '=', entryId).execute();
}

/** A finalised entry is undone by a new finalised entry with the opposite postings that names it. */
export async function reverseEntry(
  trx: Tx,
  entryId: number,
  options: { kind: string; description?: string; createdBy?: number | null },
  now: Date,
): Promise<number> {
  const original = await trx
    .selectFrom('ledgerEntries')
    .select(['finalisedAt'])
    .where('id', '=', entryId)
    .executeTakeFirst();
  if (!original?.finalisedAt) throw new LedgerInvariantError(`ledger entry ${entryId} is not finalised`);
  const postings = await trx
    .selectFrom('ledgerPostings')
    .select(['ledgerAccountId', 'amount'])
    .where('entryId', '=', entryId)
    .orderBy('id')
    .execute();
  return postEntry(
    trx,
    {
      kind: options.kind,
      description: options.description ?? `Reversal of entry ${entryId}`,
      createdBy: options.createdBy ?? null,
      reversesEntryId: entryId,
      postings: postings.map((p) => ({ ledgerAccountId: p.ledgerAccountId, amountCents: -centsFromString(p.amount) })),
    },
    now,
  );
}

export async function balanceOf(db: Executor, ledgerAccountId: number): Promise<Balance> {
  const row = await db
    .selectFrom('ledgerAccounts')
    .select(['currentBalance', 'pendingDebits', 'pendingCredits'])
    .where('id', '=', ledgerAccountId)
    .executeTakeFirstOrThrow();
  const currentCents = centsFromString(row.currentBalance);
  const pendingDebitsCents = centsFromString(row.pendingDebits);
  return {
    currentCents,
    pendingDebitsCents,
    pendingCreditsCents: centsFromString(row.pendingCredits),
    availableCents: currentCents - pendingDebitsCents,
  };
}

/** SQL for available balance of a ledger_accounts alias, for list queries. */
export const availableBalanceSql = (alias: string) => sql.raw(`(${alias}.current_balance - ${alias}.pending_debits)`);

export { LedgerInvariantError };
