import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingPage } from '../shared/pages/loading-page';
import { useSession } from '../shared/session/session-store';
import { type RouteAccess, routeOutcome } from './routes';

/** Where a signed-out visitor was going; the login page returns there (spec core §2.3). */
export interface LoginRedirectState {
  from: string;
}

/**
 * The role gate of spec core §2.1: signed-out users go to /login (and come back after login),
 * signed-in users without the role go to /403, a signed-in user opening a guest page goes to /.
 */
export function RouteGate({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (access === 'public') return children;
  if (session.status === 'loading') return <LoadingPage />;
  switch (routeOutcome(access, session.user?.type ?? null)) {
    case 'screen':
      return children;
    case 'home':
      return <Navigate to="/" replace />;
    case 'login': {
      const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
      return <Navigate to="/login" replace state={state} />;
    }
    case 'forbidden':
      return <Navigate to="/403" replace />;
  }
}
