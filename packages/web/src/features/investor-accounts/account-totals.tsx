import { formatMoney, fundsTexts } from '@lm/domain';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAccountStatisticsQuery } from './investor-accounts-api';

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
  const statistics = useAccountStatisticsQuery();
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
