import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { odataString } from '../filter/filter-fields';

/** The search of a picker: an id, or a part of the name (an OData filter; none when empty). */
export function idOrNameFilter(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (/^\d{1,15}$/.test(trimmed)) return `id eq ${trimmed} or contains(name,${odataString(trimmed)})`;
  return `contains(name,${odataString(trimmed)})`;
}

/** How a picker asks the server for the options matching a filter. */
export interface PickerQuery<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal?: AbortSignal }) => Promise<T[]>;
}

/**
 * Chooses one record by id or name, asking the server as the user types (after a 250 ms pause):
 * the account and loan pickers are this with their own query and label.
 */
export function SearchPicker<T extends { id: number }>({
  value,
  onChange,
  optionLabel,
  query,
  renderOption,
  label,
  helperText,
  placeholder,
  required = false,
  error = false,
  disabled = false,
  inputRef,
  onBlur,
}: {
  value: T | null;
  onChange: (value: T | null) => void;
  optionLabel: (option: T) => string;
  query: (filter: string | undefined) => PickerQuery<T>;
  /** What an option shows in the list, when more than its label. */
  renderOption?: (option: T) => ReactNode;
  label: string;
  helperText: string;
  placeholder?: string;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);
  // the chosen value's own label in the box is not a search
  const filter = value && input === optionLabel(value) ? undefined : idOrNameFilter(search);
  const options = useQuery({ ...query(filter), placeholderData: keepPreviousData });
  return (
    <Autocomplete
      options={options.data ?? []}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(all) => all}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isFetching}
      disabled={disabled}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {renderOption ? renderOption(option) : optionLabel(option)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          placeholder={placeholder}
          inputRef={inputRef}
          onBlur={onBlur}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            ...(placeholder ? { inputLabel: { ...params.slotProps?.inputLabel, shrink: true } } : {}),
          }}
        />
      )}
    />
  );
}
