import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'id'> & {
  label: string;
  helperText?: ReactNode;
  id?: string;
};

/**
 * A labelled text field built from the input parts only. MUI's TextField also brings Select,
 * Menu and Popover; the login and password screens use this one so that the first page a
 * visitor opens stays small.
 */
export function TextInput({
  label,
  helperText,
  id,
  required,
  error,
  disabled,
  fullWidth = true,
  ...input
}: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      required={required ?? false}
      error={error ?? false}
      disabled={disabled ?? false}
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput {...input} id={inputId} label={label} {...(helperId ? { 'aria-describedby': helperId } : {})} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
