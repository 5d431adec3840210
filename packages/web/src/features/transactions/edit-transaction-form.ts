import {
  commentLengthMax,
  type TransactionListRow,
  type TransactionUpdateBody,
  transactionStatusLabels,
  transactionUpdateBody,
  withdrawalDecisionStatuses,
} from '@lm/domain';
import { z } from 'zod';

/**
 * Edit Transaction (investor-and-admin §6-7: management edits transactions): the comment and the
 * investor comment of any row, and the status of a pending withdrawal (paid or cancelled). Only
 * the changed fields are sent (PUT api/transactions/{id}); the confirmation shows each change.
 */
export const editTransactionForm = z.object({
  status: z.enum(['PENDING', ...withdrawalDecisionStatuses]),
  comment: z.string().max(commentLengthMax),
  investorComment: z.string().max(commentLengthMax),
});
export type EditTransactionForm = z.infer<typeof editTransactionForm>;

type EditableRow = Pick<TransactionListRow, 'type' | 'status' | 'comment' | 'investorComment' | 'withdrawalRequestId'>;

/** A withdrawal still waiting for its decision: its status may change too. */
export function isPendingWithdrawal(row: Pick<EditableRow, 'type' | 'status' | 'withdrawalRequestId'>): boolean {
  return row.type === 'WITHDRAWAL' && row.status === 'PENDING' && row.withdrawalRequestId !== null;
}

export function editTransactionDefaults(row: EditableRow): EditTransactionForm {
  return { status: 'PENDING', comment: row.comment ?? '', investorComment: row.investorComment ?? '' };
}

export interface FieldEdit {
  label: string;
  before: string;
  after: string;
}

const blank = (text: string) => (text.trim() === '' ? null : text.trim());
const shown = (text: string | null) => (text === null || text === '' ? '(empty)' : `‘${text}’`);

/** The body of the changed fields only, and each change as the confirmation shows it (before -> after). */
export function transactionEdits(row: EditableRow, values: EditTransactionForm) {
  const body: TransactionUpdateBody = {};
  const edits: FieldEdit[] = [];
  if (isPendingWithdrawal(row) && values.status !== 'PENDING') {
    body.status = values.status;
    edits.push({
      label: 'Status',
      before: transactionStatusLabels.PENDING,
      after: transactionStatusLabels[values.status],
    });
  }
  const comment = blank(values.comment);
  if (comment !== (row.comment ?? null)) {
    body.comment = comment;
    edits.push({ label: 'Comment', before: shown(row.comment ?? null), after: shown(comment) });
  }
  const investorComment = blank(values.investorComment);
  if (investorComment !== (row.investorComment ?? null)) {
    body.investorComment = investorComment;
    edits.push({
      label: 'Investor Comment',
      before: shown(row.investorComment ?? null),
      after: shown(investorComment),
    });
  }
  return { body: transactionUpdateBody.parse(body), edits };
}
