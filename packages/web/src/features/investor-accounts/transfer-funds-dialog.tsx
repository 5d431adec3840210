import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountListRow,
  accountMessages,
  commentLengthMax,
  formatDate,
  formatMoney,
  sydneyDate,
} from '@lm/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { serverToday } from '../../shared/api/server-today';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { AppDatePicker } from '../../shared/inputs/date-picker';
import { NumberInput } from '../../shared/inputs/number-input';
import { useTransferDestinationsQuery, useTransferFunds } from './investor-accounts-api';
import { emptyTransferForm, type TransferFormOutput, type TransferFormValues, transferForm } from './money-forms';

type AccountOption = { id: number; name: string };

const optionLabel = (option: AccountOption) => `${option.name} (${option.id})`;

/**
 * Transfer Funds (management; investor-and-admin §2, §5, §7): from this account to another, at
 * most its available balance, dated from the account's creation to today; the organisation's
 * comment and one comment per side, the to-account comment reused for the from-account by
 * default. A confirmation, then POST api/investmentAccounts/{id}/transfer with an Idempotency-Key.
 */
export default function TransferFundsDialog({ account, onClose }: { account: AccountListRow; onClose: () => void }) {
  const titleId = useId();
  const today = useMemo(() => serverToday(), []);
  const creationDate = sydneyDate(new Date(account.creationDate));
  const source = { id: account.id, availableBalance: account.availableBalance, creationDate };
  const form = useForm<TransferFormValues, unknown, TransferFormOutput>({
    resolver: zodResolver(transferForm(source, today)) as unknown as Resolver<
      TransferFormValues,
      unknown,
      TransferFormOutput
    >,
    defaultValues: emptyTransferForm(today),
  });
  const [searchText, setSearchText] = useState('');
  const [destination, setDestination] = useState<AccountOption | null>(null);
  const destinations = useTransferDestinationsQuery(account.id, destination ? '' : searchText);
  const [confirming, setConfirming] = useState<TransferFormOutput | null>(null);
  // one key per opened confirmation, resent when Confirm is pressed again after a failure
  const key = useIdempotencyKey(confirming && { accountId: account.id, ...confirming });
  const transfer = useTransferFunds(account.id, {
    successMessage: accountMessages.transferSuccessful,
    onSuccess: onClose,
  });
  const sameComment = form.watch('sameComment');
  const { errors } = form.formState;
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <form noValidate onSubmit={form.handleSubmit((values) => setConfirming(values))}>
          <DialogTitle id={titleId}>Transfer Funds</DialogTitle>
          <DialogContent>
            <DialogContentText>
              From {account.name} ({account.id}). Available balance {formatMoney(account.availableBalance)}.
            </DialogContentText>
            <Stack spacing={2} sx={{ mt: 2 }}>
              <Controller
                control={form.control}
                name="toAccount"
                render={({ field }) => (
                  <Autocomplete<AccountOption>
                    options={destinations.data ?? []}
                    value={destination}
                    loading={destinations.isFetching}
                    filterOptions={(options) => options}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    getOptionLabel={optionLabel}
                    inputValue={searchText}
                    onInputChange={(_event, value) => setSearchText(value)}
                    onChange={(_event, value) => {
                      setDestination(value);
                      field.onChange(value ? value.id : null);
                    }}
                    onBlur={field.onBlur}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        inputRef={field.ref}
                        label="To Account"
                        required
                        error={Boolean(errors.toAccount)}
                        helperText={errors.toAccount?.message ?? 'Type a name or an account id'}
                      />
                    )}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="amount"
                render={({ field }) => (
                  <NumberInput
                    kind="currency"
                    label="Transfer Amount"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(errors.amount)}
                    helperText={errors.amount?.message ?? ' '}
                    required
                  />
                )}
              />
              <Controller
                control={form.control}
                name="transferDate"
                render={({ field }) => (
                  <AppDatePicker
                    label="Transfer Date"
                    value={field.value}
                    onChange={field.onChange}
                    minDate={creationDate}
                    maxDate={today}
                    required
                    error={Boolean(errors.transferDate)}
                    helperText={
                      errors.transferDate?.message ?? `From ${formatDate(creationDate)} to ${formatDate(today)}`
                    }
                  />
                )}
              />
              <TextField
                label="Organisation Comment"
                {...form.register('organisationComment')}
                error={Boolean(errors.organisationComment)}
                helperText={errors.organisationComment?.message ?? 'Investors do not see it.'}
                slotProps={{ htmlInput: { maxLength: commentLengthMax } }}
              />
              <TextField
                label="To Account Comment"
                {...form.register('toAccountComment')}
                error={Boolean(errors.toAccountComment)}
                helperText={errors.toAccountComment?.message ?? 'Shown to the investors of the receiving account.'}
                slotProps={{ htmlInput: { maxLength: commentLengthMax } }}
              />
              <Controller
                control={form.control}
                name="sameComment"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                    label="Use the same comment for the from account"
                  />
                )}
              />
              {!sameComment && (
                <TextField
                  label="From Account Comment"
                  {...form.register('fromAccountComment')}
                  error={Boolean(errors.fromAccountComment)}
                  helperText={errors.fromAccountComment?.message ?? 'Shown to the investors of this account.'}
                  slotProps={{ htmlInput: { maxLength: commentLengthMax } }}
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={transfer.isPending}>
              Transfer
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Confirm Transfer"
          message={`Transfer ${formatMoney(confirming.amount)} from ${account.name} (${account.id}) to ${
            destination ? optionLabel(destination) : `account ${confirming.toAccount}`
          } on ${formatDate(confirming.transferDate)}?`}
          confirmLabel="Transfer"
          onConfirm={() => transfer.mutateAsync({ body: confirming, key })}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
