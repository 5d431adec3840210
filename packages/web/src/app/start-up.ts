import { sessionStore } from '../shared/session/session-store';
import { preloadRoute } from './route-preload';

/** Asks the server whether it can serve (GET /api/health). */
async function platformAvailable(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { success?: boolean };
    return response.ok && body.success === true;
  } catch {
    return false;
  }
}

/**
 * Everything the first screen needs starts together as the app starts, before React renders:
 * the health check, the session check with the user's details, the route's code and its first
 * data. Nothing waits for another round trip.
 */
function startUp(): Promise<boolean> {
  void sessionStore.init();
  return platformAvailable();
}

let firstCheck: Promise<boolean> | null = null;
// main.tsx imports this module before React DOM, Material UI and the app's shell, so these
// requests leave as the entry starts to run, not once all of it has been evaluated
if (typeof window !== 'undefined') {
  firstCheck = startUp();
  preloadRoute(window.location);
}

/** The start-up health check's answer the first time (then a new check each time). */
export function platformCheck(): Promise<boolean> {
  const pending = firstCheck ?? startUp();
  firstCheck = null;
  return pending;
}
