import {
  type BaseTransactionType,
  type Cents,
  centsFromString,
  centsToString,
  isReversalType,
  reversalTypeOf,
  type TransactionType,
} from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { Executor, Tx } from '../platform/db/database';
import {
  insertAccountTransactions,
  selectLastFinalisedRows,
  selectPendingRowsOfEntries,
  selectRowsOfEntry,
  setReversalTransactionIds,
  updateClosedRows,
  updateRunningBalancesFrom,
} from './account-rows.repository';
import {
  assertBalanced,
  finaliseEntries,
  LedgerInvariantError,
  lockAccounts,
  type Posting,
  reserveIds,
  reverseEntry,
  type SystemAccountKind,
  voidEntry,
} from './ledger';
import {
  callPostMoney,
  callPostMoneyMany,
  selectEntry,
  selectInvestmentAccountBalances,
  selectInvestmentAccountLedgerIds,
  selectPostingsWithAccounts,
} from './ledger.repository';

/**
 * The one way money features move money (DESIGN §3): a balanced ledger entry plus the
 * investor-visible account transaction rows that are its per-account view, written together in
 * the caller's transaction. Each account row posts its signed amount to that investment account's
 * INVESTOR_CASH ledger account; `otherPostings` carry the rest of the entry.
 *
 * Row life: a finalised movement's rows are PAID with finalisedDate = effectiveDate (or now); a
 * pending movement's rows are PENDING with no finalisedDate and reserve available balance until
 * finaliseMoney (PAID, finalisedDate = the finalising instant) or voidMoney (CANCELLED,
 * finalisedDate = the cancelling instant, amount not counted). runningBalance is the account's
 * balance after the row in finalised order (finalisedDate, id), cancelled rows counting zero.
 */

export interface AccountRowInput {
  investmentAccountId: number;
  type: TransactionType;
  /** Signed change of this account's cash: + into the account, - out of it (grossAmount is its absolute value). */
  amountCents: Cents;
  principalCents?: Cents;
  interestCents?: Cents;
  feesCents?: Cents;
  taxWithheldCents?: Cents;
  comment?: string | null;
  investorComment?: string | null;
  loanId?: number | null;
  loanTransactionId?: number | null;
  investmentId?: number | null;
  withdrawalRequestId?: number | null;
  counterpartAccountId?: number | null;
  /** The business date of the row; a finalised row's finalisedDate (default: now). */
  effectiveDate?: Date;
}

export interface MoneyMovement {
  /** Ledger entry kind, e.g. 'INVESTMENT'. */
  kind: string;
  description?: string;
  /** Pending: reserves available balance; rows get no finalisedDate. */
  pending?: boolean;
  createdBy?: number | null;
  /** Investor-visible rows; each posts to that account's INVESTOR_CASH ledger account. */
  accountRows: AccountRowInput[];
  /** The rest of the entry (trust bank, loan funding, revenue, tax withheld ...); all postings sum to zero. */
  otherPostings?: Posting[];
  /** Postings to the platform's own accounts named by kind (postMoney only; the database finds their ids). */
  systemPostings?: { kind: SystemAccountKind; amountCents: Cents }[];
}

/**
 * The audit record a movement writes with itself: it names `objectId` (default: the movement's
 * first row), with the entry id (unless `withEntryId` is false) and the rows' ids (when
 * `withTransactionIds`) added to `after`.
 */
export interface MovementAudit {
  context: AuditContext;
  objectType: string;
  objectId?: number;
  after: Record<string, unknown>;
  withEntryId?: boolean;
  withTransactionIds?: boolean;
}

/** A movement named an investment account that does not exist. */
export class NoInvestmentAccountError extends LedgerInvariantError {}

/** PostgreSQL's refusal of a movement that would take an investor's available balance below zero (migration 0170, or the constraint). */
export function isAvailableBalanceRefusal(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23514' && e.constraint === 'ledger_accounts_available_not_negative';
}

export const accountRowsPerMovementMax = 10_000;

/** The INVESTOR_CASH ledger account of an investment account. */
export async function investmentAccountLedgerId(trx: Executor, investmentAccountId: number): Promise<number> {
  const ids = await ledgerIdsOf(trx, [investmentAccountId]);
  return ids.get(investmentAccountId)!;
}

async function ledgerIdsOf(trx: Executor, investmentAccountIds: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(investmentAccountIds)];
  if (unique.length === 0) return new Map();
  const rows = await selectInvestmentAccountLedgerIds(trx, unique);
  const map = new Map(rows.map((r) => [r.id, r.ledgerAccountId]));
  for (const id of unique) if (!map.has(id)) throw new LedgerInvariantError(`no investment account ${id}`);
  return map;
}

