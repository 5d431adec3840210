import {
  accountNameShownMax,
  centsFromNumber,
  centsToNumber,
  dashboardMessages,
  financialYearLabel,
  formatMoney,
  formatMoneyCompact,
  sumCents,
  truncateText,
} from '@lm/domain';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LabelledSelect } from '../../shared/inputs/labelled-select';
import { portfolioArrearsHref } from '../portfolio';
import { investmentShareQuery, portfolioTilesQuery, serverToday, useInvestorAccounts } from './dashboard-api';
import { financialYearView, type GraphSeries, monthsBackView, unknownGraphParams, yearlyView } from './graph-view';
import { IntervalGraph, type Measure } from './interval-graph';
import { IndustryRadar, StateMap } from './investment-charts';
import { StatTile } from './tiles';

const principalColor = '#1565c0';
const interestColor = '#2e7d32';

const paidSeries: GraphSeries[] = [
  { id: 'principal', label: 'Principal', field: 'totalPrincipalAmount', color: principalColor },
  { id: 'interest', label: 'Interest', field: 'totalInterestAmount', color: interestColor },
];
const dueSeries: GraphSeries[] = [
  { id: 'principal', label: 'Principal Due', field: 'totalPrincipalDue', color: principalColor },
  { id: 'interest', label: 'Interest Due', field: 'totalInvestorsInterestDue', color: interestColor },
];
const fundedSeries: GraphSeries[] = [
  { id: 'funded', label: 'Loans Funded', field: 'totalGrossAmount', color: '#6a1b9a' },
];

const dueDisclaimer =
  'Repayments due are estimates from the loans’ schedules; they change when loans are paid out, rescheduled or fall into arrears.';

function sum(values: readonly (number | undefined)[]): number {
  return centsToNumber(sumCents(values.map((v) => centsFromNumber(v ?? 0, true))));
}

/**
 * The investor dashboard (INVESTOR, INVESTOR_READ_ONLY; spec core §2.4): the arrears strip, the
 * header tiles, the three interval graphs (Repayments Paid; Repayments Due this financial year and
 * next; Loans Funded), the industry radar and the state map. The account (`?account=`) and the
 * measure (`?measure=`) apply to all of them and stay in the URL with each graph's drill view.
 */
export default function InvestorDashboard() {
  const [params, setParams] = useSearchParams();
  const today = serverToday();
  const accounts = useInvestorAccounts();
  const accountParam = Number(params.get('account'));
  const accountId = accounts.data?.some((a) => a.id === accountParam) ? accountParam : null;
  const measure: Measure = params.get('measure') === 'count' ? 'count' : 'amount';
  const summaries = useQuery(portfolioTilesQuery(today));
  const arrears = useQuery(investmentShareQuery('loanStatus', accountId));
  const inArrears = arrears.data?.find((row) => row.key === 'ACTIVE_IN_ARREARS')?.count ?? 0;

  const tiles = useMemo(() => {
    const rows = (summaries.data ?? []).filter((row) => accountId === null || row.accountId === accountId);
    if (!summaries.data) return undefined;
    return {
      principal: sum(rows.map((r) => r.principalOutstanding)),
      available: sum(rows.map((r) => r.availableCashBalance)),
      interest: sum(rows.map((r) => r.interestRepaid)),
    };
  }, [summaries.data, accountId]);

  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });

  const moneyTile = (value: number | undefined) => (value === undefined ? undefined : formatMoneyCompact(value));
  const graphProps = { measure, accountId };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert
        severity={inArrears > 0 ? 'warning' : 'info'}
        icon={<WarningAmberIcon />}
        data-testid="arrears-strip"
        sx={{ alignItems: 'center' }}
      >
        <Link component={RouterLink} to={portfolioArrearsHref(accountId ?? undefined)} sx={{ fontWeight: 600 }}>
          Investments in Arrears
        </Link>
        {arrears.data ? ` (${inArrears})` : ''}
      </Alert>

      {unknownGraphParams(params).length > 0 && <Alert severity="warning">{dashboardMessages.graphNotFound}</Alert>}

      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'center' } }}>
        {(accounts.data?.length ?? 0) > 1 && (
          <LabelledSelect
            label="Account"
            size="small"
            sx={{ minWidth: 280, maxWidth: 520 }}
            value={accountId === null ? 'all' : String(accountId)}
            onChange={(value) => setParam('account', value === 'all' ? null : value)}
            testId="account-selector"
          >
            <MenuItem value="all">All</MenuItem>
            {accounts.data?.map((account) => (
              <MenuItem key={account.id} value={String(account.id)} title={account.name}>
                {truncateText(account.name, accountNameShownMax)}
              </MenuItem>
            ))}
          </LabelledSelect>
        )}
        <FormControl>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
            <FormLabel id="dashboard-measure-label">Measure</FormLabel>
            <RadioGroup
              row
              aria-labelledby="dashboard-measure-label"
              value={measure}
              onChange={(event) => setParam('measure', event.target.value === 'count' ? 'count' : null)}
            >
              <FormControlLabel value="amount" control={<Radio size="small" />} label="Amount" />
              <FormControlLabel value="count" control={<Radio size="small" />} label="Number" />
            </RadioGroup>
          </Stack>
        </FormControl>
      </Stack>

      <Grid container spacing={2} component="section" aria-label="Totals">
        <Grid size={{ xs: 12, md: 4 }}>
          <StatTile
            label="Principal Outstanding"
            value={moneyTile(tiles?.principal)}
            title={formatMoney(tiles?.principal)}
            testId="tile-principal-outstanding"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <StatTile
            label="Available Cash Balance"
            value={moneyTile(tiles?.available)}
            title={formatMoney(tiles?.available)}
            testId="tile-available-cash"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <StatTile
            label={`Interest Earned ${financialYearLabel(today)}`}
            value={moneyTile(tiles?.interest)}
            title={formatMoney(tiles?.interest)}
            testId="tile-interest-earned"
          />
        </Grid>
      </Grid>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <IntervalGraph
            id="paid"
            title="Repayments Paid"
            source="repaymentsPaid"
            defaultView={yearlyView(today)}
            series={paidSeries}
            {...graphProps}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <IntervalGraph
            id="funded"
            title="Loans Funded"
            source="loansFunded"
            defaultView={monthsBackView(today, 6)}
            series={fundedSeries}
            {...graphProps}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <IntervalGraph
            id="due"
            title={`Repayments Due ${financialYearLabel(today)}`}
            source="repaymentsDue"
            defaultView={financialYearView(today)}
            series={dueSeries}
            disclaimer={dueDisclaimer}
            {...graphProps}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <IntervalGraph
            id="next"
            title="Next FY Repayments"
            source="repaymentsDue"
            defaultView={financialYearView(today, 1)}
            series={dueSeries}
            disclaimer={dueDisclaimer}
            {...graphProps}
          />
        </Grid>
        <Grid size={{ xs: 12, xl: 6 }}>
          <IndustryRadar {...graphProps} />
        </Grid>
        <Grid size={{ xs: 12, xl: 6 }}>
          <StateMap {...graphProps} />
        </Grid>
      </Grid>
    </Box>
  );
}
