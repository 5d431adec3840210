import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { QueryGate } from './query-gate';
import { routeFor, usesQueries } from './routes';
import { screenOf } from './screens';
import { isUnsupportedBrowser } from './unsupported-browser';

/**
 * The app itself (React DOM, Material UI, the router and the shell), loaded by main.tsx after the
 * start-up requests have left. The first screen's component and the query cache's are asked for
 * here before the first render: their chunks, which the start-up code asked for, have arrived by
 * now or are on their way, so the first render finds them loaded rather than shows the loading page.
 */
const route = routeFor(window.location.pathname);
if (route) {
  if (usesQueries(route)) void QueryGate.preload().catch(() => undefined);
  void screenOf(route)
    ?.preload()
    .catch(() => undefined);
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App unsupportedBrowser={isUnsupportedBrowser(navigator.userAgent)} />
    </StrictMode>,
  );
}