/**
 * The ledger accounts a transaction has locked with lockForMovement (system accounts among them
 * are never locked, and need not be): postMoneyMany, given them, does not lock them again.
 */
export interface LockedLedgerAccounts {
  readonly transaction: Tx;
  readonly ledgerAccountIds: readonly number[];
}

/**
 * Locks, in ascending ledger-account id order, every ledger account a movement will touch. Call
 * it before reading a balance that decides whether the movement may happen (available balance),
 * so the check and the write see the same state and concurrent movements queue without deadlock.
 * Returns what it locked, for postMoneyMany.
 */
export async function lockForMovement(
  trx: Tx,
  investmentAccountIds: readonly number[],
  otherLedgerAccountIds: readonly number[] = [],
): Promise<LockedLedgerAccounts> {
  const ids = await ledgerIdsOf(trx, [...investmentAccountIds]);
  const ledgerAccountIds = [...ids.values(), ...otherLedgerAccountIds];
  await lockAccounts(trx, ledgerAccountIds);
  return { transaction: trx, ledgerAccountIds };
}

export interface AccountBalances {
  currentCents: Cents;
  availableCents: Cents;
}

/** currentBalance (finalised) and availableBalance (current minus pending debits) from the ledger caches. */
export async function balancesOf(db: Executor, investmentAccountId: number): Promise<AccountBalances> {
  const row = await selectInvestmentAccountBalances(db, investmentAccountId);
  if (!row) throw new LedgerInvariantError(`no investment account ${investmentAccountId}`);
  return { currentCents: centsFromString(row.currentBalance), availableCents: centsFromString(row.availableBalance) };
}

export async function availableCents(db: Executor, investmentAccountId: number): Promise<Cents> {
  return (await balancesOf(db, investmentAccountId)).availableCents;
}

function nextTransactionIds(trx: Tx, n: number): Promise<number[]> {
  return reserveIds(trx, 'account_transactions', n);
}

/**
 * Recomputes runningBalance of one account's finalised rows from the row (finalisedDate, id)
 * onwards: the balance before it plus the window sum. Rows finalised "now" are the last ones, so
 * usually only the new rows change; a back-dated row (a deposit dated yesterday) moves the ones
 * after it too. Callers hold the account's ledger lock, so this never races with itself.
 */
export async function refreshRunningBalances(
  trx: Tx,
  investmentAccountId: number,
  from: { finalisedDate: Date; id: number },
): Promise<void> {
  await updateRunningBalancesFrom(trx, investmentAccountId, from);
}

interface ClosedRow {
  investmentAccountId: number;
  finalisedDate: Date;
  id: number;
}

interface ClosingRow extends ClosedRow {
  /** What the row adds to the balance: its amount, or 0 for a cancelled row. */
  countsCents: Cents;
}

const isAfter = (a: { finalisedDate: Date; id: number }, b: { finalisedDate: Date; id: number }) =>
  a.finalisedDate.getTime() > b.finalisedDate.getTime() ||
  (a.finalisedDate.getTime() === b.finalisedDate.getTime() && a.id > b.id);

/**
 * Running balances of rows about to be finalised (inserted finalised, or moved out of pending),
 * read under the accounts' ledger locks before the rows are written. Rows that come after every
 * finalised row of their account (the usual case: finalised now) get their balance here, from
 * the account's last row, and are written with it. An account with a row dated before its last
 * finalised row (a back-dated deposit) is returned in `refresh`: write its rows, then call
 * refreshRunningBalances from the earliest of them.
 */
async function runningBalancesFor(
  trx: Tx,
  rows: readonly ClosingRow[],
): Promise<{ running: Map<number, Cents>; refresh: ClosedRow[] }> {
  const running = new Map<number, Cents>();
  const refresh: ClosedRow[] = [];
  if (rows.length === 0) return { running, refresh };
  const byAccount = new Map<number, ClosingRow[]>();
  for (const row of rows) {
    const list = byAccount.get(row.investmentAccountId) ?? [];
    list.push(row);
    byAccount.set(row.investmentAccountId, list);
  }
  const accountIds = [...byAccount.keys()];
  const latest = await selectLastFinalisedRows(trx, accountIds);
  const latestOf = new Map(latest.map((r) => [Number(r.accountId), r]));
  for (const [accountId, list] of byAccount) {
    list.sort((x, y) => (isAfter(x, y) ? 1 : isAfter(y, x) ? -1 : 0));
    const last = latestOf.get(accountId);
    const first = list[0]!;
    if (
      last?.id != null &&
      last.finalisedDate &&
      !isAfter(first, { finalisedDate: last.finalisedDate, id: Number(last.id) })
    ) {
      refresh.push(first);
      continue;
    }
    let balance: Cents = last?.runningBalance == null ? 0n : centsFromString(last.runningBalance);
    for (const row of list) {
      balance += row.countsCents;
      running.set(row.id, balance);
    }
  }
  return { running, refresh };
}

