import type { FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { NumberInput, type NumberKind } from '../inputs/number-input';
import { type BoundFieldProps, helperLine } from './field-binding';

export type NumberFieldProps<T extends FieldValues, N extends FieldPath<T>, O> = BoundFieldProps<T, N, O> & {
  kind: NumberKind;
  /** Shown instead of the form's value (a rate fixed by the account's mandate). */
  shownValue?: number | null;
};

/** A number of the form (spec core §5 kinds: negatives clamp for currency, percentages and terms). */
export function NumberField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  label,
  hint,
  kind,
  shownValue,
  required,
  disabled,
  autoFocus,
}: NumberFieldProps<T, N, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      kind={kind}
      label={label}
      value={shownValue !== undefined && shownValue !== null ? shownValue : (field.value ?? null)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={helperLine(fieldState.error, hint)}
      required={required ?? false}
      disabled={disabled ?? false}
      autoFocus={autoFocus ?? false}
    />
  );
}

/** An amount of money: dollars and cents, never negative. */
export function AmountField<T extends FieldValues, N extends FieldPath<T>, O>(
  props: Omit<NumberFieldProps<T, N, O>, 'kind'>,
) {
  return <NumberField kind="currency" {...props} />;
}

/** An interest rate in percent (up to 10 places), never negative. */
export function RateField<T extends FieldValues, N extends FieldPath<T>, O>(
  props: Omit<NumberFieldProps<T, N, O>, 'kind'>,
) {
  return <NumberField kind="percentage" {...props} />;
}
