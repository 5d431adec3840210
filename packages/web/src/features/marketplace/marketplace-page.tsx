import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  interestCalculationMethodLabels,
  interestTypeLabels,
  investorKindOf,
  loanMessages,
  Role,
  securityTypeLabels,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { readChosenMarketplaceAccount, writeChosenMarketplaceAccount } from '../../shared/api/storage';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { listKey, useList, useListState } from '../../shared/list/use-list';
import { useUser } from '../../shared/session/session-store';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { InfoSection, labelOf } from '../loans';
import { AccountHeader } from './account-header';
import {
  marketplaceList,
  marketplaceLoanKey,
  marketplaceLoanQuery,
  type OwnAccount,
  ownAccountsQuery,
  termText,
} from './marketplace-api';
import { marketplaceTexts } from './marketplace-texts';

// The invest dialogs (forms, their rules) load when one opens.
const InvestorInvestDialog = onDemand(() => import('./investor-invest-dialog').then((m) => m.InvestorInvestDialog));
const ManagementInvestDialog = onDemand(() => import('../loans').then((m) => m.ManagementInvestDialog));

/** The list, or the empty-state sentence of core §2.6 when no loan is open for funding. */
function MarketplaceList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const controller = useListState(marketplaceList);
  // the same query the table runs (one request): no loan on its first page, unfiltered, is the empty state
  const list = useList(marketplaceList, controller.state);
  const filtered = Object.keys(controller.state.filters).length > 0;
  if (list.isSuccess && list.data.rows.length === 0 && controller.state.page === 0 && !filtered) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography data-testid="marketplace-empty">{loanMessages.marketplaceEmpty}</Typography>
      </Paper>
    );
  }
  return (
    <ServerTable
      definition={marketplaceList}
      controller={controller}
      title="Loans open for funding"
      onRowClick={(row) => navigate(detailPath('/marketplace', row.id, search))}
    />
  );
}

