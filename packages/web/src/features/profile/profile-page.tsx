import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { useUser } from '../../shared/session/session-store';
import { ChangePasswordTab } from './change-password-tab';
import { ProfileDetails } from './profile-details';
import { profileTabOf, profileTabsFor } from './profile-tabs';

// the money tabs (investor roles only) load with their own chunk
const DepositFundsTab = onDemand(() => import('../funds').then((m) => m.DepositFundsTab), <LoadingPage />);
const WithdrawFundsTab = onDemand(() => import('../funds').then((m) => m.WithdrawFundsTab), <LoadingPage />);

function TabContent({ slug }: { slug: string }) {
  switch (slug) {
    case 'change-password':
      return <ChangePasswordTab />;
    case 'deposit':
      return <DepositFundsTab />;
    case 'withdraw':
      return <WithdrawFundsTab />;
    default:
      return <ProfileDetails />;
  }
}

/** /profile/:tab with the left tabs of investor-and-admin §2 and their visibility rules. */
export default function ProfilePage() {
  const user = useUser();
  const { tab } = useParams();
  const tabs = profileTabsFor(user.type);
  const current = profileTabOf(tab, user.type);
  return (
    <>
      <PageTitle title="My Profile" />
      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, minHeight: 360 }}>
        <Tabs
          orientation="vertical"
          value={current.slug}
          aria-label="Profile sections"
          sx={{ borderRight: { sm: 1 }, borderColor: { sm: 'divider' }, minWidth: 200 }}
        >
          {tabs.map((t) => (
            <Tab
              key={t.slug}
              value={t.slug}
              label={t.label}
              component={Link}
              to={`/profile/${t.slug}`}
              id={`profile-tab-${t.slug}`}
              aria-controls="profile-tabpanel"
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id="profile-tabpanel"
          aria-labelledby={`profile-tab-${current.slug}`}
          sx={{ p: 3, flexGrow: 1 }}
        >
          <TabContent slug={current.slug} />
        </Box>
      </Paper>
    </>
  );
}
