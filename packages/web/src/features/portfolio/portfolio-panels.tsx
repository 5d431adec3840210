import { formatMoney, isPortfolioTabId, type PortfolioTabId, portfolioTabs } from '@lm/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PanelList } from '../../shared/layout/panel-list';
import { useListState } from '../../shared/list/use-list';
import { ServerTable } from '../../shared/table/server-table';
import { type OwnAccount, ownAccountsQuery } from '../accounts';
import {
  type PortfolioInvestmentRow,
  portfolioInvestmentColumns,
  portfolioInvestmentsList,
  usePortfolioSummariesQuery,
} from './portfolio-api';
import { RepaidProgress } from './repaid-progress';

const columns = portfolioInvestmentColumns((row) => (
  <RepaidProgress value={row.repaidProgress} label={`Repaid of the investment in ${row.loanName ?? row.loanId}`} />
));

function TabTable({ account, tabId }: { account: OwnAccount; tabId: PortfolioTabId }) {
  const navigate = useNavigate();
  const tab = portfolioTabs.find((t) => t.id === tabId) ?? portfolioTabs[0]!;
  const definition = useMemo(() => portfolioInvestmentsList(account.id, tab, columns), [account.id, tab]);
  const controller = useListState(definition, { inUrl: false });
  return (
    <ServerTable<PortfolioInvestmentRow>
      definition={definition}
      controller={controller}
      title={`${tab.label} investments`}
      onRowClick={(row) => navigate(`/portfolio/${row.id}`)}
    />
  );
}

function PortfolioPanel({
  account,
  principalOutstanding,
  expanded,
  onToggle,
  initialTab,
}: {
  account: OwnAccount;
  principalOutstanding: number | undefined;
  expanded: boolean;
  onToggle: () => void;
  initialTab: PortfolioTabId;
}) {
  const [tabId, setTabId] = useState<PortfolioTabId>(initialTab);
  useEffect(() => setTabId(initialTab), [initialTab]);
  const base = `portfolio-${account.id}`;
  const index = portfolioTabs.findIndex((t) => t.id === tabId);
  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${base}-summary`} aria-controls={`${base}-details`}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexGrow: 1, alignItems: { sm: 'center' }, pr: 2 }}>
          <Typography component="span" variant="h6" sx={{ flexGrow: 1 }}>
            {account.name}
          </Typography>
          <Typography component="span" color="text.secondary">
            Principal Outstanding{' '}
            <strong data-testid={`principal-outstanding-${account.id}`}>
              {principalOutstanding === undefined ? '…' : formatMoney(principalOutstanding)}
            </strong>
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${base}-details`}>
        <Tabs
          value={Math.max(index, 0)}
          onChange={(_event, value: number) => setTabId(portfolioTabs[value]?.id ?? 'deployed')}
          aria-label={`Investments of ${account.name}`}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {portfolioTabs.map((t) => (
            <Tab key={t.id} label={t.label} id={`${base}-tab-${t.id}`} aria-controls={`${base}-panel`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${tabId}`}>
          <TabTable account={account} tabId={tabId} />
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The Investments tab of /portfolio (investor-and-admin §2 Portfolio): an expandable panel per
 * account with its Principal Outstanding and the tabs Deployed, In Arrears, Pending and Closed.
 * A single account auto-expands; arriving from the dashboard's arrears link (?tab=arrears, with
 * &account=id for one account) expands the panels on the In Arrears tab.
 */
export function PortfolioPanels() {
  const accounts = useQuery(ownAccountsQuery);
  const summaries = usePortfolioSummariesQuery();
  const [params] = useSearchParams();
  const arrivalTab = params.get('tab');
  const arrivalAccount = params.get('account');
  const list = accounts.data ?? [];
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const initialTabOf = (account: OwnAccount): PortfolioTabId =>
    isPortfolioTabId(arrivalTab) && (arrivalAccount === null || arrivalAccount === String(account.id))
      ? arrivalTab
      : 'deployed';

  const idsKey = list.map((a) => a.id).join(',');
  useEffect(() => {
    const ids = idsKey ? idsKey.split(',').map(Number) : [];
    if (ids.length === 1) setExpanded(new Set(ids));
    else if (isPortfolioTabId(arrivalTab)) {
      setExpanded(new Set(arrivalAccount === null ? ids : ids.filter((id) => String(id) === arrivalAccount)));
    }
  }, [idsKey, arrivalTab, arrivalAccount]);

  return (
    <PanelList
      items={list}
      pending={accounts.isPending}
      loadingLabel="Loading the portfolio"
      expanded={expanded}
      onExpandedChange={setExpanded}
      renderPanel={(account, panel) => (
        <PortfolioPanel
          key={account.id}
          account={account}
          principalOutstanding={summaries.data?.find((s) => s.accountId === account.id)?.principalOutstanding}
          expanded={panel.expanded}
          onToggle={panel.onToggle}
          initialTab={initialTabOf(account)}
        />
      )}
    />
  );
}
