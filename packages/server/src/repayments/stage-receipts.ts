import {
  AppError,
  badRequest,
  centsToNumber,
  moneyStringToNumber,
  receiptProviders,
  repaymentMessages,
  type StagedReceipt,
  stagedReceiptIssues,
} from '@lm/domain';
import type { Executor } from '../platform/db/database';
import { receiptLoanStatuses } from './loan-repayment-status';
import { readReceiptFile } from './receipt-file';
import * as repo from './repayments.repository';

/** A multipart upload as the HTTP layer hands it over (a Fastify request with @fastify/multipart). */
export interface ReceiptUpload {
  isMultipart(): boolean;
  file(): Promise<{ toBuffer(): Promise<Buffer> } | undefined>;
}

/**
 * POST api/repayments/receipts/processFile?provider=insyston: the provider checked, the one file
 * of the upload read and staged (an empty upload is the specification's message).
 */
export async function stageReceiptUpload(
  db: Executor,
  providerName: string | undefined,
  upload: ReceiptUpload,
): Promise<StagedReceipt[]> {
  const provider = (providerName ?? 'insyston').toLowerCase();
  if (!(receiptProviders as readonly string[]).includes(provider)) {
    throw badRequest(`Unknown receipts provider '${provider}'; the provider is ${receiptProviders.join(', ')}.`);
  }
  if (!upload.isMultipart()) throw badRequest('The request is not a file upload (multipart/form-data).');
  const file = await upload.file();
  if (!file) throw new AppError('INVALID_FILE', repaymentMessages.repaymentsEmpty);
  return stageReceiptFile(db, await file.toBuffer());
}

/**
 * Stages the receipts of a file for the upload screen: each is matched to its loan by the loan's
 * third-party id (loanId and loanAmount filled in). A receipt whose loan is unknown, ambiguous or
 * not active, or that was already published, is returned flagged with the reason, never dropped.
 * Nothing is stored: publishing is a separate call with the rows the user keeps.
 */
export async function stageReceiptFile(db: Executor, content: Buffer): Promise<StagedReceipt[]> {
  const lines = await readReceiptFile(content);

  const loans = await repo.loansByThirdPartyIds(db, [...new Set(lines.map((l) => l.thirdPartyLoanId))]);
  const loansByThirdPartyId = new Map<string, typeof loans>();
  for (const loan of loans) {
    const key = loan.thirdPartyId ?? '';
    loansByThirdPartyId.set(key, [...(loansByThirdPartyId.get(key) ?? []), loan]);
  }

  const published = await repo.publishedReceipts(
    db,
    lines.map((l) => l.receiptId),
  );
  const publishedByReceipt = new Map(published.map((p) => [p.receiptId ?? '', p.id]));

  return lines.map((line, index): StagedReceipt => {
    const candidates = loansByThirdPartyId.get(line.thirdPartyLoanId) ?? [];
    const loan = candidates.length === 1 ? candidates[0]! : null;
    const publishedAs = publishedByReceipt.get(line.receiptId);
    let issue: string | null = null;
    if (candidates.length === 0) issue = stagedReceiptIssues.unknownLoan(line.thirdPartyLoanId);
    else if (candidates.length > 1) issue = stagedReceiptIssues.ambiguousLoan(line.thirdPartyLoanId, candidates.length);
    else if (publishedAs !== undefined) issue = stagedReceiptIssues.alreadyPublished(line.receiptId, publishedAs);
    else if (loan && !receiptLoanStatuses.includes(loan.status)) {
      issue = stagedReceiptIssues.loanNotActive(loan.id, loan.status);
    }
    return {
      id: index + 1,
      line: line.line,
      thirdPartyLoanId: line.thirdPartyLoanId,
      loanId: loan?.id ?? null,
      thirdPartyId: line.receiptId,
      dueDate: line.receiptDate,
      netAmount: centsToNumber(line.netAmountCents),
      grossAmount: centsToNumber(line.grossAmountCents),
      batchNumber: line.batchNumber,
      loanAmount: loan ? moneyStringToNumber(loan.amount) : null,
      loanName: loan?.name ?? null,
      loanStatus: loan?.status ?? null,
      matched: issue === null,
      issue,
    };
  });
}
