import {
  commentLengthMax,
  type TransactionUpdateBody,
  transactionUpdateBody,
  withdrawalDecisionStatuses,
} from '@lm/domain';
import { z } from 'zod';
import type { StaffTransactionRow } from './transactions-list';

/** The status choice: unchanged (still pending), or one of the decisions staff may take. */
export const editWithdrawalForm = z.object({
  status: z.enum(['PENDING', ...withdrawalDecisionStatuses]),
  comment: z.string().trim().max(commentLengthMax),
});
export type EditWithdrawalForm = z.infer<typeof editWithdrawalForm>;

/** The changed fields only (investor-and-admin §7 PUT api/transactions/{id}). */
export function withdrawalChanges(row: Pick<StaffTransactionRow, 'comment'>, values: EditWithdrawalForm) {
  const changes: TransactionUpdateBody = {};
  if (values.status !== 'PENDING') changes.status = values.status;
  const comment = values.comment.trim() === '' ? null : values.comment.trim();
  if (comment !== (row.comment ?? null)) changes.comment = comment;
  return transactionUpdateBody.parse(changes);
}
