import { loanListRoute, truncateText } from '@lm/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callRoute } from '../api/call-route';
import { odataString } from '../filter/filter-fields';

/** A loan as the picker shows it. */
export interface PickedLoan {
  id: number;
  name: string;
}

const optionsMax = 20;
const loanNameShownMax = 60;

export const loanLabel = (loan: PickedLoan) => `${truncateText(loan.name, loanNameShownMax)} (${loan.id})`;

/** The search of the picker: an id, or a part of the name. */
export function loanSearchFilter(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (/^\d{1,15}$/.test(trimmed)) return `id eq ${trimmed} or contains(name,${odataString(trimmed)})`;
  return `contains(name,${odataString(trimmed)})`;
}

/** Up to 20 loans matching an OData filter, newest first (staff). */
export function loanPickerQuery(filter: string | undefined) {
  return {
    queryKey: ['loans', 'picker', filter ?? ''] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<PickedLoan[]> =>
      (
        await callRoute(loanListRoute, {
          query: {
            ...(filter ? { $filter: filter } : {}),
            $select: 'id,name',
            $orderby: 'id desc',
            $top: String(optionsMax),
          },
          ...(signal ? { signal } : {}),
        })
      ).data.map((loan) => ({ id: Number(loan.id), name: String(loan.name) })),
  };
}

/** Chooses a loan by id or name; empty means `emptyLabel` (All Loans) when one is given. */
export function LoanPicker({
  value,
  onChange,
  label = 'Loan',
  emptyLabel,
  required,
  error,
  helperText,
}: {
  value: PickedLoan | null;
  onChange: (loan: PickedLoan | null) => void;
  label?: string;
  emptyLabel?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const filter = value && input === loanLabel(value) ? undefined : loanSearchFilter(search);
  const loans = useQuery({ ...loanPickerQuery(filter), placeholderData: keepPreviousData });
  return (
    <Autocomplete
      options={loans.data ?? []}
      value={value}
      onChange={(_event, loan) => onChange(loan)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(options) => options}
      getOptionLabel={loanLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loans.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required ?? false}
          placeholder={emptyLabel}
          error={error ?? false}
          helperText={
            helperText ??
            (emptyLabel ? `Type a name or a loan id; empty for ${emptyLabel}` : 'Type a name or a loan id')
          }
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
