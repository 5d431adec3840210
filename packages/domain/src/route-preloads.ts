import { z } from 'zod';

/**
 * The chunks a first visit to each route preloads, written by the web build beside its manifest
 * (packages/web/scripts/route-preloads.ts) and read by the server, which lists them as
 * `<link rel="modulepreload">` in the page it sends for a path of that route: the route's code
 * downloads beside the entry instead of after it has run.
 */
export const routePreloadsFile = '.vite/route-preloads.json';

export const routePreloadsSchema = z.array(
  z.object({
    path: z.string().startsWith('/'),
    // a hashed script of the build's assets folder, nothing that could break out of an attribute
    files: z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)),
  }),
);
export type RoutePreloads = z.infer<typeof routePreloadsSchema>;