async function refreshFrom(trx: Tx, starts: readonly ClosedRow[]): Promise<void> {
  for (const start of starts) await refreshRunningBalances(trx, start.investmentAccountId, start);
}

/**
 * Moves pending rows of entries to a final status (PAID or CANCELLED, finalisedDate now) with
 * their running balances.
 */
async function closePendingRows(trx: Tx, entryIds: readonly number[], status: 'PAID' | 'CANCELLED', now: Date) {
  const pending = await selectPendingRowsOfEntries(trx, entryIds);
  if (pending.length === 0) return;
  const { running, refresh } = await runningBalancesFor(
    trx,
    pending.map((r) => ({
      id: r.id,
      investmentAccountId: r.investmentAccountId,
      finalisedDate: now,
      countsCents: status === 'CANCELLED' ? 0n : centsFromString(r.amount),
    })),
  );
  await updateClosedRows(
    trx,
    pending.map((r) => ({ id: r.id, runningBalanceCents: running.get(r.id) ?? null })),
    status,
    now,
  );
  await refreshFrom(trx, refresh);
}

/** An amount the row may leave out: undefined for none or zero (the function reads it as 0). */
const optionalCents = (value: Cents | undefined) =>
  value === undefined || value === 0n ? undefined : centsToString(value);

/**
 * An account row as ledger_post_money and ledger_post_money_many read it (migrations 0170, 0200):
 * a field left out (undefined is not written to JSON) is read as null, an amount as 0 and the date
 * as the movement's, so a batch of thousands of rows carries only what each row has. `movement`
 * (ledger_post_money_many) is the number of the row's movement in the batch.
 */
function accountRowJson(r: AccountRowInput, movement?: number): Record<string, unknown> {
  return {
    movement,
    investment_account_id: r.investmentAccountId,
    type: r.type,
    amount: centsToString(r.amountCents),
    principal: optionalCents(r.principalCents),
    interest: optionalCents(r.interestCents),
    fees: optionalCents(r.feesCents),
    tax_withheld: optionalCents(r.taxWithheldCents),
    comment: r.comment ?? undefined,
    investor_comment: r.investorComment ?? undefined,
    loan_id: r.loanId ?? undefined,
    loan_transaction_id: r.loanTransactionId ?? undefined,
    investment_id: r.investmentId ?? undefined,
    withdrawal_request_id: r.withdrawalRequestId ?? undefined,
    counterpart_account_id: r.counterpartAccountId ?? undefined,
    effective_date: r.effectiveDate?.toISOString(),
  };
}

/**
 * Writes a movement: one balanced ledger entry and its account rows, with its audit record when
 * given, in ONE statement (migration 0170, ledger_post_money): it locks the entry's non-system
 * ledger accounts in ascending id order, refuses under those locks a movement that would take an
 * investor's available balance below zero (the error of the constraint
 * ledger_accounts_available_not_negative: see isAvailableBalanceRefusal), writes the entry, its
 * postings, the rows with their running balances and the audit record. A single statement is
 * atomic, so `db` may be the database itself as well as a transaction. Returns the entry and row
 * ids (in input order). The rules (amounts, dates, who may) are the caller's, checked before.
 */
export async function postMoney(
  db: Executor,
  movement: MoneyMovement,
  now: Date,
  audit?: MovementAudit,
): Promise<{ entryId: number; transactionIds: number[] }> {
  if (movement.accountRows.length > accountRowsPerMovementMax) {
    throw new LedgerInvariantError('too many account rows in one movement');
  }
  for (const row of movement.accountRows) {
    if (row.amountCents === 0n) throw new LedgerInvariantError(`an account row of zero (${row.type})`);
  }
  assertBalanced([...movement.accountRows, ...(movement.otherPostings ?? []), ...(movement.systemPostings ?? [])]);
  const first = movement.accountRows[0];
  try {
    return await callPostMoney(db, {
      kind: movement.kind,
      description: movement.description ?? '',
      pending: movement.pending === true,
      created_by: movement.createdBy ?? null,
      now: now.toISOString(),
      effective_date: (first?.effectiveDate ?? now).toISOString(),
      rows: movement.accountRows.map((r) => accountRowJson(r)),
      other_postings: [
        ...(movement.otherPostings ?? []).map((p) => ({
          ledger_account_id: p.ledgerAccountId,
          amount: centsToString(p.amountCents),
        })),
        ...(movement.systemPostings ?? []).map((p) => ({ system_kind: p.kind, amount: centsToString(p.amountCents) })),
      ],
      audit: audit
        ? {
            ...audit.context.recordOf({
              objectType: audit.objectType,
              objectId: audit.objectId ?? null,
              after: audit.after,
            }),
            with_entry_id: audit.withEntryId !== false,
            with_transaction_ids: audit.withTransactionIds === true,
          }
        : null,
    });
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'LMN01') throw new NoInvestmentAccountError(message ?? 'no investment account');
    if (code === 'LMI01') throw new LedgerInvariantError(message ?? 'a posting without a ledger account');
    throw error;
  }
}

