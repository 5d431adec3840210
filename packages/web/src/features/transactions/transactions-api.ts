import {
  malformedDataMessage,
  type TransactionListRow,
  type TransactionUpdateBody,
  transactionRoute,
  updateTransactionRoute,
} from '@lm/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../shared/api/call-route';
import { listKey } from '../../shared/list/use-list';
import { idempotencyHeaders } from './idempotency-key';
import { transactionKey, transactionsList } from './transactions-list';

/** Every API call of the staff transaction screens (investor-and-admin §2 "Transactions", §7). */

/** GET api/transactions/{id}: exactly one transaction, or the malformed-data message (investor-and-admin §5). */
export function useTransactionQuery(id: string) {
  return useQuery({
    queryKey: transactionKey(id),
    queryFn: async ({ signal }): Promise<TransactionListRow> => {
      const row = (await callRoute(transactionRoute, { params: { id }, signal })).data;
      if (!row || typeof row !== 'object' || Array.isArray(row) || String(row.id) !== id) {
        throw new Error(malformedDataMessage('Transaction'));
      }
      return row;
    },
    enabled: /^\d{1,15}$/.test(id),
    meta: { silent: true },
  });
}

/**
 * PUT api/transactions/{id} with the changed fields under an Idempotency-Key (status PAID moves
 * money); refreshes the transaction, the lists and the accounts it touched.
 */
export function useUpdateTransaction(id: number, options: { successMessage: string; onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TransactionUpdateBody; key: string }) =>
      callRoute(updateTransactionRoute, { params: { id: String(id) }, body, headers: idempotencyHeaders(key) }),
    meta: { successMessage: options.successMessage },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey(transactionsList) });
      void queryClient.invalidateQueries({ queryKey: transactionKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['investmentAccount'] });
      void queryClient.invalidateQueries({ queryKey: ['investmentAccounts'] });
      options.onSuccess();
    },
  });
}
