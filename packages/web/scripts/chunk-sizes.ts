/**
 * Gzip size of the JavaScript each route loads, read from the Vite build manifest
 * (<dist>/.vite/manifest.json; build with `npm run build -w @lm/web` first).
 *
 *   node --import tsx packages/web/scripts/chunk-sizes.ts [--json] [--check] [--dist <dir>]
 *
 * The build read is `--dist`, else WEB_DIST_DIR (the build the server serves), else
 * packages/web/dist. For every route of src/app/routes.ts: `ownBytes` is what the route's screen
 * adds (its chunk and the chunks only it pulls in), `totalBytes` what a first visit to the route
 * downloads (the entry plus those, and the query cache's chunk that the router loads before any
 * screen that reads through it; chunks a screen loads on use, such as a dialog or a date picker,
 * are not in it). `--check` fails when a budgeted route is over its budget (`routeBudgets`), the
 * login route pulls in the list table or the charts, a screen without a list table
 * (gridFreeRoutePaths) loads it, a budgeted route loads zod or the dialogs' parts, or two chunks
 * import each other.
 * `routeChunkSizes()` is the same as a function, for the benchmarks and the bundle journey.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type RouteDefinition, routes, startsWithData, usesQueries } from '../src/app/routes';

export interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteChunkSize {
  path: string;
  screen: string | null;
  /** JavaScript files a first visit loads (entry included). */
  files: string[];
  ownBytes: number;
  totalBytes: number;
  /** Heavy parts found in those files ('table', 'charts', 'date-pickers', 'zod', 'dialogs'). */
  heavy: string[];
}

/** Issue 18's JavaScript budgets, gzip, everything a first visit to the route loads. */
export const loginRouteBudgetBytes = 150 * 1024;
export const listRouteBudgetBytes = 300 * 1024;
export const dashboardRouteBudgetBytes = 350 * 1024;

/** The routes whose first screen is a list (the list table with its first page of rows). */
export const listRoutePaths: readonly string[] = [
  '/marketplace/:id?',
  '/portfolio/:id?',
  '/accounts/:id?',
  '/loans/:id?',
  '/investments/:id?',
  '/investors',
  '/transactions/:id?',
  '/investorAccounts/:id?',
  '/investorGroups/:id?',
  '/staff/:id?',
  '/clients/:id?',
  '/transactions/repayments/excess',
  '/transactions/withdrawals/pending',
  '/onboarding/investorApplications/:id?',
];

/** The budget of each budgeted route, by route path. */
export const routeBudgets: ReadonlyMap<string, number> = new Map([
  ['/login', loginRouteBudgetBytes],
  ['/dashboard', dashboardRouteBudgetBytes],
  ...listRoutePaths.map((routePath): [string, number] => [routePath, listRouteBudgetBytes]),
]);

export const defaultDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

// Strings that only the heavy parts' code contains (the libraries' CSS class prefixes, our table's row attribute).
const heavyMarkers: Record<string, string> = {
  // our table (shared/table/grid-table.tsx) marks each body row with its index
  table: 'data-rowindex',
  charts: 'MuiChartsSurface',
  'date-pickers': 'MuiPickersLayout',
  // zod's schema classes: only a form or a dialog parses (docs/decisions/014-route-refs.md)
  zod: '$ZodType',
  // the dialogs' title part: every dialog has one, and a dialog loads when it opens
  dialogs: 'MuiDialogTitle',
};

/**
 * The chunk of the query cache's module, which the router loads before every screen but a few
 * (app/query-gate.tsx): the module's own chunk, or the 'query' chunk group (vite.config.ts) that
 * holds it. None in a build from before it left the entry (the bench compares such builds).
 */
export function queryProviderKey(manifest: Manifest): string | null {
  return (
    Object.keys(manifest).find(
      (candidate) => candidate === 'src/app/query-provider.tsx' || manifest[candidate]?.name === 'query',
    ) ?? null
  );
}

export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) stack.push(next);
  }
  return seen;
}

/** The build's manifest and its entry chunk's key. */
export function readManifest(distDir: string): { manifest: Manifest; entryKey: string } {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`No build manifest at ${manifestPath}: run "npm run build -w @lm/web" first.`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry chunk.');
  return { manifest, entryKey };
}

/**
 * The manifest key of the chunk group `name` (vite.config.ts), which the manifest names after the
 * group (`_app-shell-....js`) rather than after a module; null in a build without the group (the
 * bench compares such builds).
 */
