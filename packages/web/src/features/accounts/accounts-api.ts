import { type OwnAccountRow, ownAccountListRoute } from '@lm/domain';
import { callRoute } from '../../shared/api/call-route';
import { pageSizeMax } from '../../shared/list/list-types';

/** One of the signed-in investor's accounts (GET api/user/investmentAccounts, investor-and-admin §3). */
export type OwnAccount = OwnAccountRow;

/** The query key of the investor's own accounts: invalidate it after money moves (withdraw, verify). */
export const ownAccountsKey = ['user', 'investmentAccounts'] as const;

/** The investor's accounts, id ascending (investor-and-admin §9); at most one page of pageSizeMax. */
export const ownAccountsQuery = {
  queryKey: ownAccountsKey,
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<OwnAccount[]> =>
    (
      await callRoute(ownAccountListRoute, {
        query: { $orderby: 'id asc', $top: String(pageSizeMax) },
        ...(signal ? { signal } : {}),
      })
    ).data,
};

/**
 * The portfolio summaries (GET api/accounts/portfolio: the dashboard tiles and account headers)
 * start with this key; a withdrawal refreshes them (investor-and-admin §2 Withdraw Funds).
 */
export const portfolioSummaryKey = ['accounts', 'portfolio'] as const;
