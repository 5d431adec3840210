import { formatDateTime, Role } from '@lm/domain';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { WithHistoryTab } from '../../shared/history/history-tab-on-demand';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { useListState } from '../../shared/list/use-list';
import { useUser } from '../../shared/session/session-store';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { clientLoansList, InfoSection } from '../loans';
import { clientsList, useClientQuery } from './clients-api';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const EditClientDialog = onDemand(() => import('./edit-client-dialog').then((m) => m.EditClientDialog));

/** The client's detail tab: its fields, Edit Client (management) and its loans (click goes to /loans/{id}). */
function ClientDetail({ id }: { id: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const client = useClientQuery(id);
  const loans = useMemo(() => clientLoansList(id), [id]);
  const loansState = useListState(loans, { inUrl: false });
  const [editing, setEditing] = useState(false);
  if (client.isError) return <Alert severity="error">{(client.error as Error).message}</Alert>;
  if (!client.data) return <Skeleton variant="rectangular" height={200} aria-label="Loading client" />;
  const c = client.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {c.name}
        </Typography>
        {user.type === Role.MANAGEMENT && (
          <Button variant="contained" onClick={() => setEditing(true)}>
            Edit Client
          </Button>
        )}
      </Stack>
      <InfoSection
        title="Client"
        items={[
          { label: 'ID', value: c.id },
          { label: 'Name', value: c.name },
          { label: 'Created', value: formatDateTime(c.createdAt) },
          { label: 'Updated', value: formatDateTime(c.updatedAt) },
        ]}
      />
      <ServerTable definition={loans} controller={loansState} onRowClick={(row) => navigate(`/loans/${row.id}`)} />
      {editing && <EditClientDialog key={c.id} client={c} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

/**
 * /clients and /clients/{id} (investor-and-admin §2 "Clients"; management, and support in read
 * mode): the list filtered by ID and Name, id ascending; New Client for management; the detail tab.
 */
export default function ClientsPage() {
  const user = useUser();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <PageTitle title="Clients" />
      <ListDetailTabs
        basePath="/clients"
        listLabel="Clients"
        detailLabel="Client Information"
        list={
          <ServerTable
            definition={clientsList}
            onRowClick={(row) => navigate(detailPath('/clients', row.id, search))}
            actions={
              user.type === Role.MANAGEMENT && (
                <Button component={Link} to="/clients/new" variant="contained" startIcon={<AddIcon />}>
                  New Client
                </Button>
              )
            }
          />
        }
        detail={(id) => (
          <WithHistoryTab entity="clients" id={id}>
            <ClientDetail id={id} />
          </WithHistoryTab>
        )}
      />
    </>
  );
}
