import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingPage } from '../shared/pages/loading-page';
import { sessionStore, useSession } from '../shared/session/session-store';
import { Toaster } from '../shared/toast/toaster';
import { ErrorBoundary } from './error-boundary';
import { MaintenancePage } from './maintenance-page';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';
import { theme } from './theme';
import { UnsupportedBrowserPage } from './unsupported-browser-page';

const queryClient = createQueryClient();

/** Asks the server whether it can serve (GET /api/health) before anything else. */
async function platformAvailable(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { success?: boolean };
    return response.ok && body.success === true;
  } catch {
    return false;
  }
}

function Platform() {
  const session = useSession();
  const [available, setAvailable] = useState<boolean | null>(null);
  const check = () => {
    setAvailable(null);
    void platformAvailable().then((up) => {
      setAvailable(up);
      if (up) void sessionStore.init();
    });
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
          <QueryClientProvider client={queryClient}>
            <Platform />
            <Toaster />
          </QueryClientProvider>
        )}
      </ErrorBoundary>
    </ThemeProvider>
  );
}
