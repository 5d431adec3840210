import { displayMessages, fundsTexts } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ownAccountsQuery } from '../accounts';
import { AccountSelect } from './account-select';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontFamily: 'monospace', letterSpacing: 1 }}>
        {value || '-'}
      </Typography>
    </Box>
  );
}

/**
 * The Profile's Deposit Funds tab (investor-and-admin §2 Profile, §9 help text): the biller code
 * and reference of the chosen account, to pay by BPAY from the investor's bank.
 */
export function DepositFundsTab() {
  const accounts = useQuery(ownAccountsQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = accounts.data ?? [];
  const account = list.find((a) => a.id === chosen) ?? list[0];
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h2">
        Deposit Funds
      </Typography>
      {accounts.isPending ? (
        <Skeleton variant="rectangular" height={160} aria-label="Loading accounts" />
      ) : !account ? (
        <Typography color="text.secondary">{displayMessages.noData}</Typography>
      ) : (
        <>
          <Typography>{fundsTexts.depositHowTo}</Typography>
          {list.length > 1 && (
            <AccountSelect accounts={list} value={account.id} onChange={(id) => setChosen(id)} sx={{ maxWidth: 420 }} />
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack component="dl" direction={{ xs: 'column', sm: 'row' }} spacing={4} sx={{ m: 0 }}>
              <Detail label="Biller Code" value={account.bpayBillerCode} />
              <Detail label="Reference" value={account.bpayReferenceNumber} />
            </Stack>
          </Paper>
          <Alert severity="info">
            {fundsTexts.depositTimingHelp} {fundsTexts.depositCutOffHelp}
          </Alert>
        </>
      )}
    </Stack>
  );
}
