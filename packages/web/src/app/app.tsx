import CssBaseline from '@mui/material/CssBaseline';
// Material UI's ThemeProvider for a theme without CSS variables is this provider (its
// ThemeProviderNoVars); imported from @mui/system, the entry goes without the CSS-variables
// provider that Material UI's wrapper also imports (3 KB gzip, which the login page loaded)
import { ThemeProvider } from '@mui/system';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingPage } from '../shared/pages/loading-page';
import { sessionStore, useSession } from '../shared/session/session-store';
import { Toaster } from '../shared/toast/toaster';
import { ErrorBoundary } from './error-boundary';
import { MaintenancePage } from './maintenance-page';
import { preloadRoute } from './route-preload';
import { AppRoutes } from './router';
import { theme } from './theme';
import { UnsupportedBrowserPage } from './unsupported-browser-page';

/** Asks the server whether it can serve (GET /api/health). */
async function platformAvailable(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { success?: boolean };
    return response.ok && body.success === true;
  } catch {
    return false;
  }
}

/**
 * Everything the first screen needs starts together as the app starts, before React renders:
 * the health check, the session check with the user's details, the route's code and its first
 * data. Nothing waits for another round trip.
 */
function startUp(): Promise<boolean> {
  void sessionStore.init();
  return platformAvailable();
}
let firstCheck: Promise<boolean> | null = null;
if (typeof window !== 'undefined') {
  firstCheck = startUp();
  preloadRoute(window.location);
}

function Platform() {
  const session = useSession();
  const [available, setAvailable] = useState<boolean | null>(null);
  const check = () => {
    const pending = firstCheck ?? startUp();
    firstCheck = null;
    setAvailable(null);
    void pending.then(setAvailable);
  };
  useEffect(check, []);
  if (available === null) return <LoadingPage />;
  if (!available || session.status === 'unavailable') return <MaintenancePage onRetry={check} />;
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App({ unsupportedBrowser }: { unsupportedBrowser: boolean }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        {unsupportedBrowser ? (
          <UnsupportedBrowserPage />
        ) : (
          <>
            <Platform />
            <Toaster />
          </>
        )}
      </ErrorBoundary>
    </ThemeProvider>
  );
}