/**
 * Writes movements, each one balanced ledger entry with its account rows, in ONE statement
 * whatever their number (migration 0200, ledger_post_money_many): it locks the movements'
 * non-system ledger accounts in ascending id order, writes the entries, their postings and the
 * account rows with running balances computed in the insert from each account's last row (an
 * account with a back-dated row is recomputed from it). Returns the entry and row ids of each
 * movement, in input order. The rules are the caller's, checked before; the available balance is
 * guarded by the constraint ledger_accounts_available_not_negative. `locked`, what lockForMovement
 * locked in this same transaction, is not locked again (migration 0205): a thousand row locks
 * fewer when fractionalising one repayment across 1,000 investments.
 */
export async function postMoneyMany(
  trx: Tx,
  movements: readonly MoneyMovement[],
  now: Date,
  locked?: LockedLedgerAccounts,
): Promise<{ entryId: number; transactionIds: number[] }[]> {
  if (movements.length === 0) return [];
  if (locked && locked.transaction !== trx) {
    throw new LedgerInvariantError('the accounts were locked by another transaction');
  }
  const rows: Record<string, unknown>[] = [];
  const others: Record<string, unknown>[] = [];
  const entries = movements.map((movement, index) => {
    if (movement.accountRows.length > accountRowsPerMovementMax) {
      throw new LedgerInvariantError('too many account rows in one movement');
    }
    if (movement.systemPostings?.length) throw new LedgerInvariantError('postMoneyMany takes no system postings');
    const postings: { amountCents: Cents }[] = [...movement.accountRows, ...(movement.otherPostings ?? [])];
    assertBalanced(postings);
    const number = index + 1;
    for (const r of movement.accountRows) {
      if (r.amountCents === 0n) throw new LedgerInvariantError(`an account row of zero (${r.type})`);
      // undefined fields are left out of the JSON; the function reads them as null (amounts: 0)
      rows.push(accountRowJson(r, number));
    }
    for (const p of movement.otherPostings ?? []) {
      others.push({ movement: number, ledger_account_id: p.ledgerAccountId, amount: centsToString(p.amountCents) });
    }
    const first = movement.accountRows[0];
    return {
      kind: movement.kind,
      description: movement.description ?? '',
      pending: movement.pending === true,
      created_by: movement.createdBy ?? null,
      effective_date: first?.effectiveDate?.toISOString(),
    };
  });
  let written: { entryIds: number[]; transactionIds: number[] };
  try {
    written = await callPostMoneyMany(trx, {
      now: now.toISOString(),
      movements: entries,
      rows,
      other_postings: others,
      locked: locked?.ledgerAccountIds ?? [],
    });
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'LMN01') throw new NoInvestmentAccountError(message ?? 'no investment account');
    if (code === 'LMI01') throw new LedgerInvariantError(message ?? 'a posting without a ledger account');
    throw error;
  }
  if (written.entryIds.length !== movements.length || written.transactionIds.length !== rows.length) {
    throw new LedgerInvariantError('the movements were not all written');
  }
  let next = 0;
  return movements.map((movement, index) => {
    const transactionIds = written.transactionIds.slice(next, next + movement.accountRows.length);
    next += movement.accountRows.length;
    return { entryId: written.entryIds[index]!, transactionIds };
  });
}

/** Finalises a pending entry and stamps finalisedDate (now), status PAID and runningBalance on its rows. */
export async function finaliseMoney(trx: Tx, entryId: number, now: Date): Promise<void> {
  await finaliseMoneyMany(trx, [entryId], now);
}

/** Finalises pending entries (a loan's thousand investments at deploy) in a few statements. */
export async function finaliseMoneyMany(trx: Tx, entryIds: readonly number[], now: Date): Promise<void> {
  if (entryIds.length === 0) return;
  await finaliseEntries(trx, entryIds, now);
  await closePendingRows(trx, entryIds, 'PAID', now);
}

