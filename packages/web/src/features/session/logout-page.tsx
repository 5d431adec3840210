import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadingPage } from '../../shared/pages/loading-page';
import { sessionStore } from '../../shared/session/session-store';

/** /logout: ends the session on the server and in the browser, then shows the login page. */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void sessionStore.logout().then(() => {
      if (!cancelled) navigate('/login', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <LoadingPage />;
}
