import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages, formatMoney, type TransactionUpdateBody, transactionStatusLabels } from '@lm/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { FormDialog } from '../../shared/forms/form-dialog';
import { TextInputField } from '../../shared/forms/text-fields';
import { type EditWithdrawalForm, editWithdrawalForm, withdrawalChanges } from './edit-withdrawal-form';
import { useUpdateTransaction } from './transactions-api';
import type { StaffTransactionRow } from './transactions-list';
import { decisionText, WithdrawalStatusField } from './withdrawal-decision';

/**
 * Edit Withdrawal (investor-and-admin §2 Pending Withdrawals, §4): change the status of a pending
 * withdrawal to Paid or Cancelled, and its comment; a confirmation step before anything is sent.
 */
export function EditWithdrawalDialog({ row, onClose }: { row: StaffTransactionRow; onClose: () => void }) {
  const [confirming, setConfirming] = useState<TransactionUpdateBody | null>(null);
  const key = useIdempotencyKey(confirming && { transactionId: row.id, body: confirming });
  const form = useForm<EditWithdrawalForm>({
    resolver: zodResolver(editWithdrawalForm),
    defaultValues: { status: 'PENDING', comment: row.comment ?? '' },
  });
  const save = useUpdateTransaction(row.id, { successMessage: accountMessages.changesProcessed, onSuccess: onClose });
  const values = form.watch();
  const changes = withdrawalChanges(row, values);
  const nothingChanged = Object.keys(changes).length === 0;
  const bank = row.withdrawalDetails;
  const status = changes.status;
  return (
    <>
      <FormDialog
        title="Edit Withdrawal"
        intro={`Withdrawal ${row.id} of ${formatMoney(row.grossAmount)} from ${row.investmentAccount?.name ?? 'account'} (${
          row.investmentAccountId
        })${bank?.accountName ? ` to ${bank.accountName} (BSB ${bank.bsbNumber}, account ${bank.accountNumber})` : ''}.`}
        submitLabel="Save"
        busy={save.isPending}
        submitDisabled={nothingChanged}
        onSubmit={form.handleSubmit((v) => setConfirming(withdrawalChanges(row, v)))}
        onClose={onClose}
      >
        <WithdrawalStatusField control={form.control} name="status" chosen={status} />
        <TextInputField control={form.control} name="comment" label="Comment" hint="Visible to staff only." multiline />
      </FormDialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Confirm Withdrawal Changes"
          message={
            confirming.status
              ? `Mark withdrawal ${row.id} of ${formatMoney(row.grossAmount)} as ${transactionStatusLabels[confirming.status]}? ${decisionText[confirming.status]}`
              : `Save the comment of withdrawal ${row.id}?`
          }
          destructive={confirming.status === 'CANCELLED'}
          onConfirm={() => save.mutateAsync({ body: confirming, key })}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
