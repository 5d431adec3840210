import type { ReactNode } from 'react';
import { onDemand } from '../shared/lazy/on-demand';
import { LoadingPage } from '../shared/pages/loading-page';

/**
 * The query cache's provider around a screen, its code (TanStack Query with the app's client,
 * query-provider.tsx) loaded on first use: the entry, and so the login page, goes without it.
 * Until it has arrived the loading page stands in; a failed download goes to the screen's error
 * boundary and the next visit asks again (shared/lazy/on-demand.tsx).
 */
export const QueryGate = onDemand<{ children: ReactNode }>(
  () => import('./query-provider').then((module) => module.QueryProvider),
  <LoadingPage />,
);
