import { type Cents, centsFromString, centsToString } from '@lm/domain';
import { sql } from 'kysely';
import { type Executor, executePrepared, type Tx } from '../platform/db/database';

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

export const systemAccountKinds: readonly SystemAccountKind[] = ['TRUST_BANK', 'REVENUE', 'TAX_WITHHELD_PAYABLE'];

const lockStatement = (ids: readonly number[]) => sql<{ id: number }>`
  select id from ledger_accounts
  where id = any(${ids}::bigint[]) and not (kind = any(${systemAccountKinds}::text[]))
  order by id for update`;

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
  const ids = [...new Set(ledgerAccountIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await executePrepared(trx, lockStatement(ids));
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
  const ids = [...new Set(ledgerAccountIds)].sort((a, b) => a - b);
  const balances = new Map<number, Balance>();
  if (ids.length === 0) return balances;
  const { rows } = await executePrepared(
    trx,
    sql<{ id: number; currentBalance: string; pendingDebits: string; pendingCredits: string; availableBalance: string }>`
      select id, current_balance, pending_debits, pending_credits, available_balance from ledger_accounts
      where id = any(${ids}::bigint[]) and not (kind = any(${systemAccountKinds}::text[]))
      order by id for update`,
  );
  for (const row of rows) balances.set(row.id, balanceOfRow(row));
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
  const result = await executePrepared(
    trx,
    sql<{ id: string | number }>`
      select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${n}::int)`,
  );
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Writes balanced entries in one statement, whatever their number (a deposit, a batch of
 * receipts, the fractionalisation of a thousand repayments); returns their ids in input order.
 * The same statement first locks, in ascending id order, the entries' accounts (as lockAccounts
 * does); the cached balances are updated by the statement's
 * trigger once it has written every row, under those locks. The entries take ids in input order
 * and their postings are written with them, so the trigger sees whole entries.
 */
export async function postEntries(trx: Tx, entries: readonly NewEntry[], now: Date): Promise<number[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) assertBalanced(entry.postings);
  const toLock = [...new Set(entries.flatMap((e) => e.postings.map((p) => p.ledgerAccountId)))].sort((a, b) => a - b);
  const postings = entries.flatMap((entry, index) =>
    entry.postings.map((p) => ({ entry: index + 1, ledgerAccountId: p.ledgerAccountId, amount: p.amountCents })),
  );
  const result = await executePrepared(
    trx,
    sql<{ ids: (string | number)[]; locked: number }>`
      with locked as materialized (
        ${lockStatement(toLock)}
      ), ids as materialized (
        select ord::int as ord, nextval(pg_get_serial_sequence('ledger_entries', 'id')) as id
        from generate_series(1, ${entries.length}::int) as ord
        order by ord
      ), entries as (
        insert into ledger_entries
          (id, kind, description, created_at, effective_date, finalised_at, reverses_entry_id, created_by)
        select ids.id, e.kind, e.description, ${now}::timestamptz, e.effective_date, e.finalised_at,
          e.reverses_entry_id, e.created_by
        from unnest(
          ${entries.map((e) => e.kind)}::text[],
          ${entries.map((e) => e.description ?? '')}::text[],
          ${entries.map((e) => e.effectiveDate ?? now)}::timestamptz[],
          ${entries.map((e) => (e.pending ? null : now))}::timestamptz[],
          ${entries.map((e) => e.reversesEntryId ?? null)}::bigint[],
          ${entries.map((e) => e.createdBy ?? null)}::bigint[]
        ) with ordinality as e(kind, description, effective_date, finalised_at, reverses_entry_id, created_by, ord)
        join ids on ids.ord = e.ord
        order by ids.id
      ), postings as (
        insert into ledger_postings (entry_id, ledger_account_id, amount)
        select ids.id, p.ledger_account_id, p.amount
        from unnest(
          ${postings.map((p) => p.entry)}::int[],
          ${postings.map((p) => p.ledgerAccountId)}::bigint[],
          ${postings.map((p) => centsToString(p.amount))}::numeric[]
        ) with ordinality as p(entry, ledger_account_id, amount, ord)
        join ids on ids.ord = p.entry
        order by p.ord
      )
      select (select array_agg(id order by ord) from ids) as ids, (select count(*) from locked)::int as locked`,
  );
  const ids = (result.rows[0]?.ids ?? []).map(Number);
  if (ids.length !== entries.length) throw new LedgerInvariantError('ledger entries were not all written');
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
    .select(['currentBalance', 'pendingDebits', 'pendingCredits', 'availableBalance'])
    .where('id', '=', ledgerAccountId)
    .executeTakeFirstOrThrow();
  return balanceOfRow(row);
}

function balanceOfRow(row: {
  currentBalance: string;
  pendingDebits: string;
  pendingCredits: string;
  availableBalance: string;
}): Balance {
  return {
    currentCents: centsFromString(row.currentBalance),
    pendingDebitsCents: centsFromString(row.pendingDebits),
    pendingCreditsCents: centsFromString(row.pendingCredits),
    availableCents: centsFromString(row.availableBalance),
  };
}

export { LedgerInvariantError };
