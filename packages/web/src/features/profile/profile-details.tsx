import { Role, roleLabels } from '@lm/domain';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useUserDetailsQuery } from './profile-api';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value || '-'}
      </Typography>
    </div>
  );
}

/** The Profile tab: who is signed in; the Accounts link for the first investor kind only. */
export function ProfileDetails() {
  const details = useUserDetailsQuery();
  if (!details.data) {
    return <Skeleton variant="rectangular" height={160} aria-label="Loading profile" />;
  }
  const user = details.data;
  const name = [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ');
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h2">
        Profile
      </Typography>
      <Stack component="dl" spacing={2} sx={{ m: 0 }}>
        <Field label="Name" value={name} />
        <Field label="Email" value={user.email} />
        <Field label="Role" value={roleLabels[user.type] ?? user.type} />
        <Field label="Mobile number" value={user.mobileNumber1} />
      </Stack>
      {user.type === Role.INVESTOR && (
        <div>
          <Button variant="outlined" component={Link} to="/accounts">
            Accounts
          </Button>
        </div>
      )}
    </Stack>
  );
}
