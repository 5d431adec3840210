import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { readFlag, storageKeys } from '../../shared/api/storage';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { displayName, useSession } from '../../shared/session/session-store';

// shown once per browser: a returning visitor's page loads no dialog code
const WelcomeVideoDialog = onDemand(() => import('./welcome-video-dialog').then((m) => m.WelcomeVideoDialog));

/** Home (spec core §2.2): the Welcome heading, a development label in development builds, the walk-through once. */
export default function HomePage() {
  const { user } = useSession();
  const [walkthroughSeen] = useState(() => readFlag(storageKeys.welcomeVideoSeen));
  return (
    <>
      <PageTitle
        title="Welcome"
        actions={import.meta.env.DEV ? <Chip label="Development" color="warning" size="small" /> : undefined}
      />
      {user ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>Good to see you, {displayName(user)}.</Typography>
          <Button variant="contained" component={Link} to="/dashboard">
            Go to Dashboard
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
          <Typography>
            Invest in Australian business loans through our marketplace, and follow your investments, repayments and
            cash in one place.
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" component={Link} to="/login">
              Login
            </Button>
            <Button variant="outlined" component={Link} to="/invest">
              Apply to invest
            </Button>
          </Stack>
        </Stack>
      )}
      {!walkthroughSeen && <WelcomeVideoDialog />}
    </>
  );
}
