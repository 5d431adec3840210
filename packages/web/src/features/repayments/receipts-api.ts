import { type publishReceiptRowSchema, repaymentMessages, type StagedReceipt } from '@lm/domain';
import { receiptsProcessFileRoute, receiptsPublishRoute } from '@lm/domain/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../shared/api/call-route';
import { confirmationHeaders } from '../../shared/api/idempotency-key';
import { excessRepaymentsKey } from './excess-api';

/**
 * The receipts calls of the Upload Repayments wizard (investor-and-admin §7 "Transactions and
 * repayments"; docs/api.md "Repayments and portfolio"). The provider is fixed to insyston (§9).
 */

/** Upload limit: a receipts file of more than this is refused before it is sent. */
export const receiptFileBytesMax = 10 * 1024 * 1024;
export const receiptFileTypes = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const receiptProvider = 'insyston';

/** POST api/repayments/receipts/processFile?provider=insyston: the staged receipts (at least one). */
export async function processReceiptFile(file: File): Promise<{ rows: StagedReceipt[]; userMessage?: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await callRoute(receiptsProcessFileRoute, { query: { provider: receiptProvider }, body });
  if (response.data.length === 0) throw new Error(repaymentMessages.repaymentsEmpty);
  return { rows: response.data, ...(response.userMessage ? { userMessage: response.userMessage } : {}) };
}

/** The body row of a staged receipt: what publishing needs of it. */
function publishRow(row: StagedReceipt): z.input<typeof publishReceiptRowSchema> {
  return {
    thirdPartyLoanId: row.thirdPartyLoanId,
    loanId: row.loanId,
    thirdPartyId: row.thirdPartyId,
    dueDate: row.dueDate,
    netAmount: row.netAmount,
    grossAmount: row.grossAmount,
    batchNumber: row.batchNumber,
  };
}

/**
 * POST api/repayments/receipts/batch with the selected receipts under the publish's Idempotency-Key
 * (the same key when the same rows are published again after a failure); the excess screen's rows
 * change with it.
 */
export function usePublishReceipts(callbacks: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rows, key }: { rows: readonly StagedReceipt[]; key: string }) =>
      (await callRoute(receiptsPublishRoute, { body: rows.map(publishRow), ...confirmationHeaders(key) })).data,
    meta: { successMessage: repaymentMessages.submitted },
    onSuccess: () => {
      callbacks.onSuccess?.();
      void queryClient.invalidateQueries({ queryKey: excessRepaymentsKey });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
