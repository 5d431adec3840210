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
/** The first check's answer once it has come (until the app has read it). */
let firstAnswer: boolean | undefined;
/** Resolves once the first screen's data requests have left (main.tsx loads the app after that). */
export let routeStarted: Promise<void> = Promise.resolve();
// main.tsx is this module and little more, and loads React DOM, Material UI and the app's shell
// after it has run: these requests leave as soon as the small entry has arrived
if (typeof window !== 'undefined') {
  firstCheck = startUp();
  void firstCheck.then((available) => {
    if (firstCheck) firstAnswer = available;
  });
  routeStarted = preloadRoute(window.location);
}

/** The start-up health check's answer the first time (then a new check each time). */
export function platformCheck(): Promise<boolean> {
  const pending = firstCheck ?? startUp();
  firstCheck = null;
  firstAnswer = undefined;
  return pending;
}

/**
 * The start-up health check's answer when it has already come and nothing has read it yet (it
 * usually has by the app's first render): the app then renders the screen at once rather than a
 * loading page first. Undefined otherwise; `platformCheck()` then gives the answer to wait for.
 */
export function takeFirstAnswer(): boolean | undefined {
  const answer = firstAnswer;
  if (answer !== undefined) {
    firstCheck = null;
    firstAnswer = undefined;
  }
  return answer;
}
