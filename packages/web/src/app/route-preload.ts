import type { Role } from '@lm/domain';
import { decodeAccessToken } from '../shared/api/jwt';
import { readSession } from '../shared/api/storage';
import { isAllowed, type RouteDefinition, routeFor, routeOutcome, startsWithData, usesQueries } from './routes';
import { screenLoader } from './screen-loaders';

/**
 * The role of the stored session's token (an expired one too: the first call refreshes it, once
 * for every call that needs it). Only a guide to what to ask for: the server checks each call.
 */
function storedRole(): Role | null {
  const stored = readSession();
  if (!stored) return null;
  const claims = decodeAccessToken(stored.session.accessToken);
  return claims?.role ? (claims.role as Role) : null;
}

/**
 * Starts, at once and side by side, what the first screen needs: its code (the screen's chunk
 * and every chunk it imports), the query cache's code for a screen that reads through it, and,
 * for a signed-in user allowed on it, its first data (route-data.ts). Called as the app starts,
 * while the session is still being checked, so nothing waits for that. Resolves once the data
 * requests have left (at once for a route without them).
 */
export function preloadRoute(location: { pathname: string; search: string }): Promise<void> {
  const route = routeFor(location.pathname);
  if (!route) return Promise.resolve();
  // the data leaves at once (without TanStack Query's chunk, which the answers wait for), and the
  // query cache's chunk is asked for first: on the browser's six connections it arrives in the
  // first round, before the screen's larger chunks
  const role = signedInOn(route);
  // the data requests' code is a chunk of its own, preloaded by the page of every route with data
  // (scripts/route-preloads.ts): the login page goes without it
  const dataSent = role
    ? import('./route-data').then(
        ({ startData }) => startData(route, location, role),
        () => undefined,
      )
    : Promise.resolve();
  if (usesQueries(route)) void import('./query-provider').catch(() => undefined);
  // a failed download shows when the screen renders (the router asks again)
  void screenLoader(route)?.().catch(() => undefined);
  return dataSent;
}

/**
 * Whether the visitor, by the stored session, lands on the route's screen rather than being sent
 * elsewhere (routeOutcome). Only a guide, like the role it reads.
 */
export function landsOn(route: RouteDefinition): boolean {
  return routeOutcome(route.access, storedRole()) === 'screen';
}

/** The stored session's role when it may open the route and the route's screen has data to ask for. */
function signedInOn(route: RouteDefinition): Role | null {
  if (!startsWithData(route)) return null;
  const role = storedRole();
  return role && isAllowed(route.access, role) ? role : null;
}
