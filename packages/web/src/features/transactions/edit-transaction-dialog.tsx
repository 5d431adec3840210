import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  commentLengthMax,
  formatMoney,
  type TransactionListRow,
  type TransactionUpdateBody,
  transactionStatusLabels,
  transactionTypeLabels,
  withdrawalDecisionStatuses,
} from '@lm/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { fieldProps } from '../../shared/inputs/register-field';
import { TextInput } from '../../shared/inputs/text-input';
import {
  type EditTransactionForm,
  editTransactionDefaults,
  editTransactionForm,
  type FieldEdit,
  isPendingWithdrawal,
  transactionEdits,
} from './edit-transaction-form';
import { useUpdateTransaction } from './transactions-api';

const decisionText: Record<(typeof withdrawalDecisionStatuses)[number], string> = {
  PAID: 'The money leaves the account for the investor’s bank account, and the withdrawal is finalised.',
  CANCELLED: 'The reserved amount returns to the account’s available balance, and nothing is paid.',
};

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
  const titleId = useId();
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
  const errors = form.formState.errors;
  return (
    <>
      <Dialog open={!confirming} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <form noValidate onSubmit={form.handleSubmit((v) => setConfirming(transactionEdits(row, v)))}>
          <DialogTitle id={titleId}>Edit Transaction</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {typeLabel(row.type)} {row.id} of {formatMoney(row.grossAmount)} on{' '}
              {row.investmentAccount?.name ?? 'account'} ({row.investmentAccountId}). Amounts, types and dates never
              change; a finalised transaction is undone by reversing it.
            </DialogContentText>
            <Stack spacing={2} sx={{ mt: 2 }}>
              {pendingWithdrawal && (
                <Controller
                  control={form.control}
                  name="status"
                  render={({ field }) => (
                    <TextField
                      select
                      label="Status"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      helperText={status ? decisionText[status] : 'Pending until paid or cancelled.'}
                    >
                      <MenuItem value="PENDING">{transactionStatusLabels.PENDING}</MenuItem>
                      {withdrawalDecisionStatuses.map((s) => (
                        <MenuItem key={s} value={s}>
                          {transactionStatusLabels[s]}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
              <TextInput
                label="Comment"
                multiline
                minRows={2}
                {...fieldProps(form.register, 'comment')}
                error={Boolean(errors.comment)}
                helperText={errors.comment?.message ?? 'Visible to staff only.'}
                inputProps={{ maxLength: commentLengthMax }}
              />
              <TextInput
                label="Investor Comment"
                multiline
                minRows={2}
                {...fieldProps(form.register, 'investorComment')}
                error={Boolean(errors.investorComment)}
                helperText={errors.investorComment?.message ?? 'Shown to the investor with the transaction.'}
                inputProps={{ maxLength: commentLengthMax }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={nothingChanged || save.isPending}>
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>
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
