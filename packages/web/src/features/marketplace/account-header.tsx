import { accountChoiceLabel, formatMoney } from '@lm/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LabelledSelect } from '../../shared/inputs/labelled-select';
import type { OwnAccount } from './marketplace-api';

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
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Investment account">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'center' } }}>
        {accounts.length > 1 ? (
          <LabelledSelect
            label="Investment Account"
            sx={{ minWidth: 320, flexGrow: 1, maxWidth: 640 }}
            value={accountId === null ? '' : String(accountId)}
            onChange={(value) => onChange(Number(value))}
          >
            {accounts.map((a) => (
              <MenuItem key={a.id} value={String(a.id)}>
                {accountChoiceLabel(a)}
              </MenuItem>
            ))}
          </LabelledSelect>
        ) : (
          <Typography variant="subtitle1" component="p">
            {account ? accountChoiceLabel(account) : 'No investment account'}
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
