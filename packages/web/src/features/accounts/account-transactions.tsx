import { formatMoney, malformedDataMessage } from '@lm/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useListState } from '../../shared/list/use-list';
import { ServerTable } from '../../shared/table/server-table';
import { accountTransactionsList } from './account-transactions-list';
import { type OwnAccount, ownAccountsQuery } from './accounts-api';

function TransactionsTable({ account }: { account: OwnAccount }) {
  const definition = useMemo(
    () => accountTransactionsList(account.id, account.isForeign),
    [account.id, account.isForeign],
  );
  const controller = useListState(definition);
  return <ServerTable definition={definition} controller={controller} title={`Transactions of ${account.name}`} />;
}

/**
 * The Transactions tab of /accounts/{id} (investor-and-admin §2 Accounts): Back, the account's
 * balances and its transactions with the CSV export. The account must be one of the caller's
 * own, exactly once (investor-and-admin §5 single-record fetches).
 */
export function AccountTransactions({ id }: { id: string }) {
  const navigate = useNavigate();
  const accounts = useQuery(ownAccountsQuery);
  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/accounts')}>
      Back
    </Button>
  );
  if (accounts.isPending) return <Skeleton variant="rectangular" height={240} aria-label="Loading transactions" />;
  const matching = (accounts.data ?? []).filter((a) => String(a.id) === id);
  const account = matching.length === 1 ? matching[0] : undefined;
  if (!account) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {back}
        <Alert severity="error">{malformedDataMessage('Investment account')}</Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {back}
        <Box sx={{ flexGrow: 1 }} />
        <Typography>
          Available Balance <strong>{formatMoney(account.availableBalance)}</strong>
        </Typography>
        <Typography>
          Account Balance <strong>{formatMoney(account.currentBalance)}</strong>
        </Typography>
      </Stack>
      <TransactionsTable account={account} />
    </Stack>
  );
}
