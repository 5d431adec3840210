/**
 * Writes <dist>/.vite/route-preloads.json after `vite build`: for every route of src/app/routes.ts
 * with a screen, the chunks a first visit to it loads besides the entry (its screen's chunk, the
 * query cache's chunk and what they import statically; scripts/chunk-sizes.ts reads the same
 * closure). The server lists them as `<link rel="modulepreload">` in the page it sends for a path
 * of that route (packages/server/src/platform/http/app-page.ts), so they download while the entry
 * downloads and runs, instead of after it asked for them.
 *
 *   node --import tsx packages/web/scripts/route-preloads.ts [--dist <dir>]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RoutePreloads, routePreloadsFile, routePreloadsSchema } from '@lm/domain';
import { routes } from '../src/app/routes';
import { defaultDistDir, readManifest, routeKeys, staticClosure } from './chunk-sizes';

/** What each route preloads, in the route table's order; routes without a screen preload nothing. */
export function routePreloads(distDir: string = defaultDistDir): RoutePreloads {
  const { manifest, entryKey } = readManifest(distDir);
  // the entry and what it imports statically are the page's own script (and Vite's own preloads)
  const entryKeys = staticClosure(manifest, [entryKey]);
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  const preloads = routes
    .filter((route) => route.screen !== null)
    .map((route) => ({
      path: route.path,
      files: [...routeKeys(manifest, route)].filter((key) => !entryKeys.has(key)).map(fileOf),
    }));
  return routePreloadsSchema.parse(preloads);
}

export function writeRoutePreloads(distDir: string = defaultDistDir): string {
  const file = path.join(distDir, routePreloadsFile);
  fs.writeFileSync(file, `${JSON.stringify(routePreloads(distDir), null, 1)}\n`);
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--dist');
  const given = at > 0 ? process.argv[at + 1] : undefined;
  const distDir = given ? path.resolve(given) : defaultDistDir;
  const file = writeRoutePreloads(distDir);
  console.log(`route preloads: ${path.relative(process.cwd(), file)}`);
}
