import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountListRow,
  accountMessages,
  commentLengthMax,
  depositDateBounds,
  formatDate,
  formatMoney,
} from '@lm/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { serverToday } from '../../shared/api/server-today';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { AppDatePicker } from '../../shared/inputs/date-picker';
import { NumberInput } from '../../shared/inputs/number-input';
import { useDepositFunds } from './investor-accounts-api';
import { type DepositFormOutput, type DepositFormValues, depositForm, emptyDepositForm } from './money-forms';

/**
 * Deposit Funds (management; investor-and-admin §2, §5, §7): money that reached the trust bank
 * account recorded into an investment account. Amount, deposit date (two months back to today),
 * the organisation's comment and an optional comment the investor sees; a confirmation, then
 * POST api/investmentAccounts/{id}/deposit with an Idempotency-Key.
 */
export default function DepositFundsDialog({ account, onClose }: { account: AccountListRow; onClose: () => void }) {
  const titleId = useId();
  const today = useMemo(() => serverToday(), []);
  const bounds = depositDateBounds(today);
  const form = useForm<DepositFormValues, unknown, DepositFormOutput>({
    resolver: zodResolver(depositForm(today)) as unknown as Resolver<DepositFormValues, unknown, DepositFormOutput>,
    defaultValues: emptyDepositForm(today),
  });
  const [confirming, setConfirming] = useState<DepositFormOutput | null>(null);
  // one key per opened confirmation, resent when Confirm is pressed again after a failure
  const key = useIdempotencyKey(confirming && { accountId: account.id, ...confirming });
  const deposit = useDepositFunds(account.id, {
    successMessage: accountMessages.depositSuccessful,
    onSuccess: onClose,
  });
  const { errors } = form.formState;
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <form noValidate onSubmit={form.handleSubmit((values) => setConfirming(values))}>
          <DialogTitle id={titleId}>Deposit Funds</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Into {account.name} ({account.id}). Available balance {formatMoney(account.availableBalance)}.
            </DialogContentText>
            <Stack spacing={2} sx={{ mt: 2 }}>
              <Controller
                control={form.control}
                name="amount"
                render={({ field }) => (
                  <NumberInput
                    kind="currency"
                    label="Deposit Amount"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(errors.amount)}
                    helperText={errors.amount?.message ?? ' '}
                    required
                    autoFocus
                  />
                )}
              />
              <Controller
                control={form.control}
                name="depositDate"
                render={({ field }) => (
                  <AppDatePicker
                    label="Deposit Date"
                    value={field.value}
                    onChange={field.onChange}
                    minDate={bounds.from}
                    maxDate={bounds.to}
                    required
                    error={Boolean(errors.depositDate)}
                    helperText={
                      errors.depositDate?.message ?? `From ${formatDate(bounds.from)} to ${formatDate(bounds.to)}`
                    }
                  />
                )}
              />
              <TextField
                label="Comment"
                {...form.register('comment')}
                error={Boolean(errors.comment)}
                helperText={errors.comment?.message ?? 'The organisation’s comment; investors do not see it.'}
                slotProps={{ htmlInput: { maxLength: commentLengthMax } }}
                required
              />
              <TextField
                label="Investor Comment"
                {...form.register('investorComment')}
                error={Boolean(errors.investorComment)}
                helperText={errors.investorComment?.message ?? 'Optional; shown to the investor.'}
                slotProps={{ htmlInput: { maxLength: commentLengthMax } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={deposit.isPending}>
              Deposit
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Confirm Deposit"
          message={`Deposit ${formatMoney(confirming.amount)} into ${account.name} (${account.id}) on ${formatDate(
            confirming.depositDate,
          )}?`}
          confirmLabel="Deposit"
          onConfirm={() => deposit.mutateAsync({ body: confirming, key })}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
