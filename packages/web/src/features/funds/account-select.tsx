import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { OwnAccount } from '../accounts';

/** Account names in a selector are cut at 60 characters (spec core §9). */
export const accountNameShownMax = 60;

function shortName(name: string): string {
  return name.length > accountNameShownMax ? `${name.slice(0, accountNameShownMax)}...` : name;
}

export type AccountSelectProps = Omit<TextFieldProps, 'value' | 'onChange' | 'select' | 'children'> & {
  accounts: readonly OwnAccount[];
  value: number | null;
  onChange: (accountId: number | null) => void;
};

/** The investor's account chooser of the Deposit and Withdraw Funds tabs. */
export function AccountSelect({ accounts, value, onChange, label = 'Account', ...props }: AccountSelectProps) {
  return (
    <TextField
      {...props}
      select
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    >
      {accounts.map((account) => (
        <MenuItem key={account.id} value={String(account.id)}>
          {shortName(account.name)} ({account.id})
        </MenuItem>
      ))}
    </TextField>
  );
}
