import { zodResolver } from '@hookform/resolvers/zod';
import { type AccountListRow, accountMessages, formatDate, formatMoney, sydneyDate } from '@lm/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { serverToday } from '../../shared/api/server-today';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { DateField } from '../../shared/forms/date-field';
import { FormDialog } from '../../shared/forms/form-dialog';
import { AmountField } from '../../shared/forms/number-field';
import { CheckboxField, TextInputField } from '../../shared/forms/text-fields';
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
      <FormDialog
        title="Transfer Funds"
        intro={`From ${account.name} (${account.id}). Available balance ${formatMoney(account.availableBalance)}.`}
        submitLabel="Transfer"
        busy={transfer.isPending}
        onSubmit={form.handleSubmit(setConfirming)}
        onClose={onClose}
      >
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
        <AmountField control={form.control} name="amount" label="Transfer Amount" required />
        <DateField
          control={form.control}
          name="transferDate"
          label="Transfer Date"
          minDate={creationDate}
          maxDate={today}
          required
        />
        <TextInputField
          control={form.control}
          name="organisationComment"
          label="Organisation Comment"
          hint="Investors do not see it."
        />
        <TextInputField
          control={form.control}
          name="toAccountComment"
          label="To Account Comment"
          hint="Shown to the investors of the receiving account."
        />
        <CheckboxField control={form.control} name="sameComment" label="Use the same comment for the from account" />
        {!sameComment && (
          <TextInputField
            control={form.control}
            name="fromAccountComment"
            label="From Account Comment"
            hint="Shown to the investors of this account."
          />
        )}
      </FormDialog>
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
