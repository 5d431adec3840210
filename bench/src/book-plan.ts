/**
 * The size of a generated book (DESIGN §8). Scale 5 is the realistic large book: 100,000 loans,
 * 20,000 investment accounts, about 1,000,000 investments and 5,000,000 account transactions.
 * Scale 1 is a fifth of it; fractional scales make small books for tests.
 */
export interface BookSize {
  scale: number;
  /** Investor investment accounts (one investor, user and bank account each). */
  accounts: number;
  loans: number;
  clients: number;
  investmentGroups: number;
  /** Every generated account lodges one withdrawal that was verified and paid. */
  withdrawals: number;
  /** Transfers between pairs of generated accounts (two account transactions each). */
  transfers: number;
  /** Account transactions the book aims at; deposits fill whatever loans and repayments leave. */
  accountTransactionsTarget: number;
}

export const scaleMin = 0.005;
export const scaleMax = 20;

const perScale = {
  accounts: 4_000,
  loans: 20_000,
  accountTransactions: 1_000_000,
};

export function bookSize(scale: number): BookSize {
  if (!Number.isFinite(scale) || scale < scaleMin || scale > scaleMax) {
    throw new RangeError(`--scale must be a number from ${scaleMin} to ${scaleMax} (got ${scale})`);
  }
  const accounts = Math.round(perScale.accounts * scale);
  const loans = Math.round(perScale.loans * scale);
  return {
    scale,
    accounts,
    loans,
    clients: Math.max(1, Math.round(loans * 0.6)),
    investmentGroups: Math.max(1, Math.round(accounts / 40)),
    withdrawals: accounts,
    transfers: Math.floor(accounts / 2),
    accountTransactionsTarget: Math.round(perScale.accountTransactions * scale),
  };
}
