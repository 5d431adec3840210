import { accountChoiceLabel } from '@lm/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { OwnAccount } from '../accounts';

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
          {accountChoiceLabel(account)}
        </MenuItem>
      ))}
    </TextField>
  );
}
