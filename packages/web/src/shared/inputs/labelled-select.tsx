import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Select from '@mui/material/Select';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, useId } from 'react';

/**
 * A select with its floating label, of Material UI's own parts rather than a `TextField select`:
 * the screens that show one before their first rows (the marketplace's account, the investor
 * dashboard's account, the saved queries) paint without the dialogs' inputs, which TextField's
 * chunk brings. Its options are `MenuItem`s; `onChange` gets the chosen option's value.
 */
export function LabelledSelect({
  label,
  value,
  onChange,
  children,
  size,
  sx,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  const labelId = useId();
  return (
    <FormControl size={size} sx={sx}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {children}
      </Select>
    </FormControl>
  );
}
