import CssBaseline from '@mui/material/CssBaseline';
// Material UI's ThemeProvider for a theme without CSS variables is this provider (its
// ThemeProviderNoVars); imported from @mui/system, the entry goes without the CSS-variables
// provider that Material UI's wrapper also imports (3 KB gzip, which the login page loaded)
import { ThemeProvider } from '@mui/system';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingPage } from '../shared/pages/loading-page';
import { useSession } from '../shared/session/session-store';
import { Toaster } from '../shared/toast/toaster';
import { ErrorBoundary } from './error-boundary';
import { MaintenancePage } from './maintenance-page';
import { AppRoutes } from './router';
import { platformCheck, takeFirstAnswer } from './start-up';
import { theme } from './theme';
import { UnsupportedBrowserPage } from './unsupported-browser-page';

function Platform() {
  const session = useSession();
  // the start-up check has usually answered by the first render: the screen renders at once
  const [available, setAvailable] = useState<boolean | null>(() => takeFirstAnswer() ?? null);
  const check = () => {
    const pending = platformCheck();
    setAvailable(null);
    void pending.then(setAvailable);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first check only, and only when its answer was not there at the first render
  useEffect(() => {
    if (available === null) check();
  }, []);
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
