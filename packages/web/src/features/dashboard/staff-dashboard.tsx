import { formatDate, formatMoney, formatMoneyCompact, type LoanStatisticsRow, loanStatusLabels } from '@lm/domain';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { listHref } from '../../shared/list/list-state';
import type { Column } from '../../shared/list/list-types';
import { DataTable } from '../../shared/table/data-table';
import { TableLoading } from '../../shared/table/table-loading';
import { loansList } from '../loans';
import {
  accountTotalsQuery,
  activeInvestorsQuery,
  excessPendingCountQuery,
  loanTableQuery,
  pendingWithdrawalsCountQuery,
  type StaffTableId,
  useArrearsCheck,
} from './dashboard-api';
import { ActionTile, StatTile } from './tiles';

/** The fixed investor report limit date (spec core §9). */
const investorReportsLimit = '2025-06-30';
/** Each table is 400px high (spec core §2.4). */
const tableHeightPx = 400;

const statusLabel = (row: LoanStatisticsRow) =>
  row.status ? (loanStatusLabels[row.status as keyof typeof loanStatusLabels] ?? row.status) : '';

const tables: { id: StaffTableId; title: string; columns: Column<LoanStatisticsRow>[] }[] = [
  {
    id: 'status',
    title: 'Loans Status',
    columns: [
      { field: 'status', header: 'Status', flex: 1, value: statusLabel },
      { field: 'count', header: 'Count', kind: 'integer', width: 100 },
    ],
  },
  {
    id: 'arrears',
    title: 'Loans in Arrears',
    columns: [
      { field: 'id', header: 'ID', kind: 'integer', width: 80 },
      { field: 'name', header: 'Name', flex: 1 },
      { field: 'gracePeriodDays', header: 'Grace Days', kind: 'integer', width: 110 },
      { field: 'status', header: 'Status', width: 170, value: statusLabel },
    ],
  },
  {
    id: 'expired',
    title: 'MarketPlace Expired Loans',
    columns: [
      { field: 'id', header: 'ID', kind: 'integer', width: 80 },
      { field: 'name', header: 'Name', flex: 1 },
      { field: 'marketplaceExpiryDate', header: 'Marketplace Expiry', kind: 'date', width: 160 },
    ],
  },
  {
    id: 'funded',
    title: 'Loans Funded Last 30 Days',
    columns: [
      { field: 'id', header: 'ID', kind: 'integer', width: 80 },
      { field: 'name', header: 'Name', flex: 1 },
      { field: 'fundedDate', header: 'Funded Date', kind: 'date', width: 130 },
    ],
  },
];

function rowIdOf(table: StaffTableId) {
  return (row: LoanStatisticsRow) => (table === 'status' ? (row.status ?? '') : (row.id ?? 0));
}

