import type { ComponentType } from 'react';
import type { RouteDefinition } from './routes';

type ScreenModule = { default: ComponentType };

// Every screen is its own chunk: the login page loads without the list table or the charts.
const screenModules = import.meta.glob<ScreenModule>('../features/**/*-page.tsx');

/**
 * The loader of a route's screen chunk, or null for a "coming soon" route. Calling it starts the
 * download of the chunk and (through Vite's preload helper) of every chunk it imports, all at once;
 * the browser keeps one module per URL, so calling it early and again on render costs nothing.
 * Apart from screens.tsx (no React component here), so the start-up code can call it before the
 * app's own chunk has arrived.
 */
export function screenLoader(route: RouteDefinition): (() => Promise<ScreenModule>) | null {
  if (route.screen === null) return null;
  const load = screenModules[`../features/${route.screen}.tsx`];
  if (!load) throw new Error(`The route ${route.path} names a screen that does not exist: ${route.screen}`);
  return load;
}
