import type { ApiClient } from './api-client';

/** One measured number of a section. */
export interface Figure {
  name: string;
  value: number | string;
  unit: string;
}

export interface SectionResult {
  id: string;
  title: string;
  status: 'measured' | 'skipped' | 'failed';
  /** Why a section was skipped or failed. */
  reason?: string;
  figures: Figure[];
  /** What exactly was run (queries, parameters, counts), for the JSON record. */
  details?: Record<string, unknown>;
}

export interface Target {
  kind: 'pglite' | 'postgres';
  dataDir?: string;
  databaseUrl?: string;
}

/** Facts read straight from the database before the server starts (the embedded one allows one process). */
export interface Prepared {
  book: {
    loans: number;
    loansFunding: number;
    loansActive: number;
    investmentAccounts: number;
    investments: number;
    accountTransactions: number;
  };
  /** Investor accounts without a mandate that can afford the bench's deposits, transfers and investments. */
  accounts: number[];
  /** Loans in Funding with room left: id, marketplace rate, remaining cents. */
  fundingLoans: Array<{ id: number; rate: number; remainingCents: bigint }>;
  /** The next unpaid repayments of active loans, one receipt each. */
  receipts: Array<{ loanId: number; thirdPartyLoanId: string | null; dueDate: string; owed: string }>;
  /** The list-query benchmark's direct half. */
  listQuery?: {
    query: Record<string, string>;
    directMs: number[];
    count: number;
    pageIds: number[];
    engineSql: string;
    directSql: string;
  };
}

export interface BenchContext {
  quick: boolean;
  target: Target;
  /** Sydney date of "today" for the server (CLOCK_NOW honoured). */
  today: string;
  prepared: Prepared;
  api: ApiClient;
  adminToken(): Promise<string>;
  log(message: string): void;
  /** Shared between sections: the loan the one-loan investing section filled with 1,000 investments. */
  state: { bigLoan?: { id: number; amount: number; investments: number } };
}

export function skipped(id: string, title: string, reason: string): SectionResult {
  return { id, title, status: 'skipped', reason, figures: [] };
}

export const endpointMissing = 'skipped: endpoint not available';
