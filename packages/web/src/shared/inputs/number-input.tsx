import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { parseNumericInput } from './numeric';

/** The kinds of spec core §5: currency, percentage and terms clamp negatives to 0. */
export type NumberKind = 'currency' | 'percentage' | 'integer' | 'termMonths' | 'termDays' | 'decimal';

const kindOptions: Record<NumberKind, { clampNegative: boolean; integer: boolean; decimals?: number }> = {
  currency: { clampNegative: true, integer: false, decimals: 2 },
  percentage: { clampNegative: true, integer: false, decimals: 10 },
  termMonths: { clampNegative: true, integer: true },
  termDays: { clampNegative: true, integer: true },
  integer: { clampNegative: false, integer: true },
  decimal: { clampNegative: false, integer: false },
};

export type NumberInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: number | null;
  onChange: (value: number | null) => void;
  kind: NumberKind;
};

/**
 * A number field: negatives clamp to 0 for currency, percentages and terms; non-numbers become
 * empty; currency keeps 2 places. The value is a number or null (empty).
 */
export function NumberInput({ value, onChange, kind, slotProps, ...props }: NumberInputProps) {
  const options = kindOptions[kind];
  const [text, setText] = useState(value === null ? '' : String(value));
  // follow outside changes (a form reset) without fighting the user's typing
  useEffect(() => {
    setText((current) =>
      parseNumericInput(current, options).value === value ? current : value === null ? '' : String(value),
    );
  }, [value, options]);
  const adornment =
    kind === 'currency' ? (
      <InputAdornment position="start">$</InputAdornment>
    ) : kind === 'percentage' ? (
      <InputAdornment position="end">%</InputAdornment>
    ) : undefined;
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        const parsed = parseNumericInput(event.target.value, options);
        setText(parsed.text);
        if (parsed.value !== value) onChange(parsed.value);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: options.integer ? 'numeric' : 'decimal', ...(slotProps?.htmlInput as object) },
        input: {
          ...(kind === 'currency' && adornment ? { startAdornment: adornment } : {}),
          ...(kind === 'percentage' && adornment ? { endAdornment: adornment } : {}),
          ...(slotProps?.input as object),
        },
      }}
    />
  );
}
