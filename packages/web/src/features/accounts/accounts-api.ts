import type { InvestmentAccountType } from '@lm/domain';
import { api } from '../../shared/api/api-client';
import { pageSizeMax } from '../../shared/list/list-types';

/** One of the signed-in investor's accounts (GET api/user/investmentAccounts, investor-and-admin §3). */
export interface OwnAccount {
  id: number;
  name: string;
  type: InvestmentAccountType;
  availableBalance: number;
  currentBalance: number;
  bpayBillerCode: string | null;
  bpayReferenceNumber: string | null;
  isForeign: boolean;
  creationDate: string;
  mandateRate: number | null;
  investmentGroupId: number | null;
}

/** The query key of the investor's own accounts: invalidate it after money moves (withdraw, verify). */
export const ownAccountsKey = ['user', 'investmentAccounts'] as const;

/** The investor's accounts, id ascending (investor-and-admin §9); at most one page of pageSizeMax. */
export const ownAccountsQuery = {
  queryKey: ownAccountsKey,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (
      await api.get<OwnAccount[]>('/api/user/investmentAccounts', {
        query: { $orderby: 'id asc', $top: pageSizeMax },
        ...(signal ? { signal } : {}),
      })
    ).data,
};

/**
 * The portfolio summaries (GET api/accounts/portfolio: the dashboard tiles and account headers)
 * start with this key; a withdrawal refreshes them (investor-and-admin §2 Withdraw Funds).
 */
export const portfolioSummaryKey = ['accounts', 'portfolio'] as const;
