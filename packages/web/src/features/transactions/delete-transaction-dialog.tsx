import { formatMoney, type TransactionListRow, transactionDeleteAction, transactionTypeLabels } from '@lm/domain';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { useDeleteTransaction } from './transactions-api';

function typeLabel(type: string): string {
  return (transactionTypeLabels as Readonly<Record<string, string>>)[type] ?? type;
}

/** The button's label for a row DELETE api/transaction/{id} would cancel or reverse; null when it would refuse. */
export function deleteActionLabel(row: TransactionListRow): string | null {
  const action = transactionDeleteAction(row);
  if (action.kind === 'cancel') return 'Cancel Withdrawal';
  if (action.kind === 'reverse') return 'Reverse';
  return null;
}

/** What the confirmation says will happen, in the row's own terms. */
export function deleteConfirmation(row: TransactionListRow): { title: string; message: string; confirm: string } {
  const amount = formatMoney(row.grossAmount);
  const account = `${row.investmentAccount?.name ?? 'account'} (${row.investmentAccountId})`;
  if (transactionDeleteAction(row).kind === 'cancel') {
    return {
      title: 'Cancel Withdrawal',
      message: `Cancel pending withdrawal ${row.id} of ${amount} from ${account}? The reserved amount returns to the account’s available balance and nothing is paid. The withdrawal stays listed as Cancelled.`,
      confirm: 'Cancel Withdrawal',
    };
  }
  const label = typeLabel(row.type).toLowerCase();
  const sides =
    row.type === 'TRANSFER_IN' || row.type === 'TRANSFER_OUT' ? ' Both sides of the transfer are reversed.' : '';
  const direction = row.amount >= 0 ? `takes ${amount} back out of` : `returns ${amount} to`;
  return {
    title: `Reverse ${typeLabel(row.type)}`,
    message: `Reverse ${label} ${row.id} of ${amount} on ${account}? A new reversal entry ${direction} the account.${sides} Nothing is deleted: the ${label} stays in the history, marked as reversed.`,
    confirm: 'Reverse',
  };
}

/** Cancel a pending withdrawal or reverse a finalised transaction, after a confirmation that says which. */
export function DeleteTransactionDialog({ row, onClose }: { row: TransactionListRow; onClose: () => void }) {
  const remove = useDeleteTransaction(row.id);
  // one key per opening of this confirmation, resent when Confirm is pressed again after a failure
  const key = useIdempotencyKey({ deleteTransaction: row.id });
  const text = deleteConfirmation(row);
  return (
    <ConfirmDialog
      open
      title={text.title}
      message={text.message}
      confirmLabel={text.confirm}
      cancelLabel="Keep"
      destructive
      onConfirm={() => remove.mutateAsync(key)}
      onClose={onClose}
    />
  );
}
