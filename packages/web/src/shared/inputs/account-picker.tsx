import {
  accountListRoute,
  type accountListShape,
  formatMoney,
  formatPercent,
  type ListRow,
  truncateText,
} from '@lm/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Ref, useEffect, useState } from 'react';
import { callRoute } from '../api/call-route';
import { odataString } from '../filter/filter-fields';

/** An investment account as GET api/investmentAccounts answers it (the fields the invest dialog reads). */
export type PickedAccount = Pick<
  ListRow<typeof accountListShape>,
  'id' | 'name' | 'type' | 'availableBalance' | 'currentBalance' | 'mandateRate'
>;

/** Up to `top` investment accounts matching an OData filter, id ascending (the account picker). */
export function accountPickerQuery(filter: string | undefined, top: number) {
  return {
    queryKey: ['investmentAccounts', 'picker', filter ?? ''] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<PickedAccount[]> =>
      (
        await callRoute(accountListRoute, {
          query: { ...(filter ? { $filter: filter } : {}), $orderby: 'id asc', $top: String(top) },
          ...(signal ? { signal } : {}),
        })
      ).data,
  };
}

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

/** Chooses any investment account by id or name (management invests for an account, sells to buyers). */
export function AccountPicker({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
  disabled,
  label = 'Investment Account',
}: {
  value: PickedAccount | null;
  onChange: (account: PickedAccount | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  label?: string;
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
          label={label}
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
