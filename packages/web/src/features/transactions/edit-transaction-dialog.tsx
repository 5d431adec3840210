import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  formatMoney,
  type TransactionListRow,
  type TransactionUpdateBody,
  transactionTypeLabels,
} from '@lm/domain';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { FormDialog } from '../../shared/forms/form-dialog';
import { TextInputField } from '../../shared/forms/text-fields';
import {
  type EditTransactionForm,
  editTransactionDefaults,
  editTransactionForm,
  type FieldEdit,
  isPendingWithdrawal,
  transactionEdits,
} from './edit-transaction-form';
import { useUpdateTransaction } from './transactions-api';
import { decisionText, WithdrawalStatusField } from './withdrawal-decision';

function typeLabel(type: string): string {
  return (transactionTypeLabels as Readonly<Record<string, string>>)[type] ?? type;
}

/** The confirmation's list of changes: each field, before -> after. */
function EditList({ edits }: { edits: readonly FieldEdit[] }) {
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }} aria-label="Changes">
      {edits.map((edit) => (
        <li key={edit.label}>
          <strong>{edit.label}</strong>: {edit.before} → {edit.after}
        </li>
      ))}
    </Box>
  );
}

/**
 * Edit Transaction (management): comment and investor comment of any row, and the status of a
 * pending withdrawal; a confirmation lists each change before anything is sent.
 */
export function EditTransactionDialog({ row, onClose }: { row: TransactionListRow; onClose: () => void }) {
  const [confirming, setConfirming] = useState<{ body: TransactionUpdateBody; edits: FieldEdit[] } | null>(null);
  const key = useIdempotencyKey(confirming && { transactionId: row.id, body: confirming.body });
  const form = useForm<EditTransactionForm>({
    resolver: zodResolver(editTransactionForm),
    defaultValues: editTransactionDefaults(row),
  });
  const save = useUpdateTransaction(row.id, { successMessage: accountMessages.changesProcessed, onSuccess: onClose });
  const values = form.watch();
  const nothingChanged = transactionEdits(row, values).edits.length === 0;
  const pendingWithdrawal = isPendingWithdrawal(row);
  const status = values.status === 'PENDING' ? undefined : values.status;
  const _errors = form.formState.errors;
  return (
    <>
      <FormDialog
        open={!confirming}
        title="Edit Transaction"
        intro={`${typeLabel(row.type)} ${row.id} of ${formatMoney(row.grossAmount)} on ${
          row.investmentAccount?.name ?? 'account'
        } (${row.investmentAccountId}). Amounts, types and dates never change; a finalised transaction is undone by reversing it.`}
        submitLabel="Save"
        busy={save.isPending}
        submitDisabled={nothingChanged}
        onSubmit={form.handleSubmit((v) => setConfirming(transactionEdits(row, v)))}
        onClose={onClose}
      >
        {pendingWithdrawal && <WithdrawalStatusField control={form.control} name="status" chosen={status} />}
        <TextInputField control={form.control} name="comment" label="Comment" hint="Visible to staff only." multiline />
        <TextInputField
          control={form.control}
          name="investorComment"
          label="Investor Comment"
          hint="Shown to the investor with the transaction."
          multiline
        />
      </FormDialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Confirm Transaction Changes"
          message={
            <>
              Save these changes to {typeLabel(row.type).toLowerCase()} {row.id}?
              <EditList edits={confirming.edits} />
              {confirming.body.status && <Box sx={{ mt: 1 }}>{decisionText[confirming.body.status]}</Box>}
            </>
          }
          confirmLabel="Save Changes"
          destructive={confirming.body.status === 'CANCELLED'}
          onConfirm={() => save.mutateAsync({ body: confirming.body, key })}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
