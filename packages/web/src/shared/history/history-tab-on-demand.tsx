import { onDemand } from '../lazy/on-demand';
import { LoadingPage } from '../pages/loading-page';

/**
 * A record's detail with its History tab (history-tab.tsx), loaded on demand when a record is
 * opened: a list paints without it. The list screens import this, not history-tab.tsx.
 */
export const WithHistoryTab = onDemand(() => import('./history-tab').then((m) => m.WithHistoryTab), <LoadingPage />);