function groupKey(manifest: Manifest, name: string): string | null {
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]?.name === name) ?? null;
}

/**
 * The app itself (React DOM, Material UI, the router, the shell: app/render-app.tsx): the entry
 * (main.tsx) holds only the start-up code and loads it once the start-up requests have left, so
 * every route loads it (docs/decisions/015-start-up-entry.md).
 */
export const appShellKey = (manifest: Manifest) => groupKey(manifest, 'app-shell');

/** The start-up code's data requests (app/route-data.ts): a route with data loads them before its screen. */
export const routeDataKey = (manifest: Manifest) => groupKey(manifest, 'route-data');

/**
 * The manifest keys of what a first visit to the route loads before its screen renders: the app's
 * own chunk (`appShellKey`), the screen's module and the query cache's module (which the router
 * loads before any screen that reads through it: app/query-gate.tsx), with everything they import
 * statically.
 */
export function routeKeys(manifest: Manifest, route: RouteDefinition): Set<string> {
  const screenKey = route.screen ? `src/features/${route.screen}.tsx` : null;
  if (screenKey && !manifest[screenKey]) throw new Error(`The build has no chunk for ${screenKey} (${route.path})`);
  const queryKey = queryProviderKey(manifest);
  const appShell = appShellKey(manifest);
  const routeData = routeDataKey(manifest);
  const firstKeys = [
    ...(appShell ? [appShell] : []),
    ...(screenKey ? [screenKey] : []),
    ...(queryKey && usesQueries(route) ? [queryKey] : []),
    ...(routeData && startsWithData(route) ? [routeData] : []),
  ];
  return staticClosure(manifest, firstKeys);
}

export function routeChunkSizes(distDir: string = defaultDistDir): RouteChunkSize[] {
  const { manifest, entryKey } = readManifest(distDir);

  const sizeCache = new Map<string, { bytes: number; text: string }>();
  const fileOf = (key: string) => {
    const file = manifest[key]?.file;
    if (!file) throw new Error(`The build manifest has no file for ${key}`);
    let cached = sizeCache.get(file);
    if (!cached) {
      const content = fs.readFileSync(path.join(distDir, file));
      cached = { bytes: zlib.gzipSync(content, { level: 9 }).length, text: content.toString('utf8') };
      sizeCache.set(file, cached);
    }
    return { file, ...cached };
  };

  const entryKeys = staticClosure(manifest, [entryKey]);
  return routes.map((route) => {
    const keys = routeKeys(manifest, route);
    const own = [...keys].filter((key) => !entryKeys.has(key)).map(fileOf);
    const all = [...new Set([...entryKeys, ...keys])].map(fileOf);
    const heavy = Object.entries(heavyMarkers)
      .filter(([, marker]) => all.some((chunk) => chunk.text.includes(marker)))
      .map(([name]) => name);
    return {
      path: route.path,
      screen: route.screen,
      files: all.map((chunk) => chunk.file).sort(),
      ownBytes: own.reduce((sum, chunk) => sum + chunk.bytes, 0),
      totalBytes: all.reduce((sum, chunk) => sum + chunk.bytes, 0),
      heavy,
    };
  });
}

/**
 * Chunks that import each other, directly or round a longer loop, one line per loop. The build's
 * chunk groups (vite.config.ts) must not make one: a module of a chunk in a loop can run before
 * the module it imports from the other chunk has, and fails on its still undefined export.
 */
export function chunkImportCycles(distDir: string = defaultDistDir): string[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, trail: string[]) => {
    if (state.get(key) === 'open') {
      const loop = [...trail.slice(trail.indexOf(key)), key].map((k) => manifest[k]?.file ?? k);
      cycles.push(loop.join(' -> '));
      return;
    }
    if (state.get(key) === 'done') return;
    state.set(key, 'open');
    trail.push(key);
    for (const next of manifest[key]?.imports ?? []) visit(next, trail);
    trail.pop();
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) visit(key, []);
  return cycles;
}

/**
 * Routes whose screens show no list table, so must not load it: a Material UI part they share with
 * the table (tabs, a progress bar, table rows) once put the table's chunk in /profile and /reports.
 */
export const gridFreeRoutePaths: readonly string[] = [
  '/login',
  '/reset-password',
  '/profile/:tab?',
  '/reports',
  '/faq',
];

