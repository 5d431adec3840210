import {
  formatDate,
  formatDateTime,
  investorEditorRoles,
  investorTypeLabels,
  malformedDataMessage,
  roleLabels,
  userStatusLabels,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { WithHistoryTab } from '../../shared/history/history-tab';
import { useListState } from '../../shared/list/use-list';
import { useUser } from '../../shared/session/session-store';
import { ServerTable } from '../../shared/table/server-table';
import { EditInvestorDialog } from './edit-investor-dialog';
import { InfoGrid } from './info-grid';
import {
  accreditationLabel,
  investorAccountsList,
  investorGroupsOfInvestorList,
  useInvestorQuery,
} from './investors-api';
import { SendEmailButtons } from './send-email-buttons';

function address(parts: readonly (string | null)[]): string | null {
  const text = parts.filter(Boolean).join(' ');
  return text === '' ? null : text;
}

/** The Investor Information tab: the investor, its accounts and groups, and the staff actions. */
/** The Investor Information tab with its History tab (staff). */
export function InvestorDetail({ id }: { id: string }) {
  return (
    <WithHistoryTab entity="investors" id={id}>
      <InvestorInformation id={id} />
    </WithHistoryTab>
  );
}

function InvestorInformation({ id }: { id: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const investor = useInvestorQuery(id);
  const [editing, setEditing] = useState(false);
  const accounts = useMemo(() => investorAccountsList(id), [id]);
  const groups = useMemo(() => investorGroupsOfInvestorList(id), [id]);
  const accountsState = useListState(accounts, { inUrl: false });
  const groupsState = useListState(groups, { inUrl: false });
  const canEdit = investorEditorRoles.includes(user.type);

  if (investor.isError) {
    const missing = investor.error instanceof ApiError && investor.error.status === 404;
    return (
      <Alert severity="error">{missing ? malformedDataMessage('Investor') : (investor.error as Error).message}</Alert>
    );
  }
  if (!investor.data) return <Skeleton variant="rectangular" height={240} aria-label="Loading investor" />;
  const data = investor.data;
  const person = data.user;
  if (!person) return <Alert severity="error">{malformedDataMessage('Investor')}</Alert>;
  const name = [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ');

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            {name}
          </Typography>
          {canEdit && (
            <>
              <Button variant="contained" onClick={() => setEditing(true)}>
                Edit Investor
              </Button>
              <SendEmailButtons username={person.email} />
            </>
          )}
        </Stack>
        <InfoGrid
          label="Investor Information"
          items={[
            { label: 'Investor ID', value: data.id },
            { label: 'User ID', value: person.id },
            { label: 'First Name', value: person.firstName },
            { label: 'Middle Name', value: person.middleName },
            { label: 'Last Name', value: person.lastName },
            { label: 'Email', value: person.email },
            { label: 'Role', value: roleLabels[person.type as keyof typeof roleLabels] ?? person.type },
            { label: 'Status', value: userStatusLabels[person.status] ?? person.status },
            { label: 'Mobile Number 1', value: person.mobileNumber1 },
            { label: 'Mobile Number 2', value: person.mobileNumber2 },
            { label: 'Contact Number', value: person.homePhone },
            { label: 'Third Party ID', value: person.thirdPartyId },
            {
              label: 'Investor Type',
              value: data.investorType ? (investorTypeLabels[data.investorType] ?? data.investorType) : null,
            },
            { label: 'Accreditation Level', value: accreditationLabel(data.accreditationLevel) },
            { label: 'Accredited Date', value: data.accreditedDate ? formatDate(data.accreditedDate) : null },
            { label: 'Tax File Number', value: data.taxFileNumber },
            {
              label: 'Address',
              value: address([
                data.addressStreetNumber,
                data.addressStreetName,
                data.addressSuburb,
                data.addressState,
                data.addressPostcode,
                data.addressCountry,
              ]),
            },
            { label: 'Address Type', value: data.addressType },
            { label: 'Created', value: formatDateTime(data.createdAt) },
            { label: 'Notes', value: person.notes, multiline: true },
          ]}
        />
      </Paper>
      <ServerTable
        definition={accounts}
        controller={accountsState}
        onRowClick={(row) => navigate(`/investorAccounts/${row.id}`)}
      />
      <ServerTable
        definition={groups}
        controller={groupsState}
        onRowClick={(row) => navigate(`/investorGroups/${row.id}`)}
      />
      {canEdit && editing && (
        <EditInvestorDialog user={person} investorId={data.id} open={editing} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}
