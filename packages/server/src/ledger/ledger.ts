import { type Cents, centsFromString } from '@lm/domain';
import type { Executor, Tx } from '../platform/db/database';
import {
  type BalanceRow,
  insertEntries,
  insertLedgerAccount,
  lockEntries,
  lockLedgerAccounts,
  lockLedgerAccountsWithBalances,
  markEntriesFinalised,
  markEntryVoided,
  selectBalance,
  selectEntriesAccounts,
  selectEntry,
  selectNextIds,
  selectPostingsOfEntry,
  selectSystemAccountId,
  systemAccountKinds as systemKinds,
} from './ledger.repository';

/**
 * The double-entry ledger (DESIGN §3). Every movement of money is an entry whose postings sum
 * to zero, written in the caller's transaction with the business rows it belongs to. A posting's
 * amount is the change in that ledger account's balance. Pending entries reserve (their debits
 * count against available balance) until they are finalised or voided. The database enforces the
 * zero sum, append-only rows and a non-negative investor available balance; this module asserts
 * the same before it writes, so a broken caller fails loudly rather than by a constraint. Its SQL
 * is in ledger.repository.ts.
 */

export type LedgerAccountKind =
  | 'INVESTOR_CASH'
  | 'TRUST_BANK'
  | 'LOAN_FUNDING'
  | 'LOAN_COLLECTIONS'
  | 'REVENUE'
  | 'TAX_WITHHELD_PAYABLE';
export type SystemAccountKind = (typeof systemKinds)[number];

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

export class LedgerInvariantError extends Error {}

/** A balanced entry: at least two postings, none zero, summing to zero (asserted before writing). */
export function assertBalanced(postings: readonly { amountCents: Cents }[]): void {
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
  return insertLedgerAccount(trx, kind, name);
}

export async function systemAccountId(db: Executor, kind: SystemAccountKind): Promise<number> {
  return selectSystemAccountId(db, kind);
}

export const systemAccountKinds: readonly SystemAccountKind[] = systemKinds;

const ascendingUnique = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Locks the ledger accounts in ascending id order, so concurrent entries touching the same
 * accounts queue instead of deadlocking (the triggers then update rows already locked). The
 * system accounts (trust bank, revenue, tax withheld payable) are left out: nothing checks their
 * balance against a limit, and their cached balances are brought up to date at commit
 * (migration 0070), so movements do not queue behind each other on those rows. Locking a row
 * this transaction already holds costs one index probe, so callers lock before a balance check and
 * postEntries locks again without keeping track of which it holds.
 */
export async function lockAccounts(trx: Tx, ledgerAccountIds: Iterable<number>): Promise<void> {
  const ids = ascendingUnique(ledgerAccountIds);
  if (ids.length === 0) return;
  await lockLedgerAccounts(trx, ids);
}

/**
 * Locks the ledger accounts as lockAccounts does and returns the balances of those it locked
 * (the system accounts are neither locked nor returned), read under the lock: what decides
 * whether money may move sees the state the movement will change.
 */
export async function lockAccountsWithBalances(
  trx: Tx,
  ledgerAccountIds: Iterable<number>,
): Promise<Map<number, Balance>> {
  const ids = ascendingUnique(ledgerAccountIds);
  const balances = new Map<number, Balance>();
  if (ids.length === 0) return balances;
  for (const row of await lockLedgerAccountsWithBalances(trx, ids)) balances.set(row.id, balanceOfRow(row));
  return balances;
}

/** Writes a balanced entry; returns its id. */
export async function postEntry(trx: Tx, entry: NewEntry, now: Date): Promise<number> {
  const [id] = await postEntries(trx, [entry], now);
  return id!;
}

/** Reserves n ids of a table's identity column, in order, so rows pair with ids without relying on RETURNING order. */
export async function reserveIds(trx: Tx, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  return selectNextIds(trx, table, n);
}

/**
 * Writes balanced entries in one statement, whatever their number (a deposit, a batch of
 * receipts, the fractionalisation of a thousand repayments); returns their ids in input order.
 * The same statement first locks, in ascending id order, the entries' accounts (as lockAccounts
 * does); the cached balances are updated by the statement's trigger once it has written every
 * row, under those locks. The entries take ids in input order and their postings are written
 * with them, so the trigger sees whole entries.
 */
export async function postEntries(trx: Tx, entries: readonly NewEntry[], now: Date): Promise<number[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) assertBalanced(entry.postings);
  const toLock = ascendingUnique(entries.flatMap((e) => e.postings.map((p) => p.ledgerAccountId)));
  const ids = await insertEntries(
    trx,
    entries.map((e) => ({
      kind: e.kind,
      description: e.description ?? '',
      effectiveDate: e.effectiveDate ?? now,
      finalisedAt: e.pending ? null : now,
      reversesEntryId: e.reversesEntryId ?? null,
      createdBy: e.createdBy ?? null,
    })),
    entries.flatMap((entry, index) =>
      entry.postings.map((p) => ({ entry: index + 1, ledgerAccountId: p.ledgerAccountId, amountCents: p.amountCents })),
    ),
    toLock,
    now,
  );
  if (ids.length !== entries.length) throw new LedgerInvariantError('ledger entries were not all written');
  return ids;
}

/** Locks the entries and asserts that each is still pending. */
async function pendingEntries(trx: Tx, entryIds: readonly number[]): Promise<void> {
  const found = new Map((await lockEntries(trx, entryIds)).map((r) => [r.id, r]));
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
  const ids = ascendingUnique(entryIds);
  if (ids.length === 0) return;
  await lockAccounts(trx, await selectEntriesAccounts(trx, ids));
  await pendingEntries(trx, ids);
  await markEntriesFinalised(trx, ids, now);
}

/** A pending entry is cancelled: its reservation is released and nothing is finalised. */
export async function voidEntry(trx: Tx, entryId: number, now: Date): Promise<void> {
  await lockAccounts(trx, await selectEntriesAccounts(trx, [entryId]));
  await pendingEntries(trx, [entryId]);
  await markEntryVoided(trx, entryId, now);
}

/** A finalised entry is undone by a new finalised entry with the opposite postings that names it. */
export async function reverseEntry(
  trx: Tx,
  entryId: number,
  options: { kind: string; description?: string; createdBy?: number | null },
  now: Date,
): Promise<number> {
  const original = await selectEntry(trx, entryId);
  if (!original?.finalisedAt) throw new LedgerInvariantError(`ledger entry ${entryId} is not finalised`);
  const postings = await selectPostingsOfEntry(trx, entryId);
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
  return balanceOfRow(await selectBalance(db, ledgerAccountId));
}

function balanceOfRow(row: BalanceRow): Balance {
  return {
    currentCents: centsFromString(row.currentBalance),
    pendingDebitsCents: centsFromString(row.pendingDebits),
    pendingCreditsCents: centsFromString(row.pendingCredits),
    availableCents: centsFromString(row.availableBalance),
  };
}
