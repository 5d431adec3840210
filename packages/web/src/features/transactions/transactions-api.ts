import { accountMessages, malformedDataMessage, type TransactionListRow, type TransactionUpdateBody } from '@lm/domain';
import { deleteTransactionRoute, transactionRoute, updateTransactionRoute } from '@lm/domain/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../shared/api/call-route';
import { historyKey } from '../../shared/history/history-api';
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
      refreshAfterChange(queryClient, id);
      options.onSuccess();
    },
  });
}

/** After a change of a transaction: the row, the lists, the accounts it touched and every history. */
function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>, id: number) {
  void queryClient.invalidateQueries({ queryKey: listKey(transactionsList) });
  void queryClient.invalidateQueries({ queryKey: transactionKey(id) });
  void queryClient.invalidateQueries({ queryKey: ['transaction'] });
  void queryClient.invalidateQueries({ queryKey: ['investmentAccount'] });
  void queryClient.invalidateQueries({ queryKey: ['investmentAccounts'] });
  void queryClient.invalidateQueries({ queryKey: historyKey() });
}

/**
 * DELETE api/transaction/{id} under an Idempotency-Key: a pending withdrawal is cancelled, a
 * finalised row reversed by a new entry; the row is shown again, refreshed.
 */
export function useDeleteTransaction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      callRoute(deleteTransactionRoute, { params: { transactionId: String(id) }, headers: idempotencyHeaders(key) }),
    meta: { successMessage: accountMessages.changesProcessed },
    onSuccess: () => refreshAfterChange(queryClient, id),
  });
}
