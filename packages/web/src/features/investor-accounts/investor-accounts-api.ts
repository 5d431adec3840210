import { type AccountListRow, malformedDataMessage } from '@lm/domain';
import {
  accountBankAccountsRoute,
  accountListRoute,
  accountStatisticsRoute,
  depositFundsRoute,
  transferFundsRoute,
} from '@lm/domain/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { callRoute } from '../../shared/api/call-route';
import { odataString } from '../../shared/filter/filter-fields';
import { listKey } from '../../shared/list/use-list';
import { idempotencyHeaders } from '../transactions';
import { investmentAccountKey, investmentAccountsStatisticsKey, investorAccountsList } from './investor-accounts-list';
import type { DepositFormOutput, TransferFormOutput } from './money-forms';
import { accountTransactionsStaffList } from './related-lists';

/** Every API call of the staff accounts screens (investor-and-admin §2 "Investment accounts", §7). */

const validId = (id: string) => /^\d{1,15}$/.test(id);

/** One account by id through the list endpoint: exactly one row, or the malformed-data message. */
export function useInvestmentAccountQuery(id: string) {
  return useQuery({
    queryKey: investmentAccountKey(id),
    queryFn: async ({ signal }): Promise<AccountListRow> => {
      const response = await callRoute(accountListRoute, {
        query: { $filter: `id eq ${id}`, $expand: 'investmentGroup', $top: '2' },
        signal,
      });
      if (response.data.length !== 1) throw new Error(malformedDataMessage('Investment account'));
      return response.data[0]!;
    },
    enabled: validId(id),
    meta: { silent: true },
  });
}

/** GET api/investmentAccounts/{id}/bankAccounts */
export function useAccountBankAccountsQuery(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...investmentAccountKey(id), 'bankAccounts'],
    queryFn: async ({ signal }) => (await callRoute(accountBankAccountsRoute, { params: { id }, signal })).data,
    enabled: enabled && validId(id),
  });
}

/** GET api/investmentAccounts/statistics: the totals bar. */
export function useAccountStatisticsQuery() {
  return useQuery({
    queryKey: investmentAccountsStatisticsKey,
    queryFn: async ({ signal }) => (await callRoute(accountStatisticsRoute, { signal })).data,
  });
}

/** Destination choices shown at once while typing. */
export const destinationOptionsMax = 20;

/** The accounts a transfer may go to: any but the source, by name or id. */
export function useTransferDestinationsQuery(sourceId: number, text: string) {
  const search = useDeferredValue(text.trim());
  return useQuery({
    queryKey: ['investmentAccounts', 'destinations', sourceId, search],
    queryFn: async ({ signal }) => {
      const conditions = [`id ne ${sourceId}`];
      if (/^\d{1,9}$/.test(search)) conditions.push(`(id eq ${search} or contains(name,${odataString(search)}))`);
      else if (search) conditions.push(`contains(name,${odataString(search)})`);
      const response = await callRoute(accountListRoute, {
        query: {
          $filter: conditions.join(' and '),
          $select: 'id,name',
          $orderby: 'id asc',
          $top: String(destinationOptionsMax),
        },
        signal,
      });
      return response.data.map((row) => ({ id: row.id, name: row.name }));
    },
    placeholderData: keepPreviousData,
  });
}

/** After money moved: the account, the totals, every account list and every transactions table. */
function useRefreshAccounts() {
  const queryClient = useQueryClient();
  return (accountId: number) => {
    void queryClient.invalidateQueries({ queryKey: investmentAccountKey(accountId) });
    void queryClient.invalidateQueries({ queryKey: investmentAccountsStatisticsKey });
    void queryClient.invalidateQueries({ queryKey: listKey(investorAccountsList) });
    void queryClient.invalidateQueries({ queryKey: listKey(accountTransactionsStaffList) });
    void queryClient.invalidateQueries({ queryKey: ['investmentAccount'] });
  };
}

/** POST api/investmentAccounts/{id}/deposit under an Idempotency-Key (one key per confirmed deposit). */
export function useDepositFunds(accountId: number, options: { successMessage: string; onSuccess: () => void }) {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ body, key }: { body: DepositFormOutput; key: string }) =>
      callRoute(depositFundsRoute, {
        params: { id: String(accountId) },
        body: { ...body, investmentAccountId: accountId },
        headers: idempotencyHeaders(key),
      }),
    meta: { successMessage: options.successMessage },
    onSuccess: () => {
      refresh(accountId);
      options.onSuccess();
    },
  });
}

/** The request body: the from-account comment follows the to-account comment unless told otherwise. */
export function transferRequest(values: TransferFormOutput) {
  const { sameComment, ...body } = values;
  return { ...body, fromAccountComment: sameComment ? body.toAccountComment : body.fromAccountComment };
}

/** POST api/investmentAccounts/{id}/transfer under an Idempotency-Key. */
export function useTransferFunds(accountId: number, options: { successMessage: string; onSuccess: () => void }) {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferFormOutput; key: string }) =>
      callRoute(transferFundsRoute, {
        params: { id: String(accountId) },
        body: transferRequest(body),
        headers: idempotencyHeaders(key),
      }),
    meta: { successMessage: options.successMessage },
    onSuccess: () => {
      refresh(accountId);
      options.onSuccess();
    },
  });
}
