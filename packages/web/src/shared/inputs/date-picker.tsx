import { pickerDateFormat, pickerDateMax } from '@lm/domain';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-au';

const isoFormat = 'YYYY-MM-DD';

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

function toDayjs(value: string | null | undefined): Dayjs | null {
  if (!value || value.startsWith('0001-01-01')) return null;
  const d = dayjs(value, isoFormat);
  return d.isValid() ? d : null;
}

/**
 * A date picker with the product's defaults: D/M/YYYY, a maximum of 2100-12-31, and values as
 * YYYY-MM-DD business dates. It carries its own localisation provider so that screens without
 * dates never load the picker library.
 */
export function AppDatePicker({
  value,
  onChange,
  minDate,
  maxDate = pickerDateMax,
  required,
  helperText,
  error,
  slotProps,
  ...props
}: AppDatePickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-au">
      <DatePicker
        {...props}
        format={pickerDateFormat}
        value={toDayjs(value)}
        onChange={(d) => onChange(d?.isValid() ? d.format(isoFormat) : null)}
        maxDate={toDayjs(maxDate) ?? undefined}
        {...(minDate ? { minDate: toDayjs(minDate) ?? undefined } : {})}
        slotProps={{
          ...slotProps,
          textField: {
            fullWidth: true,
            ...(required !== undefined ? { required } : {}),
            ...(helperText !== undefined ? { helperText } : {}),
            ...(error !== undefined ? { error } : {}),
            ...(slotProps?.textField as object),
          },
        }}
      />
    </LocalizationProvider>
  );
}
