import type { OwnAccountRow } from '@lm/domain';
import { api } from '../../shared/api/api-client';
import { pageSizeMax } from '../../shared/list/list-types';

/*
 * Without the domain's contracts (zod) at run time, as the lists' request modules: the investor's
 * screens ask for the accounts as the app starts (app/route-preload.ts imports this module), and
 * they are read as the lists are, by path (list-requests.test.ts checks it against the contract's).
 */

/** One of the signed-in investor's accounts (GET api/user/investmentAccounts, investor-and-admin §3). */
export type OwnAccount = OwnAccountRow;

/** The path of the domain's ownAccountListRoute. */
export const ownAccountsPath = '/api/user/investmentAccounts';

/** The query key of the investor's own accounts: invalidate it after money moves (withdraw, verify). */
export const ownAccountsKey = ['user', 'investmentAccounts'] as const;

/** The investor's accounts, id ascending (investor-and-admin §9); at most one page of pageSizeMax. */
export const ownAccountsQuery = {
  queryKey: ownAccountsKey,
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<OwnAccount[]> =>
    (
      await api.get<OwnAccount[]>(ownAccountsPath, {
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
