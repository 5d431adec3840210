import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  commentLengthMax,
  formatMoney,
  type TransactionUpdateBody,
  transactionStatusLabels,
  withdrawalDecisionStatuses,
} from '@lm/domain';
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
import { type EditWithdrawalForm, editWithdrawalForm, withdrawalChanges } from './edit-withdrawal-form';
import { useUpdateTransaction } from './transactions-api';
import type { StaffTransactionRow } from './transactions-list';

const decisionText: Record<(typeof withdrawalDecisionStatuses)[number], string> = {
  PAID: 'The money leaves the account for the investor’s bank account, and the withdrawal is finalised.',
  CANCELLED: 'The reserved amount returns to the account’s available balance, and nothing is paid.',
};

/**
 * Edit Withdrawal (investor-and-admin §2 Pending Withdrawals, §4): change the status of a pending
 * withdrawal to Paid or Cancelled, and its comment; a confirmation step before anything is sent.
 */
export function EditWithdrawalDialog({ row, onClose }: { row: StaffTransactionRow; onClose: () => void }) {
  const titleId = useId();
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
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <form noValidate onSubmit={form.handleSubmit((v) => setConfirming(withdrawalChanges(row, v)))}>
          <DialogTitle id={titleId}>Edit Withdrawal</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Withdrawal {row.id} of {formatMoney(row.grossAmount)} from {row.investmentAccount?.name ?? 'account'} (
              {row.investmentAccountId})
              {bank?.accountName
                ? ` to ${bank.accountName} (BSB ${bank.bsbNumber}, account ${bank.accountNumber})`
                : ''}
              .
            </DialogContentText>
            <Stack spacing={2} sx={{ mt: 2 }}>
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
              <TextField
                label="Comment"
                multiline
                minRows={2}
                {...form.register('comment')}
                error={Boolean(form.formState.errors.comment)}
                helperText={form.formState.errors.comment?.message ?? 'Visible to staff only.'}
                slotProps={{ htmlInput: { maxLength: commentLengthMax } }}
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
