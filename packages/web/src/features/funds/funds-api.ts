import {
  ownBankAccountsRoute,
  type VerifyWithdrawalBody,
  verifyWithdrawalRoute,
  type WithdrawBody,
  withdrawFundsRoute,
} from '@lm/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../shared/api/call-route';
import { ownAccountsKey, portfolioSummaryKey } from '../accounts';
import { idempotencyHeaders } from '../transactions';

/** Every API call of the Profile's money tabs (investor-and-admin §2 "Withdraw Funds", §7). */

const bankAccountsKey = (accountId: number | null) =>
  ['user', 'investmentAccounts', accountId, 'bankAccounts'] as const;

/** GET api/user/investmentAccounts/{accountId}/bankAccounts; an empty account id skips the fetch (§5). */
export function useOwnBankAccountsQuery(accountId: number | null) {
  return useQuery({
    queryKey: bankAccountsKey(accountId),
    queryFn: async ({ signal }) =>
      (await callRoute(ownBankAccountsRoute, { params: { accountId: String(accountId) }, signal })).data,
    enabled: accountId !== null,
  });
}

/** The balances a withdrawal changes: the investor's accounts and the portfolio summaries. */
export function useRefreshBalances() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ownAccountsKey });
    void queryClient.invalidateQueries({ queryKey: portfolioSummaryKey });
  };
}

/** POST api/user/investmentAccounts/{accountId}/withdraw under an Idempotency-Key; refreshes the balances. */
export function useLodgeWithdrawal(options: {
  successMessage: string;
  onLodged: (lodged: { accountId: number; requestId: number }) => void;
}) {
  const refreshBalances = useRefreshBalances();
  return useMutation({
    mutationFn: ({ body, accountId, key }: { body: WithdrawBody; accountId: number; key: string }) =>
      callRoute(withdrawFundsRoute, {
        params: { accountId: String(accountId) },
        body,
        headers: idempotencyHeaders(key),
      }),
    meta: { successMessage: options.successMessage },
    onSuccess: (response, variables) => {
      refreshBalances();
      options.onLodged({ accountId: variables.accountId, requestId: response.data.withdrawalRequestId });
    },
  });
}

/**
 * POST api/user/investmentAccounts/{accountId}/withdrawalRequests/{requestId}/verify. Called
 * directly (not through the mutation cache): its toast stays 10 s, not the usual 5.
 */
export function verifyWithdrawal(request: { accountId: number; requestId: number }, body: VerifyWithdrawalBody) {
  return callRoute(verifyWithdrawalRoute, {
    params: { accountId: String(request.accountId), requestId: String(request.requestId) },
    body,
  });
}
