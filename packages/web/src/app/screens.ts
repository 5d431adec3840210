import type { ComponentType } from 'react';
import type { RouteDefinition } from './routes';

type ScreenModule = { default: ComponentType };

// Every screen is its own chunk: the login page loads without the data grid or the charts.
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

type Screen = ComponentType;
const loadedScreens = new Map<string, Screen>();
const pendingScreens = new Map<string, Promise<Screen>>();

/**
 * A route's screen component, loaded once: the start-up code asks for the first screen's chunk
 * as the app starts (route-preload.ts) and the router renders it from here. A failed download is
 * forgotten, so the next visit asks again. Null for a "coming soon" route.
 */
export function loadScreen(route: RouteDefinition): Promise<Screen> | null {
  const load = screenLoader(route);
  if (load === null || route.screen === null) return null;
  const key = route.screen;
  const pending =
    pendingScreens.get(key) ??
    load().then(
      (module) => {
        loadedScreens.set(key, module.default);
        return module.default;
      },
      (error: unknown) => {
        pendingScreens.delete(key);
        throw error;
      },
    );
  pendingScreens.set(key, pending);
  return pending;
}

/** The route's screen if its chunk has loaded already, so it renders at once. */
export function loadedScreen(route: RouteDefinition): Screen | undefined {
  return route.screen === null ? undefined : loadedScreens.get(route.screen);
}
