import {
  type ApproverRelationship,
  approverRelationshipLabels,
  formatDate,
  formatDateTime,
  investorApplication,
  investorTypeLabels,
} from '@lm/domain';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { notifyError } from '../../shared/toast/toast-store';
import { InfoSection } from '../loans';
import { ApplicationSummary } from './application-summary';
import {
  type ApplicationView,
  applicationStatusLabel,
  downloadApplicationFile,
  useApplicationApprovalsQuery,
  useApplicationFilesQuery,
  useApplicationQuery,
  useDecideApplication,
} from './onboarding-api';

const listPath = '/onboarding/investorApplications';

function Approvals({ id }: { id: string }) {
  const approvals = useApplicationApprovalsQuery(id);
  if (approvals.isError) return <Alert severity="error">{(approvals.error as Error).message}</Alert>;
  if (!approvals.data) return <Skeleton variant="rectangular" height={80} aria-label="Loading approvals" />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Approvals
      </Typography>
      {approvals.data.length === 0 ? (
        <Typography>No data to display</Typography>
      ) : (
        <Table size="small" aria-label="Approvals">
          <TableHead>
            <TableRow>
              <TableCell>Status</TableCell>
              <TableCell>Approver</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Mobile</TableCell>
              <TableCell>Relationship</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {approvals.data.map((approval) => (
              <TableRow key={approval.id}>
                <TableCell>{applicationStatusLabel(approval.status)}</TableCell>
                <TableCell>
                  {[approval.title, approval.firstName, approval.middleName, approval.lastName]
                    .filter(Boolean)
                    .join(' ')}
                </TableCell>
                <TableCell>{approval.email}</TableCell>
                <TableCell>{approval.mobile ?? '-'}</TableCell>
                <TableCell>
                  {approval.relationships
                    .map((name) => approverRelationshipLabels[name as ApproverRelationship] ?? name)
                    .join(', ') || '-'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

function Files({ application }: { application: ApplicationView }) {
  const files = useApplicationFilesQuery(String(application.id));
  if (files.isError) return <Alert severity="error">{(files.error as Error).message}</Alert>;
  if (!files.data) return <Skeleton variant="rectangular" height={80} aria-label="Loading files" />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Files
      </Typography>
      {files.data.length === 0 ? (
        <Typography>No data to display</Typography>
      ) : (
        <Table size="small" aria-label="Files">
          <TableHead>
            <TableRow>
              <TableCell>Document</TableCell>
              <TableCell>Original Name</TableCell>
              <TableCell align="right">Download</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.data.map((file) => (
              <TableRow key={file.id}>
                <TableCell>{file.document.name}</TableCell>
                <TableCell>{file.document.originalName}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    aria-label={`Download ${file.document.name}`}
                    onClick={() => downloadApplicationFile(application.id, file).catch(notifyError)}
                  >
                    Download
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * The Application Information tab (investor-and-admin §2 "Onboarding review"): the application,
 * its data as the applicant entered it, the approvals and the files; Approve (once the reviewer
 * ticks that all required parties have approved) and Deny, each confirmed, then back to the list.
 */
export function ApplicationReview({ id }: { id: string }) {
  const navigate = useNavigate();
  const application = useApplicationQuery(id);
  const { approve, deny } = useDecideApplication(id);
  const [allApproved, setAllApproved] = useState(false);
  const [confirming, setConfirming] = useState<'approve' | 'deny' | null>(null);
  if (application.isError) return <Alert severity="error">{(application.error as Error).message}</Alert>;
  if (!application.data) return <Skeleton variant="rectangular" height={240} aria-label="Loading application" />;
  const a = application.data;
  const pending = a.status === 'PENDING' && a.finalisedDate === null;
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Application {a.applicationId}
        </Typography>
        {pending && (
          <>
            <FormControlLabel
              control={<Checkbox checked={allApproved} onChange={(event) => setAllApproved(event.target.checked)} />}
              label="All required parties have approved"
            />
            <Button variant="contained" disabled={!allApproved} onClick={() => setConfirming('approve')}>
              Approve
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirming('deny')}>
              Deny
            </Button>
          </>
        )}
      </Stack>
      <InfoSection
        title="Application"
        items={[
          { label: 'ID', value: a.id },
          { label: 'Application ID', value: a.applicationId },
          { label: 'Status', value: applicationStatusLabel(a.status) },
          { label: 'Creation Date', value: formatDateTime(a.creationDate) },
          { label: 'Finalised Date', value: a.finalisedDate ? formatDateTime(a.finalisedDate) : '-' },
          { label: 'Investing Entity', value: a.entityName },
          {
            label: 'Investor Type',
            value: investorTypeLabels[a.investorType as keyof typeof investorTypeLabels] ?? a.investorType,
          },
          { label: 'Applicant', value: name },
          { label: 'Email', value: a.email },
          {
            label: 'Certificate Expiry',
            value: a.certificateExpiryDate ? formatDate(a.certificateExpiryDate) : '-',
          },
          { label: 'Investor ID', value: a.investorId ?? '-' },
          { label: 'Version', value: a.version },
        ]}
      />
      <Approvals id={id} />
      <Files application={a} />
      <Typography variant="h6" component="h3">
        Application Data
      </Typography>
      <ApplicationSummary definition={investorApplication} values={a.data} withFiles={false} />
      {confirming === 'approve' && (
        <ConfirmDialog
          open
          title="Approve Application"
          message={`Approve the application ${a.applicationId} of ${a.entityName}? The investor, its account and its login are created, and ${a.email} is sent the login details.`}
          confirmLabel="Approve"
          onConfirm={() => approve.mutateAsync().then(() => navigate(listPath))}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming === 'deny' && (
        <ConfirmDialog
          open
          destructive
          title="Deny Application"
          message={`Deny the application ${a.applicationId} of ${a.entityName}? ${a.email} is sent a notice.`}
          confirmLabel="Deny"
          onConfirm={() => deny.mutateAsync().then(() => navigate(listPath))}
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}
