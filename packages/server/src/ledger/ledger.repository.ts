import { type Cents, centsToString } from '@lm/domain';
import { sql } from 'kysely';
import { anyOf } from '../platform/db/any-of';
import { type Executor, executePrepared, type Tx } from '../platform/db/database';

/**
 * The SQL of the double-entry ledger (ledger.ts holds its rules): ledger accounts, entries,
 * postings, locks and cached balances. Result rows come back camelCased (CamelCasePlugin).
 */

export const systemAccountKinds = ['TRUST_BANK', 'REVENUE', 'TAX_WITHHELD_PAYABLE'] as const;

export interface BalanceRow {
  currentBalance: string;
  pendingDebits: string;
  pendingCredits: string;
  availableBalance: string;
}

export async function insertLedgerAccount(trx: Executor, kind: string, name: string): Promise<number> {
  const row = await trx.insertInto('ledgerAccounts').values({ kind, name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function selectSystemAccountId(db: Executor, kind: string): Promise<number> {
  const row = await db.selectFrom('ledgerAccounts').select('id').where('kind', '=', kind).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The given ledger accounts that are not system accounts, for a lock in ascending id order.
 *
 * The ids are matched as `id in (select unnest(...))`, which the planner runs as a lookup by
 * primary key per id. Written `id = any(...)`, a thousand ids (fractionalising a repayment across
 * 1,000 holders) made it scan all ~44,000 ledger accounts of the scale-1 book and test each against
 * the array: 10 to 12 ms against 2 ms (bench/README.md, 2026-11-27).
 */
const lockableAccounts = (ids: readonly number[]) =>
  sql`id in (select unnest(${ids}::bigint[])) and not (kind = any(${systemAccountKinds}::text[]))`;

/** Locks, in ascending id order, the given ledger accounts that are not system accounts. */
const lockStatement = (ids: readonly number[]) => sql<{ id: number }>`
  select id from ledger_accounts where ${lockableAccounts(ids)} order by id for update`;

export async function lockLedgerAccounts(trx: Tx, sortedIds: readonly number[]): Promise<void> {
  await executePrepared(trx, lockStatement(sortedIds));
}

export async function lockLedgerAccountsWithBalances(
  trx: Tx,
  sortedIds: readonly number[],
): Promise<(BalanceRow & { id: number })[]> {
  const { rows } = await executePrepared(
    trx,
    sql<BalanceRow & { id: number }>`
      select id, current_balance, pending_debits, pending_credits, available_balance from ledger_accounts
      where ${lockableAccounts(sortedIds)} order by id for update`,
  );
  return rows;
}

/** Reserves n ids of a table's identity column, ascending. */
export async function selectNextIds(trx: Tx, table: string, n: number): Promise<number[]> {
  const result = await executePrepared(
    trx,
    sql<{ id: string | number }>`
      select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${n}::int)`,
  );
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export interface EntryRow {
  kind: string;
  description: string;
  effectiveDate: Date;
  finalisedAt: Date | null;
  reversesEntryId: number | null;
  createdBy: number | null;
}

export interface PostingRow {
  /** 1-based position of the posting's entry in the statement's entries. */
  entry: number;
  ledgerAccountId: number;
  amountCents: Cents;
}

/**
 * Writes entries and their postings in one statement, which first locks (ascending id order)
 * the accounts in `toLock`; returns the entries' ids in input order.
 */
export async function insertEntries(
  trx: Tx,
  entries: readonly EntryRow[],
  postings: readonly PostingRow[],
  toLock: readonly number[],
  now: Date,
): Promise<number[]> {
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
          ${entries.map((e) => e.description)}::text[],
          ${entries.map((e) => e.effectiveDate)}::timestamptz[],
          ${entries.map((e) => e.finalisedAt)}::timestamptz[],
          ${entries.map((e) => e.reversesEntryId)}::bigint[],
          ${entries.map((e) => e.createdBy)}::bigint[]
        ) with ordinality as e(kind, description, effective_date, finalised_at, reverses_entry_id, created_by, ord)
        join ids on ids.ord = e.ord
        order by ids.id
      ), postings as (
        insert into ledger_postings (entry_id, ledger_account_id, amount)
        select ids.id, p.ledger_account_id, p.amount
        from unnest(
          ${postings.map((p) => p.entry)}::int[],
          ${postings.map((p) => p.ledgerAccountId)}::bigint[],
          ${postings.map((p) => centsToString(p.amountCents))}::numeric[]
        ) with ordinality as p(entry, ledger_account_id, amount, ord)
        join ids on ids.ord = p.entry
        order by p.ord
      )
      select (select array_agg(id order by ord) from ids) as ids, (select count(*) from locked)::int as locked`,
  );
  return (result.rows[0]?.ids ?? []).map(Number);
}

/** The ledger accounts the entries post to. */
export async function selectEntriesAccounts(trx: Tx, entryIds: readonly number[]): Promise<number[]> {
  const rows = await trx
    .selectFrom('ledgerPostings')
    .select('ledgerAccountId')
    .distinct()
    .where(anyOf('entryId', entryIds))
    .execute();
  return rows.map((r) => r.ledgerAccountId);
}

/** The entries' states, under row locks (ascending id). */
export async function lockEntries(trx: Tx, entryIds: readonly number[]) {
  return trx
    .selectFrom('ledgerEntries')
    .select(['id', 'finalisedAt', 'voidedAt'])
    .where(anyOf('id', entryIds))
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function markEntriesFinalised(trx: Tx, entryIds: readonly number[], now: Date): Promise<void> {
  await trx.updateTable('ledgerEntries').set({ finalisedAt: now }).where(anyOf('id', entryIds)).execute();
}

export async function markEntryVoided(trx: Tx, entryId: number, now: Date): Promise<void> {
  await trx.updateTable('ledgerEntries').set({ voidedAt: now }).where('id', '=', entryId).execute();
}

export async function selectEntry(trx: Executor, entryId: number) {
  return trx
    .selectFrom('ledgerEntries')
    .select(['id', 'kind', 'finalisedAt', 'reversesEntryId'])
    .where('id', '=', entryId)
    .executeTakeFirst();
}

export async function selectPostingsOfEntry(trx: Executor, entryId: number) {
  return trx
    .selectFrom('ledgerPostings')
    .select(['ledgerAccountId', 'amount'])
    .where('entryId', '=', entryId)
    .orderBy('id')
    .execute();
}

/** An entry's postings with the investment account (if any) each ledger account belongs to. */
export async function selectPostingsWithAccounts(trx: Executor, entryId: number) {
  return trx
    .selectFrom('ledgerPostings as p')
    .innerJoin('ledgerAccounts as l', 'l.id', 'p.ledgerAccountId')
    .leftJoin('investmentAccounts as a', 'a.ledgerAccountId', 'l.id')
    .select(['p.ledgerAccountId', 'p.amount', 'a.id as investmentAccountId'])
    .where('p.entryId', '=', entryId)
    .execute();
}

/** A ledger account's cached balances (a system account's summed from its parts, migration 0210). */
export async function selectBalance(db: Executor, ledgerAccountId: number): Promise<BalanceRow> {
  return db
    .selectFrom('ledgerAccountBalances')
    .select(['currentBalance', 'pendingDebits', 'pendingCredits', 'availableBalance'])
    .where('id', '=', ledgerAccountId)
    .executeTakeFirstOrThrow();
}

/** The INVESTOR_CASH ledger account of each investment account that exists. */
export async function selectInvestmentAccountLedgerIds(db: Executor, investmentAccountIds: readonly number[]) {
  return db
    .selectFrom('investmentAccounts')
    .select(['id', 'ledgerAccountId'])
    .where(anyOf('id', investmentAccountIds))
    .execute();
}

/** currentBalance and availableBalance (the generated column) of an investment account, or undefined. */
export async function selectInvestmentAccountBalances(db: Executor, investmentAccountId: number) {
  return db
    .selectFrom('investmentAccounts as a')
    .innerJoin('ledgerAccounts as l', 'l.id', 'a.ledgerAccountId')
    .select(['l.currentBalance', 'l.availableBalance'])
    .where('a.id', '=', investmentAccountId)
    .executeTakeFirst();
}

/**
 * One money movement's writes in one statement (migration 0170, ledger_post_money): locks,
 * the available-balance refusal, entry, postings, account rows with running balances and the
 * audit record. `movement` is the function's JSON argument; amounts are decimal strings.
 */
export async function callPostMoney(
  db: Executor,
  movement: Record<string, unknown>,
): Promise<{ entryId: number; transactionIds: number[] }> {
  const { rows } = await executePrepared(
    db,
    sql<{ moved: { entryId: number | string; transactionIds: (number | string)[] } | string }>`
      select ledger_post_money(${JSON.stringify(movement)}::jsonb) as moved`,
  );
  const raw = rows[0]!.moved;
  const moved = typeof raw === 'string' ? (JSON.parse(raw) as Exclude<typeof raw, string>) : raw;
  return { entryId: Number(moved.entryId), transactionIds: moved.transactionIds.map(Number) };
}

/**
 * A batch of money movements' writes in one statement (migration 0200, ledger_post_money_many):
 * locks, entries, postings and account rows with running balances. `batch` is the function's
 * JSON argument; amounts are decimal strings. Returns the entry ids and row ids in input order.
 */
export async function callPostMoneyMany(
  trx: Tx,
  batch: Record<string, unknown>,
): Promise<{ entryIds: number[]; transactionIds: number[] }> {
  const { rows } = await executePrepared(
    trx,
    sql<{ moved: { entryIds: (number | string)[]; transactionIds: (number | string)[] } | string }>`
      select ledger_post_money_many(${JSON.stringify(batch)}::jsonb) as moved`,
  );
  const raw = rows[0]!.moved;
  const moved = typeof raw === 'string' ? (JSON.parse(raw) as Exclude<typeof raw, string>) : raw;
  return { entryIds: moved.entryIds.map(Number), transactionIds: moved.transactionIds.map(Number) };
}
