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
import { type FileUpload, readUploadedFile, withUploadSlot } from '../platform/uploads/upload-file';
import { receiptFileBytesMax } from '../platform/uploads/upload-limits';
import { receiptLoanStatuses } from './loan-repayment-status';
import { type ReceiptLine, readReceiptFile } from './receipt-file';
import * as repo from './repayments.repository';

/**
 * POST api/repayments/receipts/processFile?provider=insyston: the provider checked, the one file
 * of the upload read and staged (an empty upload is the specification's message). The file is
 * received and read in one of the process's upload slots, within the limits of platform/uploads.
 */
export async function stageReceiptUpload(
  db: Executor,
  providerName: string | undefined,
  upload: FileUpload,
): Promise<StagedReceipt[]> {
  const provider = (providerName ?? 'insyston').toLowerCase();
  if (!(receiptProviders as readonly string[]).includes(provider)) {
    throw badRequest(`Unknown receipts provider '${provider}'; the provider is ${receiptProviders.join(', ')}.`);
  }
  const lines = await withUploadSlot(async () => {
    const content = await readUploadedFile(upload, receiptFileBytesMax);
    if (!content) throw new AppError('INVALID_FILE', repaymentMessages.repaymentsEmpty);
    return readReceiptFile(content);
  });
  return stageReceiptLines(db, lines);
}

/**
 * Stages the receipts of a file for the upload screen: each is matched to its loan by the loan's
 * third-party id (loanId and loanAmount filled in). A receipt whose loan is unknown, ambiguous or
 * not active, or that was already published, is returned flagged with the reason, never dropped.
 * Nothing is stored: publishing is a separate call with the rows the user keeps.
 */
export async function stageReceiptFile(db: Executor, content: Buffer): Promise<StagedReceipt[]> {
  return stageReceiptLines(db, await readReceiptFile(content));
}

async function stageReceiptLines(db: Executor, lines: ReceiptLine[]): Promise<StagedReceipt[]> {
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
