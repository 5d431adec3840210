import { formatMoney, formatPercent, truncateText } from '@lm/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Ref, useEffect, useState } from 'react';
import { odataString } from '../../shared/filter/filter-fields';
import { accountPickerQuery, type PickedAccount } from './loans-api';

export type { PickedAccount };

/** Account names in a selector are cut at 60 characters (spec core §9). */
const accountNameShownMax = 60;
const optionsMax = 20;

export const accountLabel = (account: PickedAccount) =>
  `${truncateText(account.name, accountNameShownMax)} (${account.id})`;

/** The search of the picker: an id, or a part of the name. */
export function accountSearchFilter(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (/^\d{1,15}$/.test(trimmed)) return `id eq ${trimmed} or contains(name,${odataString(trimmed)})`;
  return `contains(name,${odataString(trimmed)})`;
}

/** Chooses any investment account by id or name (management invests for an account). */
export function AccountPicker({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
  disabled,
}: {
  value: PickedAccount | null;
  onChange: (account: PickedAccount | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // a short pause after typing before asking the server
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const filter = value && input === accountLabel(value) ? undefined : accountSearchFilter(search);
  const accounts = useQuery({ ...accountPickerQuery(filter, optionsMax), placeholderData: keepPreviousData });
  return (
    <Autocomplete
      options={accounts.data ?? []}
      value={value}
      onChange={(_event, account) => onChange(account)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(options) => options}
      getOptionLabel={accountLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={accounts.isFetching}
      disabled={disabled ?? false}
      renderOption={(props, account) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {accountLabel(account)}: available {formatMoney(account.availableBalance)}
            {account.mandateRate !== null ? `, mandate ${formatPercent(account.mandateRate)}` : ''}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Investment Account"
          required
          inputRef={inputRef}
          onBlur={onBlur}
          error={error ?? false}
          helperText={helperText ?? 'Type a name or an account id'}
        />
      )}
    />
  );
}
