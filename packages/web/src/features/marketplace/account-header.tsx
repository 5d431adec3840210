import { formatMoney, truncateText } from '@lm/domain';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { OwnAccount } from './marketplace-api';

/** Account names in a selector are cut at 60 characters (spec core §9). */
const accountNameShownMax = 60;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The investor's account-selector header of the marketplace (spec core §2.6): the chosen account's
 * available and current balances; the selector shows only when there is more than one account.
 */
export function AccountHeader({
  accounts,
  accountId,
  onChange,
}: {
  accounts: readonly OwnAccount[];
  accountId: number | null;
  onChange: (accountId: number) => void;
}) {
  const account = accounts.find((a) => a.id === accountId) ?? null;
  // a select of its own parts rather than a TextField: the marketplace paints its first rows
  // without the dialogs' inputs, which TextField's chunk brings
  const labelId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Investment account">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'center' } }}>
        {accounts.length > 1 ? (
          <FormControl sx={{ minWidth: 320, flexGrow: 1, maxWidth: 640 }}>
            <InputLabel id={labelId}>Investment Account</InputLabel>
            <Select
              labelId={labelId}
              label="Investment Account"
              value={accountId === null ? '' : String(accountId)}
              onChange={(event) => onChange(Number(event.target.value))}
            >
              {accounts.map((a) => (
                <MenuItem key={a.id} value={String(a.id)}>
                  {truncateText(a.name, accountNameShownMax)} ({a.id})
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : (
          <Typography variant="subtitle1" component="p">
            {account ? `${truncateText(account.name, accountNameShownMax)} (${account.id})` : 'No investment account'}
          </Typography>
        )}
        {account && (
          <Stack component="dl" direction="row" spacing={4} sx={{ m: 0 }}>
            <Figure
              label="Available Balance"
              value={formatMoney(account.availableBalance)}
              testId="available-balance"
            />
            <Figure label="Account Balance" value={formatMoney(account.currentBalance)} testId="current-balance" />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