/** The table-free routes that load the list table, one line each. */
export function gridFreeProblems(sizes: readonly RouteChunkSize[]): string[] {
  return sizes
    .filter((size) => gridFreeRoutePaths.includes(size.path) && size.heavy.includes('table'))
    .map((size) => `${size.path} loads the list table`);
}

/**
 * Budgeted routes that load zod, one line each. A list and the dashboard paint without it: the web
 * calls routes through `@lm/domain/routes`, and the domain's schemas live in modules of their own
 * (`*-schemas.ts`, `*.contract.ts`) that only forms and dialogs import (docs/decisions/014-route-refs.md).
 */
export function zodFreeProblems(sizes: readonly RouteChunkSize[]): string[] {
  return sizes
    .filter((size) => routeBudgets.has(size.path) && size.heavy.includes('zod'))
    .map((size) => `${size.path} loads zod before its first paint`);
}

/**
 * Budgeted routes that load the dialogs' parts (dialogs, text fields, the pickers' autocomplete) before
 * their first paint, one line each: issue 18's "dialogs, date pickers, forms load on use".
 */
export function dialogFreeProblems(sizes: readonly RouteChunkSize[]): string[] {
  return sizes
    .filter((size) => routeBudgets.has(size.path) && size.heavy.includes('dialogs'))
    .map((size) => `${size.path} loads the dialogs' parts before its first paint`);
}

/** Problems with the login route's chunks: over the budget, or the list table or charts inside. */
export function loginRouteProblems(sizes: readonly RouteChunkSize[]): string[] {
  const login = sizes.find((size) => size.path === '/login');
  if (!login) return ['the route table has no /login route'];
  const problems = budgetProblems(sizes.filter((size) => size.path === '/login'));
  if (login.heavy.length > 0) problems.push(`/login loads ${login.heavy.join(', ')}`);
  return problems;
}

/** Every budgeted route over its budget, one line each. */
export function budgetProblems(sizes: readonly RouteChunkSize[]): string[] {
  const problems: string[] = [];
  for (const size of sizes) {
    const budget = routeBudgets.get(size.path);
    if (budget !== undefined && size.totalBytes > budget) {
      problems.push(`${size.path} loads ${kb(size.totalBytes)} of JavaScript (gzip), over its ${kb(budget)}`);
    }
  }
  return problems;
}

/** The budgeted routes the route table lacks (a renamed route must not leave its budget behind). */
export function unknownBudgetedRoutes(): string[] {
  const known = new Set(routes.map((route) => route.path));
  return [...routeBudgets.keys()].filter((routePath) => !known.has(routePath));
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function main(argv: readonly string[]) {
  const distFlag = argv.indexOf('--dist');
  const distArgument = distFlag >= 0 ? argv[distFlag + 1] : undefined;
  const distDir = distArgument ?? process.env.WEB_DIST_DIR;
  const sizes = routeChunkSizes(distDir ? path.resolve(distDir) : defaultDistDir);
  if (argv.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 2));
  } else {
    const width = Math.max(...sizes.map((s) => s.path.length));
    console.log(
      `${'route'.padEnd(width)}  ${'own (gzip)'.padStart(11)}  ${'total (gzip)'.padStart(12)}  ${'budget'.padStart(9)}  heavy`,
    );
    for (const s of sizes) {
      const own = s.screen ? kb(s.ownBytes) : '(coming soon)';
      const budget = routeBudgets.get(s.path);
      console.log(
        `${s.path.padEnd(width)}  ${own.padStart(11)}  ${kb(s.totalBytes).padStart(12)}  ${(budget ? kb(budget) : '').padStart(9)}  ${s.heavy.join(', ')}`,
      );
    }
  }
  if (argv.includes('--check')) {
    const problems = [
      ...unknownBudgetedRoutes().map((routePath) => `the route table has no ${routePath} (it has a budget)`),
      ...new Set([
        ...loginRouteProblems(sizes),
        ...budgetProblems(sizes),
        ...gridFreeProblems(sizes),
        ...zodFreeProblems(sizes),
        ...dialogFreeProblems(sizes),
      ]),
      ...chunkImportCycles(distDir ? path.resolve(distDir) : defaultDistDir).map(
        (loop) => `chunks import each other: ${loop}`,
      ),
    ];
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    if (problems.length > 0) process.exit(1);
    console.log(
      `OK: /login within ${kb(loginRouteBudgetBytes)} (without the list table or the charts), the lists within ${kb(listRouteBudgetBytes)}, /dashboard within ${kb(dashboardRouteBudgetBytes)}, none of them with zod or a dialog's parts.`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