function MarketplaceLoanDetail({
  id,
  accounts,
  accountId,
}: {
  id: string;
  accounts: readonly OwnAccount[];
  accountId: number | null;
}) {
  const user = useUser();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const loanRead = useQuery({ ...marketplaceLoanQuery(id), meta: { silent: true } });
  // the dialog belongs to the loan it was opened on (another loan starts without it)
  const [investingIn, setInvestingIn] = useState<string | null>(null);
  if (loanRead.isError) return <Alert severity="error">{(loanRead.error as Error).message}</Alert>;
  const loan = loanRead.data;
  if (!loan) return <Skeleton variant="rectangular" height={320} aria-label="Loading loan" />;

  const isManagement = user.type === Role.MANAGEMENT;
  const isInvestor = user.type === Role.INVESTOR || user.type === Role.INVESTOR_READ_ONLY;
  const investRefusal =
    user.type === Role.INVESTOR_READ_ONLY
      ? marketplaceTexts.readOnlyCannotInvest
      : isInvestor && accounts.length === 0
        ? marketplaceTexts.noAccount
        : loan.marketplaceStatus === 'LOCKED'
          ? marketplaceTexts.lockedLoan
          : null;
  // after an investment the list shows what is still open (a loan it fully funded has left the marketplace)
  const refresh = () => {
    navigate(`/marketplace${search}`);
    queryClient.removeQueries({ queryKey: marketplaceLoanKey(loan.id) });
    void queryClient.invalidateQueries({ queryKey: listKey(marketplaceList) });
    void queryClient.invalidateQueries({ queryKey: ownAccountsQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: ['loan', String(loan.id)] });
    void queryClient.invalidateQueries({ queryKey: ['accounts', 'portfolio'] });
  };
  const investButton = (
    <Button variant="contained" disabled={investRefusal !== null} onClick={() => setInvestingIn(String(loan.id))}>
      Invest
    </Button>
  );
  const details = loan.loanDetails;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {loan.name}
        </Typography>
        {isManagement && (
          <Button component={Link} to={`/loans/${loan.id}`} variant="outlined">
            Loan
          </Button>
        )}
        {(isManagement || isInvestor) &&
          (investRefusal === null ? (
            investButton
          ) : (
            <Tooltip title={investRefusal} describeChild>
              <span>{investButton}</span>
            </Tooltip>
          ))}
      </Stack>
      <InfoSection
        title="Loan Information"
        items={[
          { label: 'ID', value: loan.id },
          { label: 'Amount', value: formatMoney(loan.amount) },
          { label: 'Funded Amount', value: formatMoney(loan.fundedAmount) },
          { label: 'Remaining', value: formatMoney(loan.fundingRemaining) },
          { label: 'Rate p.a.', value: formatPercent(loan.marketplaceRate) },
          { label: 'Loan Type', value: labelOf(interestCalculationMethodLabels, loan.interestCalculationMethod) },
          {
            label: 'Interest Type',
            value: interestTypeLabels[loan.interestType as keyof typeof interestTypeLabels] ?? loan.interestType,
          },
          { label: 'Term', value: termText(loan) },
          { label: 'Marketplace Closes', value: formatDateTime(loan.marketplaceExpiryDate) },
          { label: 'Disbursement Date', value: formatDate(loan.disbursementDate) },
          { label: 'Loan Purpose', value: details?.loanPurpose },
          { label: 'Industry', value: details?.industryType },
          { label: 'Company State', value: details?.companyState },
          { label: 'Business Age', value: details?.businessAge },
          {
            label: 'Security Type',
            value: details?.securityType
              ? (securityTypeLabels[details.securityType as keyof typeof securityTypeLabels] ?? details.securityType)
              : null,
          },
          { label: 'Loan Story', value: details?.loanStory, multiline: true },
        ]}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <LinearProgress
            variant="determinate"
            value={loan.fundedProgress}
            sx={{ flexGrow: 1, height: 8, borderRadius: 1 }}
            aria-label="Funded progress"
          />
          <Typography variant="body2" data-testid="funded-progress">
            {formatPercent(loan.fundedProgress)} funded
          </Typography>
        </Stack>
      </InfoSection>
      {investingIn === String(loan.id) && user.type === Role.INVESTOR && (
        <InvestorInvestDialog
          key={loan.id}
          loan={loan}
          accounts={accounts}
          accountId={accountId}
          kind={investorKindOf(user.type)}
          onClose={() => setInvestingIn(null)}
          onDone={refresh}
        />
      )}
      {investingIn === String(loan.id) && isManagement && (
        <ManagementInvestDialog key={loan.id} loan={loan} onClose={() => setInvestingIn(null)} onDone={refresh} />
      )}
    </Stack>
  );
}

/**
 * /marketplace and /marketplace/{id} (spec core §2.6; all five roles): the loans open for funding
 * (expiry ascending, or the empty-state sentence); a loan's information tab with 'Loan' (the
 * administrator's shortcut to /loans/{id}) and 'Invest'. Investors see the account-selector header.
 */
export default function MarketplacePage() {
  const user = useUser();
  const isInvestor = user.type === Role.INVESTOR || user.type === Role.INVESTOR_READ_ONLY;
  const accounts = useQuery({ ...ownAccountsQuery, enabled: isInvestor });
  const list: readonly OwnAccount[] = accounts.data ?? [];
  // the chosen account outlives opening a loan, going back and leaving the marketplace (this tab only);
  // an id that is not one of this investor's accounts falls back to the first
  const [chosen, setChosenState] = useState<number | null>(readChosenMarketplaceAccount);
  const setChosen = (id: number) => {
    writeChosenMarketplaceAccount(id);
    setChosenState(id);
  };
  const accountId = list.some((a) => a.id === chosen) ? chosen : (list[0]?.id ?? null);
  return (
    <>
      <PageTitle title="Marketplace" />
      {isInvestor && <AccountHeader accounts={list} accountId={accountId} onChange={setChosen} />}
      <ListDetailTabs
        basePath="/marketplace"
        listLabel="Marketplace"
        detailLabel="Loan Information"
        list={<MarketplaceList />}
        detail={(id) => <MarketplaceLoanDetail id={id} accounts={list} accountId={accountId} />}
      />
    </>
  );
}
