/**
 * The web app's route patterns (spec core §2.1): '/loans/:id?' opens /loans and /loans/42, ':id'
 * is one segment, ':id?' an optional one. The web's router picks a screen by them
 * (packages/web/src/app/routes.ts) and the server picks the chunks a first visit to the path
 * preloads (packages/server/src/platform/http/app-page.ts): one rule for both.
 */

/** Turns a route pattern into a matcher of pathnames (a trailing slash allowed). */
export function routePathMatcher(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
}

function staticSegments(pattern: string): number {
  return pattern.split('/').filter((segment) => segment && !segment.startsWith(':')).length;
}

/**
 * The pattern a pathname opens among `patterns`, preferring static segments as React Router
 * ranks them (/loans/new is the New Loan route, /loans/42 the loan); the first such pattern on a
 * tie. Undefined when none matches.
 */
export function bestRoutePath<T extends { path: string }>(
  candidates: RoutePathTable<T>,
  pathname: string,
): T | undefined {
  let best: T | undefined;
  for (const { route, matcher } of candidates) {
    if (!matcher.test(pathname)) continue;
    if (best === undefined || staticSegments(route.path) > staticSegments(best.path)) best = route;
  }
  return best;
}

/** A route table with each route's matcher, made once (routePathTable). */
export type RoutePathTable<T extends { path: string }> = readonly { route: T; matcher: RegExp }[];

/** Matchers for a route table, made once: `bestRoutePath(table, pathname)` then picks. */
export function routePathTable<T extends { path: string }>(routes: readonly T[]): RoutePathTable<T> {
  return routes.map((route) => ({ route, matcher: routePathMatcher(route.path) }));
}
