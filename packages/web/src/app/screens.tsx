import type { ComponentType } from 'react';
import { type OnDemand, onDemand } from '../shared/lazy/on-demand';
import { LoadingPage } from '../shared/pages/loading-page';
import type { RouteDefinition } from './routes';

type ScreenModule = { default: ComponentType };

// Every screen is its own chunk: the login page loads without the list table or the charts.
const screenModules = import.meta.glob<ScreenModule>('../features/**/*-page.tsx');

/**
 * The loader of a route's screen chunk, or null for a "coming soon" route. Calling it starts the
 * download of the chunk and (through Vite's preload helper) of every chunk it imports, all at once;
 * the browser keeps one module per URL, so calling it early and again on render costs nothing.
 */
export function screenLoader(route: RouteDefinition): (() => Promise<ScreenModule>) | null {
  if (route.screen === null) return null;
  const load = screenModules[`../features/${route.screen}.tsx`];
  if (!load) throw new Error(`The route ${route.path} names a screen that does not exist: ${route.screen}`);
  return load;
}

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
