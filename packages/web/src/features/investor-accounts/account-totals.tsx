import { formatMoney, fundsTexts } from '@lm/domain';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api-client';
import { investmentAccountsStatisticsKey } from './investor-accounts-list';

/** GET api/investmentAccounts/statistics: sums over accounts of the investor type. */
interface AccountStatistics {
  key: 'INVESTOR_ACCOUNT';
  count: number;
  totalAvailableBalance: number;
  totalCurrentBalance: number;
}

function Total({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="h6" component="dd" sx={{ m: 0 }} data-testid={testId}>
        {value === undefined ? <Skeleton width={120} /> : formatMoney(value)}
      </Typography>
    </div>
  );
}

/** The totals bar of /investorAccounts (investor-and-admin §2 "Investment accounts"). */
export function AccountTotals() {
  const statistics = useQuery({
    queryKey: investmentAccountsStatisticsKey,
    queryFn: async ({ signal }) =>
      (await api.get<AccountStatistics>('/api/investmentAccounts/statistics', { signal })).data,
  });
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5 }} role="group" aria-label="Investor balance totals">
      <Stack component="dl" direction="row" spacing={6} sx={{ m: 0, flexWrap: 'wrap', rowGap: 1 }}>
        <Total
          label={fundsTexts.availableInvestorBalance}
          value={statistics.data?.totalAvailableBalance}
          testId="total-available-investor-balance"
        />
        <Total
          label={fundsTexts.currentInvestorBalance}
          value={statistics.data?.totalCurrentBalance}
          testId="total-current-investor-balance"
        />
      </Stack>
    </Paper>
  );
}
