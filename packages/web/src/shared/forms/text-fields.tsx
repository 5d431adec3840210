import { commentLengthMax } from '@lm/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { type BoundFieldProps, helperLine } from './field-binding';

/** A text of the form; comments by default allow commentLengthMax characters. */
export function TextInputField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  autoFocus,
  maxLength = commentLengthMax,
  multiline,
}: BoundFieldProps<T, N, O> & { maxLength?: number; multiline?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={helperLine(fieldState.error, hint)}
      required={required ?? false}
      disabled={disabled ?? false}
      autoFocus={autoFocus ?? false}
      {...(multiline ? { multiline: true, minRows: 2 } : {})}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/**
 * One of a list of choices. Numeric choices (ids) stay numbers in the form; nothing chosen is null.
 */
export function SelectField<T extends FieldValues, N extends FieldPath<T>, O, V extends string | number>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  options,
  onChosen,
}: BoundFieldProps<T, N, O> & {
  options: readonly SelectOption<V>[];
  /** After the form's value changed (dependent fields reset here). */
  onChosen?: (value: V | null) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  const numeric = options.length > 0 && typeof options[0]?.value === 'number';
  return (
    <TextField
      select
      label={label}
      name={field.name}
      value={field.value === null || field.value === undefined ? '' : String(field.value)}
      onChange={(event) => {
        const text = event.target.value;
        const value = (text === '' ? null : numeric ? Number(text) : text) as V | null;
        field.onChange(value);
        onChosen?.(value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={helperLine(fieldState.error, hint)}
      required={required ?? false}
      disabled={disabled ?? false}
    >
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A yes or no of the form. */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  label,
  disabled,
}: BoundFieldProps<T, N, O>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={
        <Checkbox
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
          disabled={disabled ?? false}
        />
      }
      label={label}
    />
  );
}
