import { pickerDateFormat, pickerDateMax } from '@lm/domain';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-au';
import type { AppDatePickerProps } from './date-picker';

const isoFormat = 'YYYY-MM-DD';

function toDayjs(value: string | null | undefined): Dayjs | null {
  if (!value || value.startsWith('0001-01-01')) return null;
  const d = dayjs(value, isoFormat);
  return d.isValid() ? d : null;
}

/** The picker itself (date-picker.tsx loads it on first render). */
export default function DatePickerField({
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
