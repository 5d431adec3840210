import { lazy, Suspense } from 'react';
import { PageTitle } from '../../shared/layout/page-title';
import { LoadingPage } from '../../shared/pages/loading-page';
import { useUser } from '../../shared/session/session-store';
import { StaffDashboard } from './staff-dashboard';

const InvestorDashboard = lazy(() => import('./investor-dashboard'));

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
        <Suspense fallback={<LoadingPage />}>
          <InvestorDashboard />
        </Suspense>
      ) : (
        <StaffDashboard
          mode={user.type === 'MANAGEMENT' ? 'administrator' : user.type === 'SUPPORT' ? 'support' : 'auditor'}
        />
      )}
    </>
  );
}
