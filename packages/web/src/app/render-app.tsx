import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { QueryGate } from './query-gate';
import { landsOn } from './route-preload';
import { routeFor, usesQueries } from './routes';
import { screenOf } from './screens';
import { isUnsupportedBrowser } from './unsupported-browser';

/**
 * The app itself (React DOM, Material UI, the router and the shell), loaded by main.tsx after the
 * start-up requests have left. The first render waits for the first screen's code and the query
 * cache's (the start-up code asked for both; they have usually arrived by now, but a module graph
 * is evaluated in tasks of its own after its download) for at most `firstScreenWaitMs`: the page
 * then renders once, shell and screen together, rather than the loading page first and the screen
 * in a second render, each with its own layout and paint (about 30 ms of the main thread before a
 * list's first row). A download that fails or takes longer does not hold the app back: the
 * loading page stands in as before and the router asks again.
 */
const firstScreenWaitMs = 400;

function firstScreenCode(): Promise<unknown> {
  const route = routeFor(window.location.pathname);
  // a visitor the route sends elsewhere (signed out, another role) sees the loading page at once
  if (!route || !landsOn(route)) return Promise.resolve();
  const loading = [screenOf(route)?.preload(), usesQueries(route) ? QueryGate.preload() : undefined];
  return Promise.all(loading.map((pending) => pending?.catch(() => undefined)));
}

function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App unsupportedBrowser={isUnsupportedBrowser(navigator.userAgent)} />
    </StrictMode>,
  );
}

void Promise.race([firstScreenCode(), new Promise((resolve) => setTimeout(resolve, firstScreenWaitMs))]).then(render);