/** Text for screen readers only. */
const srOnly = {
  position: 'absolute',
  // pixels: in sx a width of 1 would mean 100%
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One 400px table with its title and count chip; a row opens what it stands for. */
function LoanTable({
  id,
  title,
  columns,
  hrefOf,
}: {
  id: StaffTableId;
  title: string;
  columns: Column<LoanStatisticsRow>[];
  hrefOf: ((row: LoanStatisticsRow) => string) | null;
}) {
  const navigate = useNavigate();
  const { data, isPending } = useQuery(loanTableQuery(id));
  const rows = data ?? [];
  const count = id === 'status' ? rows.reduce((sum, row) => sum + (row.count ?? 0), 0) : rows.length;
  const headingId = `dashboard-table-${id}`;
  return (
    <Card variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId} data-testid={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {title}
        </Typography>
        {/* a chip is a plain element: its text says what it counts (axe refuses an aria-label there) */}
        <Chip
          size="small"
          color="primary"
          label={
            isPending ? (
              '…'
            ) : (
              <>
                {count}
                <Box component="span" sx={srOnly}>
                  {' '}
                  loans
                </Box>
              </>
            )
          }
        />
      </Box>
      {isPending ? (
        // the rows on their way (asked for as the app started): the grid mounts once, with them
        <TableLoading label={title} height={tableHeightPx} />
      ) : (
        <DataTable
          label={title}
          rows={rows}
          columns={columns}
          getRowId={rowIdOf(id)}
          height={tableHeightPx}
          pageSizes={[100]}
          {...(hrefOf ? { onRowClick: (row: LoanStatisticsRow) => navigate(hrefOf(row)) } : {})}
        />
      )}
    </Card>
  );
}

/**
 * The administrator's dashboard (MANAGEMENT, with `actions`) and the reduced staff one (SUPPORT and
 * AUDITOR): spec core §2.4. The reduced one has the same tables without tiles; its rows are plain
 * links without a filter, and none for the auditor, who has no loan screens.
 */
export function StaffDashboard({ mode }: { mode: 'administrator' | 'support' | 'auditor' }) {
  const administrator = mode === 'administrator';
  const hrefOf = useMemo(
    () =>
      (table: StaffTableId): ((row: LoanStatisticsRow) => string) | null => {
        if (mode === 'auditor') return null;
        if (table === 'status') {
          return administrator
            ? (row) => listHref('/loans', loansList, { status: row.status ? [row.status] : [] })
            : () => '/loans';
        }
        return (row) => `/loans/${row.id}`;
      },
    [mode, administrator],
  );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {administrator && <AdministratorTiles />}
      <Grid container spacing={2}>
        {tables.map((table) => (
          <Grid key={table.id} size={{ xs: 12, lg: 6 }}>
            <LoanTable {...table} hrefOf={hrefOf(table.id)} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function AdministratorTiles() {
  const totals = useQuery(accountTotalsQuery);
  const investors = useQuery(activeInvestorsQuery);
  const pending = useQuery(pendingWithdrawalsCountQuery);
  const excess = useQuery(excessPendingCountQuery);
  const arrears = useArrearsCheck();
  const money = (value: number | undefined) => (value === undefined ? undefined : formatMoneyCompact(value));
  return (
    <>
      <Grid container spacing={2} component="section" aria-label="Totals">
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatTile
            label="Total Available Balance"
            value={money(totals.data?.totalAvailableBalance)}
            title={formatMoney(totals.data?.totalAvailableBalance)}
            testId="tile-total-available"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatTile
            label="Total Current Balance"
            value={money(totals.data?.totalCurrentBalance)}
            title={formatMoney(totals.data?.totalCurrentBalance)}
            testId="tile-total-current"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatTile label="Investors" value={investors.data} testId="tile-investors" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatTile
            label="Investor Reports Limit"
            value={formatDate(investorReportsLimit)}
            testId="tile-reports-limit"
          />
        </Grid>
      </Grid>
      <Grid container spacing={2} component="section" aria-label="Actions">
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <ActionTile
            label="Pending Withdrawals"
            icon={<HourglassTopIcon />}
            to="/transactions/withdrawals/pending"
            count={pending.data}
            testId="action-pending-withdrawals"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <ActionTile
            label="Excess Pending"
            icon={<AccountBalanceIcon />}
            to="/transactions/repayments/excess"
            count={excess.data}
            testId="action-excess-pending"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <ActionTile
            label="Run Arrears Check"
            icon={<PlaylistAddCheckIcon />}
            onClick={() => arrears.mutate()}
            busy={arrears.isPending}
            testId="action-arrears-check"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <ActionTile
            label="Fractionalise Repayments"
            icon={<CallSplitIcon />}
            to="/transactions/repayments/excess"
            testId="action-fractionalise"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <ActionTile label="Create New Loan" icon={<AddCircleIcon />} to="/loans/new" testId="action-new-loan" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
          <ActionTile
            label="Upload Repayments"
            icon={<UploadFileIcon />}
            to="/transactions/repayments/upload"
            testId="action-upload-repayments"
          />
        </Grid>
      </Grid>
    </>
  );
}
