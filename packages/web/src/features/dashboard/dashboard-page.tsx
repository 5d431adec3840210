import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { useUser } from '../../shared/session/session-store';
import { StaffDashboard } from './staff-dashboard';

const InvestorDashboard = onDemand(() => import('./investor-dashboard').then((m) => m.default), <LoadingPage />);

/**
 * /dashboard for all five roles (spec core §2.4): the investor dashboard for the two investor
 * roles, the administrator's for MANAGEMENT, the reduced staff one for SUPPORT and AUDITOR.
 */
export default function DashboardPage() {
  const user = useUser();
  return (
    <>
      <PageTitle title="Dashboard" />
      {user.type === 'INVESTOR' || user.type === 'INVESTOR_READ_ONLY' ? (
        <InvestorDashboard />
      ) : (
        <StaffDashboard
          mode={user.type === 'MANAGEMENT' ? 'administrator' : user.type === 'SUPPORT' ? 'support' : 'auditor'}
        />
      )}
    </>
  );
}
