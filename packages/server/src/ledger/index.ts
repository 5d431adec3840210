/**
 * The one money module (DESIGN §3, docs/decisions/006-one-contract.md): every feature moves money
 * only through these functions. Ledger entries and postings (ledger.ts), the investor-visible
 * account rows written with them (post-money.ts), locks, balances and the invariant check.
 */
export {
  type Balance,
  balanceOf,
  createLedgerAccount,
  finaliseEntries,
  finaliseEntry,
  type LedgerAccountKind,
  LedgerInvariantError,
  lockAccounts,
  lockAccountsWithBalances,
  type NewEntry,
  type Posting,
  postEntries,
  postEntry,
  postingsPerEntryMax,
  reserveIds,
  reverseEntry,
  type SystemAccountKind,
  systemAccountId,
  systemAccountKinds,
  voidEntry,
} from './ledger';
export {
  checkLedger,
  examplesPerInvariantMax,
  invariantNames,
  type LedgerCheckResult,
  type LedgerProblem,
} from './ledger-check';
export {
  type AccountBalances,
  type AccountRowInput,
  accountRowsPerMovementMax,
  availableCents,
  balancesOf,
  finaliseMoney,
  finaliseMoneyMany,
  investmentAccountLedgerId,
  isAvailableBalanceRefusal,
  type LockedLedgerAccounts,
  lockForMovement,
  type MoneyMovement,
  type MovementAudit,
  NoInvestmentAccountError,
  postingsOfEntry,
  postMoney,
  postMoneyMany,
  type ReversalOptions,
  refreshRunningBalances,
  reverseMoney,
  voidMoney,
} from './post-money';
