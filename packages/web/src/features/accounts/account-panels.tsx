import { formatMoney } from '@lm/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PanelList } from '../../shared/layout/panel-list';
import { detailPath } from '../../shared/table/list-detail-tabs';
import { type OwnAccount, ownAccountsQuery } from './accounts-api';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value || '-'}
      </Typography>
    </Box>
  );
}

function AccountPanel({
  account,
  expanded,
  onToggle,
  onViewTransactions,
}: {
  account: OwnAccount;
  expanded: boolean;
  onToggle: () => void;
  onViewTransactions: () => void;
}) {
  const summaryId = `account-${account.id}-summary`;
  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId} aria-controls={`account-${account.id}-details`}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexGrow: 1, alignItems: { sm: 'center' }, pr: 2 }}>
          <Typography component="span" variant="h6" sx={{ flexGrow: 1 }}>
            {account.name}
          </Typography>
          <Typography color="text.secondary">
            Available Balance <strong>{formatMoney(account.availableBalance)}</strong>
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`account-${account.id}-details`}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
          }}
        >
          <Figure label="Account Name" value={account.name} />
          <Figure label="Available Balance" value={formatMoney(account.availableBalance)} />
          <Figure label="Account Balance" value={formatMoney(account.currentBalance)} />
          <Figure label="Biller Code" value={account.bpayBillerCode ?? ''} />
          <Figure label="Reference" value={account.bpayReferenceNumber ?? ''} />
        </Box>
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={onViewTransactions} aria-label={`View Transactions of ${account.name}`}>
            View Transactions
          </Button>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The Accounts tab (investor-and-admin §2 Accounts): one expandable panel per account with name,
 * available balance, account balance, biller code and reference, and View Transactions. Expand
 * All / Collapse All appear when there is more than one account; a single account auto-expands.
 */
export function AccountPanels() {
  const accounts = useQuery(ownAccountsQuery);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const list = accounts.data ?? [];
  const only = list.length === 1 ? list[0]?.id : undefined;

  useEffect(() => {
    if (only !== undefined) setExpanded(new Set([only]));
  }, [only]);

  return (
    <PanelList
      items={list}
      pending={accounts.isPending}
      loadingLabel="Loading accounts"
      expanded={expanded}
      onExpandedChange={setExpanded}
      renderPanel={(account, panel) => (
        <AccountPanel
          key={account.id}
          account={account}
          expanded={panel.expanded}
          onToggle={panel.onToggle}
          onViewTransactions={() => navigate(detailPath('/accounts', account.id, search))}
        />
      )}
    />
  );
}
