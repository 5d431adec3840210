import type { Executor } from '../platform/db/database';
import { selectInvariantViolations, selectLedgerCounts } from './ledger-check.repository';

/**
 * Verifies every invariant of the ledger (DESIGN §3) on a whole database, from the raw postings:
 *
 * - every entry has at least two postings and sums to zero, so the whole ledger sums to zero;
 * - every cached balance (current, pending debits, pending credits) equals its postings;
 * - no investment account's available balance (current minus pending debits) is negative;
 * - a loan's funded amount never exceeds its amount;
 * - a reversal names a finalised entry and has exactly its opposite postings;
 * - the investor-visible rows are the per-account view of the entries: each account's paid rows
 *   sum to its current balance, its pending rows to its pending postings, each row's status
 *   matches its entry (PAID finalised, PENDING pending, CANCELLED voided; a row of amount 0 that
 *   moves no cash, such as a write-off's share of a loss, may stand without one), each running balance
 *   equals the sum of the account's rows up to it in finalised order, and each withdrawal
 *   request's status matches its row.
 *
 * Read-only; each invariant reports at most `examplesPerInvariantMax` offending rows.
 */

export interface LedgerProblem {
  invariant: string;
  detail: string;
}

export interface LedgerCheckResult {
  problems: LedgerProblem[];
  counts: { entries: number; postings: number; ledgerAccounts: number; accountTransactions: number };
}

export { examplesPerInvariantMax, invariantNames } from './ledger-check.repository';

export async function checkLedger(db: Executor): Promise<LedgerCheckResult> {
  const problems = await selectInvariantViolations(db);
  return { problems, counts: await selectLedgerCounts(db) };
}