/** Cancels a pending entry: its reservation is released and its rows become CANCELLED (finalisedDate = now, counting zero). */
export async function voidMoney(trx: Tx, entryId: number, now: Date): Promise<void> {
  await voidEntry(trx, entryId, now);
  await closePendingRows(trx, [entryId], 'CANCELLED', now);
}

export interface ReversalOptions {
  createdBy?: number | null;
  description?: string;
  comment?: string | null;
  investorComment?: string | null;
}

/**
 * Reverses a finalised entry: a new finalised entry with the opposite postings that names the
 * original (ledger_entries.reverses_entry_id), and for each of its account rows a *_REVERSAL row
 * with the opposite amount whose reversesTransactionId names the original row; the original rows
 * get reversalTransactionId. An entry is reversed at most once; a reversal is never reversed.
 */
export async function reverseMoney(
  trx: Tx,
  entryId: number,
  options: ReversalOptions,
  now: Date,
): Promise<{ entryId: number; transactionIds: number[] }> {
  const entry = await selectEntry(trx, entryId);
  if (!entry?.finalisedAt) throw new LedgerInvariantError(`ledger entry ${entryId} is not finalised`);
  if (entry.reversesEntryId !== null) throw new LedgerInvariantError(`ledger entry ${entryId} is itself a reversal`);
  const originals = await selectRowsOfEntry(trx, entryId);
  for (const row of originals) {
    if (isReversalType(row.type as TransactionType)) {
      throw new LedgerInvariantError(`transaction ${row.id} is a reversal`);
    }
  }
  const reversalEntryId = await reverseEntry(
    trx,
    entryId,
    {
      kind: entry.kind.endsWith('_REVERSAL') ? entry.kind : `${entry.kind}_REVERSAL`,
      description: options.description ?? `Reversal of entry ${entryId}`,
      createdBy: options.createdBy ?? null,
    },
    now,
  );
  if (originals.length === 0) return { entryId: reversalEntryId, transactionIds: [] };
  const ids = await nextTransactionIds(trx, originals.length);
  const values = originals.map((row, index) => {
    const amount = -centsFromString(row.amount);
    return {
      id: ids[index]!,
      investmentAccountId: row.investmentAccountId,
      type: reversalTypeOf(row.type as BaseTransactionType),
      status: 'PAID',
      comment: options.comment ?? row.comment,
      investorComment: options.investorComment ?? row.investorComment,
      amount: centsToString(amount),
      grossAmount: row.grossAmount,
      // the breakdown keeps the original's magnitudes; the type and the signed amount say it goes back
      principalAmount: row.principalAmount,
      interestAmount: row.interestAmount,
      feesAmount: row.feesAmount,
      taxWithheldAmount: row.taxWithheldAmount,
      finalisedDate: now,
      createdDate: now,
      effectiveDate: now,
      reversesTransactionId: row.id,
      ledgerEntryId: reversalEntryId,
      loanId: row.loanId,
      loanTransactionId: row.loanTransactionId,
      investmentId: row.investmentId,
      withdrawalRequestId: row.withdrawalRequestId,
      counterpartAccountId: row.counterpartAccountId,
      createdBy: options.createdBy ?? null,
    };
  });
  const { running, refresh } = await runningBalancesFor(
    trx,
    values.map((v) => ({
      investmentAccountId: v.investmentAccountId,
      finalisedDate: now,
      id: v.id,
      countsCents: centsFromString(v.amount),
    })),
  );
  await insertAccountTransactions(
    trx,
    values.map((v) => {
      const balance = running.get(v.id);
      return { ...v, runningBalance: balance === undefined ? null : centsToString(balance) };
    }),
  );
  await setReversalTransactionIds(
    trx,
    values.map((v) => ({ id: v.reversesTransactionId, reversalId: v.id })),
  );
  await refreshFrom(trx, refresh);
  return { entryId: reversalEntryId, transactionIds: ids };
}

/** An entry's postings, each with the investment account its ledger account belongs to (null for the others). */
export async function postingsOfEntry(
  trx: Executor,
  entryId: number,
): Promise<{ ledgerAccountId: number; amountCents: Cents; investmentAccountId: number | null }[]> {
  const rows = await selectPostingsWithAccounts(trx, entryId);
  return rows.map((r) => ({
    ledgerAccountId: r.ledgerAccountId,
    amountCents: centsFromString(r.amount),
    investmentAccountId: r.investmentAccountId,
  }));
}
