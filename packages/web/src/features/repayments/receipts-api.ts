import { repaymentMessages, type StagedReceipt } from '@lm/domain';
import { api } from '../../shared/api/api-client';

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
  const response = await api.post<StagedReceipt[]>('/api/repayments/receipts/processFile', body, {
    query: { provider: receiptProvider },
  });
  if (!Array.isArray(response.data) || response.data.length === 0) throw new Error(repaymentMessages.repaymentsEmpty);
  return { rows: response.data, ...(response.userMessage ? { userMessage: response.userMessage } : {}) };
}

export interface PublishedReceipt {
  receiptId: string;
  loanId: number;
  loanTransactionId: number;
  repaymentId: number | null;
  principalAmount: number;
  interestAmount: number;
  excessAmount: number;
  alreadyPublished: boolean;
}

export interface PublishResult {
  receipts: PublishedReceipt[];
  publishedCount: number;
  alreadyPublishedCount: number;
}

/** POST api/repayments/receipts/batch: the selected receipts, with the provider name (§9). */
export function publishReceipts(rows: readonly StagedReceipt[], headers: Record<string, string>) {
  const repayments = rows.map((row) => ({
    thirdPartyLoanId: row.thirdPartyLoanId,
    loanId: row.loanId,
    thirdPartyId: row.thirdPartyId,
    dueDate: row.dueDate,
    netAmount: row.netAmount,
    grossAmount: row.grossAmount,
    batchNumber: row.batchNumber,
  }));
  return api.post<PublishResult>(
    '/api/repayments/receipts/batch',
    { provider: receiptProvider, repayments },
    { headers },
  );
}
