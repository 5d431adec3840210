import { type VerifyWithdrawalBody, type WithdrawBody, withdrawalRequestTexts } from '@lm/domain';
import {
  cancelWithdrawalRequestRoute,
  ownBankAccountsRoute,
  ownWithdrawalRequestsRoute,
  resendWithdrawalCodeRoute,
  verifyWithdrawalRoute,
  withdrawFundsRoute,
} from '@lm/domain/routes';
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

const withdrawalRequestsKey = (accountId: number | null) =>
  ['user', 'investmentAccounts', accountId, 'withdrawalRequests'] as const;

/**
 * GET api/user/investmentAccounts/{accountId}/withdrawalRequests: the account's latest requests
 * and where each stands. Refetched every 30 s while shown, so a code that expires is seen to.
 */
export function useOwnWithdrawalRequestsQuery(accountId: number | null) {
  return useQuery({
    queryKey: withdrawalRequestsKey(accountId),
    queryFn: async ({ signal }) =>
      (await callRoute(ownWithdrawalRequestsRoute, { params: { accountId: String(accountId) }, signal })).data,
    enabled: accountId !== null,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** The balances a withdrawal changes: the investor's accounts, the portfolio summaries and the requests. */
export function useRefreshBalances() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ownAccountsKey });
    void queryClient.invalidateQueries({ queryKey: portfolioSummaryKey });
    void queryClient.invalidateQueries({ queryKey: ['user', 'investmentAccounts'], predicate: isRequestsKey });
  };
}

function isRequestsKey(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey[3] === 'withdrawalRequests';
}

type RequestRef = { accountId: number; requestId: number };
const requestParams = (request: RequestRef) => ({
  accountId: String(request.accountId),
  requestId: String(request.requestId),
});

/** POST .../withdrawalRequests/{requestId}/resendCode: a new code is mailed (the server's message is the toast). */
export function useResendWithdrawalCode() {
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (request: RequestRef) =>
      callRoute(resendWithdrawalCodeRoute, { params: requestParams(request), body: {} }),
    meta: { successMessage: withdrawalRequestTexts.codeResent },
    onSettled: refresh,
  });
}

/** POST .../withdrawalRequests/{requestId}/cancel: the request ends and its amount is available again. */
export function useCancelWithdrawalRequest() {
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (request: RequestRef) =>
      callRoute(cancelWithdrawalRequestRoute, { params: requestParams(request), body: {} }),
    meta: { successMessage: withdrawalRequestTexts.cancelledToast },
    onSettled: refresh,
  });
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
