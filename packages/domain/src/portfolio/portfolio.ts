import { closedLoanStatuses, fundingPhaseStatuses, type LoanStatus } from '../loans/index';

/**
 * The investor's portfolio (investor-and-admin §2 Portfolio): each account's investments sorted
 * into the tabs Deployed, In Arrears, Pending and Closed by their loan's status (spec core §4). A
 * sold investment is closed for its seller whatever its loan does next.
 */
export const portfolioTabIds = ['deployed', 'arrears', 'pending', 'closed'] as const;
export type PortfolioTabId = (typeof portfolioTabIds)[number];

export interface PortfolioTab {
  id: PortfolioTabId;
  label: string;
  /** The loan statuses whose (unsold) investments the tab lists. */
  loanStatuses: readonly LoanStatus[];
  /** Whether sold investments are listed here too. */
  includesSold: boolean;
}

export const portfolioTabs: readonly PortfolioTab[] = [
  { id: 'deployed', label: 'Deployed', loanStatuses: ['DEPLOYED', 'ACTIVE'], includesSold: false },
  { id: 'arrears', label: 'In Arrears', loanStatuses: ['ACTIVE_IN_ARREARS'], includesSold: false },
  { id: 'pending', label: 'Pending', loanStatuses: ['SETUP', ...fundingPhaseStatuses], includesSold: false },
  { id: 'closed', label: 'Closed', loanStatuses: [...closedLoanStatuses, 'WRITTEN_OFF'], includesSold: true },
];

export function isPortfolioTabId(value: unknown): value is PortfolioTabId {
  return typeof value === 'string' && (portfolioTabIds as readonly string[]).includes(value);
}

/** The tab an investment belongs in (null for a loan that was deleted: it is in none). */
export function portfolioTabOf(investment: { loanStatus: string; saleDate: string | null }): PortfolioTabId | null {
  if (investment.saleDate) return 'closed';
  const tab = portfolioTabs.find((t) => (t.loanStatuses as readonly string[]).includes(investment.loanStatus));
  return tab?.id ?? null;
}

/** The dashboard's 'Investments in Arrears' link opens /portfolio with this tab (spec core §2.4). */
export const portfolioArrearsTab: PortfolioTabId = 'arrears';
