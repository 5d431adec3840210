import { type OnDemand, onDemand } from '../shared/lazy/on-demand';
import { LoadingPage } from '../shared/pages/loading-page';
import type { RouteDefinition } from './routes';
import { screenLoader } from './screen-loaders';

const screens = new Map<string, OnDemand<Record<string, never>>>();

/**
 * A route's screen, loaded on demand from its chunk (shared/lazy/on-demand.tsx): the loading page
 * until the chunk has arrived, then the screen at once. One component per screen, so the start-up
 * code's `preload()` (route-preload.ts) and the router's render share one download. Null for a
 * "coming soon" route.
 */
export function screenOf(route: RouteDefinition): OnDemand<Record<string, never>> | null {
  const load = screenLoader(route);
  if (load === null || route.screen === null) return null;
  let screen = screens.get(route.screen);
  if (!screen) {
    screen = onDemand(() => load().then((module) => module.default), <LoadingPage />);
    screens.set(route.screen, screen);
  }
  return screen;
}
