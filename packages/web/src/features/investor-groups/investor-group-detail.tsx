import { formatDateTime, investorEditorRoles, investorGroupStatusLabels, malformedDataMessage } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { useListState } from '../../shared/list/use-list';
import { useUser } from '../../shared/session/session-store';
import { ServerTable } from '../../shared/table/server-table';
import { groupInvestorsList, InfoGrid } from '../investors';
import { EditInvestorGroupDialog } from './edit-investor-group-dialog';
import { groupAccountsList, useInvestorGroupQuery } from './investor-groups-api';

/** The group's detail: its fields, Group Accounts and Group Investors, and Edit Investor Group. */
export function InvestorGroupDetail({ id }: { id: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const group = useInvestorGroupQuery(id);
  const [editing, setEditing] = useState(false);
  const accounts = useMemo(() => groupAccountsList(id), [id]);
  const investors = useMemo(() => groupInvestorsList(id), [id]);
  const accountsState = useListState(accounts, { inUrl: false });
  const investorsState = useListState(investors, { inUrl: false });
  const canEdit = investorEditorRoles.includes(user.type);

  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <Alert severity="error">
        {missing ? malformedDataMessage('Investor Group') : (group.error as Error).message}
      </Alert>
    );
  }
  if (!group.data) return <Skeleton variant="rectangular" height={200} aria-label="Loading investor group" />;
  const data = group.data;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            {data.name}
          </Typography>
          {canEdit && (
            <Button variant="contained" onClick={() => setEditing(true)}>
              Edit Investor Group
            </Button>
          )}
        </Stack>
        <InfoGrid
          label="Group Information"
          items={[
            { label: 'ID', value: data.id },
            { label: 'Name', value: data.name },
            { label: 'ABN', value: data.abn },
            { label: 'ACN', value: data.acn },
            { label: 'Email', value: data.email },
            { label: 'Status', value: investorGroupStatusLabels[data.status as 'ACTIVE'] ?? data.status },
            { label: 'Entity Type', value: data.entityType },
            { label: 'Type', value: data.type },
            { label: 'Created', value: formatDateTime(data.createdAt) },
            { label: 'Updated', value: formatDateTime(data.updatedAt) },
            { label: 'Notes', value: data.notes, multiline: true },
          ]}
        />
      </Paper>
      <ServerTable
        definition={accounts}
        controller={accountsState}
        onRowClick={(row) => navigate(`/investorAccounts/${row.id}`)}
      />
      <ServerTable
        definition={investors}
        controller={investorsState}
        onRowClick={(row) => navigate(`/investors/${row.id}`)}
      />
      {canEdit && editing && <EditInvestorGroupDialog group={data} open={editing} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
