import TextField from '@mui/material/TextField';
import type { DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { onDemand } from '../lazy/on-demand';

export type AppDatePickerProps = Omit<DatePickerProps, 'value' | 'onChange' | 'minDate' | 'maxDate'> & {
  label: string;
  /** A business date, YYYY-MM-DD, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  /** Default 2100-12-31 (spec core §5). */
  maxDate?: string;
  required?: boolean;
  helperText?: string;
  error?: boolean;
};

// The picker library (MUI X date pickers, dayjs and its locale) is its own chunk, loaded when a
// screen first shows a date field: lists, dashboards and forms without dates never download it.
const DatePickerField = onDemand(
  () => import('./date-picker-field').then((m) => m.default),
  (props: AppDatePickerProps) => <PickerLoading {...props} />,
);

/** YYYY-MM-DD as the picker shows it (D/M/YYYY, `pickerDateFormat`), while the picker loads. */
function shownDate(value: string | null): string {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match || value?.startsWith('0001-01-01')) return '';
  const [, year, month, day] = match;
  return `${Number(day)}/${Number(month)}/${year}`;
}

/** A disabled text field of the picker's label and size, in its place while its code loads. */
function PickerLoading(props: AppDatePickerProps) {
  return (
    <TextField
      label={props.label}
      value={shownDate(props.value)}
      disabled
      fullWidth
      required={props.required}
      helperText={props.helperText}
      error={props.error}
    />
  );
}

/**
 * A date picker with the product's defaults: D/M/YYYY, a maximum of 2100-12-31, and values as
 * YYYY-MM-DD business dates. It carries its own localisation provider. Until the picker's code
 * has arrived, a disabled text field of the same label and size stands in its place.
 */
export function AppDatePicker(props: AppDatePickerProps) {
  return <DatePickerField {...props} />;
}
