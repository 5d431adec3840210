import { formatDate } from '@lm/domain';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { AppDatePicker } from '../inputs/date-picker';
import { type BoundFieldProps, helperLine } from './field-binding';

/**
 * A date of the form (ISO yyyy-mm-dd), within minDate and maxDate; without another hint it says
 * the range. Its own module: the date pickers load only with a form that has a date.
 */
export function DateField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  minDate,
  maxDate,
}: BoundFieldProps<T, N, O> & { minDate?: string; maxDate?: string }) {
  const { field, fieldState } = useController({ control, name });
  const range = minDate && maxDate ? `From ${formatDate(minDate)} to ${formatDate(maxDate)}` : undefined;
  const helper = helperLine(fieldState.error, hint ?? range);
  return (
    <AppDatePicker
      label={label}
      value={field.value ?? null}
      onChange={field.onChange}
      {...(minDate ? { minDate } : {})}
      {...(maxDate ? { maxDate } : {})}
      required={required ?? false}
      disabled={disabled ?? false}
      error={Boolean(fieldState.error)}
      helperText={typeof helper === 'string' ? helper : ' '}
    />
  );
}
