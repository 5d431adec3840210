import { malformedDataMessage, userStatusLabels } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { PageTitle } from '../../shared/layout/page-title';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { InfoGrid } from '../investors';
import { staffList, staffTypeLabels, useStaffMemberQuery } from './staff-api';

function StaffDetail({ id }: { id: string }) {
  const member = useStaffMemberQuery(id);
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return <Alert severity="error">{missing ? malformedDataMessage('Staff') : (member.error as Error).message}</Alert>;
  }
  if (!member.data) return <Skeleton variant="rectangular" height={160} aria-label="Loading staff member" />;
  const data = member.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {[data.firstName, data.lastName].filter(Boolean).join(' ')}
      </Typography>
      <InfoGrid
        label="Staff Information"
        items={[
          { label: 'ID', value: data.id },
          { label: 'Type', value: staffTypeLabels[data.type] ?? data.type },
          { label: 'First Name', value: data.firstName },
          { label: 'Middle Name', value: data.middleName },
          { label: 'Last Name', value: data.lastName },
          { label: 'Email', value: data.email },
          { label: 'Mobile Number', value: data.mobileNumber1 },
          { label: 'Status', value: userStatusLabels[data.status] ?? data.status },
        ]}
      />
    </Paper>
  );
}

/** /staff and /staff/{id} (investor-and-admin §2 Staff): Management and Support staff only. */
export default function StaffPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <PageTitle title="Staff" />
      <ListDetailTabs
        basePath="/staff"
        listLabel="Staff"
        detailLabel="Staff Information"
        list={
          <ServerTable definition={staffList} onRowClick={(row) => navigate(detailPath('/staff', row.id, search))} />
        }
        detail={(id) => (
          <>
            <Button component={Link} to={`/staff${search}`} sx={{ mb: 2 }}>
              All
            </Button>
            <StaffDetail id={id} />
          </>
        )}
      />
    </>
  );
}
