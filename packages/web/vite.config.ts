import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';

const inPackage = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`);
const inWeb = (paths: string) => new RegExp(`packages[\\\\/]web[\\\\/]src[\\\\/](${paths})`);
const domainModule = /packages[\\/]domain[\\/]src[\\/](?:([a-z-]+)[\\/])?/;
/** A module that imports zod's values (not only its types): it builds schemas as it loads. */
const buildsSchemas = (id: string) => /^import (?!type\b)[^;]*\bfrom 'zod';/m.test(readFileSync(id, 'utf8'));
/** The domain folders every list of loans, investments and money moves reads: one chunk. */
const listDomain = new Set(['contract', 'csv', 'accounts', 'loans', 'investments', 'repayments', 'transactions']);

const chunkGroups = [
  // the start-up code and what it imports statically (main.tsx): small, so it runs as it arrives
  { name: 'start-up', tags: ['$initial' as const], priority: 101 },
  // the app itself (app/render-app.tsx: React DOM, Material UI, the router, the shell), which the
  // entry loads once the start-up requests have left, in one chunk
  {
    name: 'app-shell',
    test: (id: string) => /packages[\\/]web[\\/]src[\\/]app[\\/]render-app\.tsx$/.test(id),
    priority: 100,
    includeDependenciesRecursively: true,
  },
  // the transitions under Material UI's Collapse, Fade, Grow and Slide, in a chunk of their own:
  // left to the groups below, they went with the first on-use chunk that took them (the dialogs'
  // inputs), which the FAQ's accordions then loaded whole
  {
    name: 'transitions',
    test: (id: string) =>
      inPackage('react-transition-group').test(id) ||
      /node_modules[\\/]@mui[\\/]material[\\/]internal[\\/]Transition\./.test(id),
    priority: 99,
    includeDependenciesRecursively: true,
  },
  // the menu's drawer (app/layout/menu-drawer.tsx, loaded when the menu button is first used) with
  // the parts of Material UI only it uses: left to the groups below, they went to the date pickers'
  {
    name: 'menu-drawer',
    test: (id: string) =>
      inWeb('app[\\\\/]layout[\\\\/]menu-drawer').test(id) ||
      inPackage('@mui/material[\\\\/](Drawer|Slide|ListItem|ListItemButton|ListItemSecondaryAction)').test(id),
    priority: 98,
    includeDependenciesRecursively: false,
  },
  // TanStack Query with the app's query cache: every screen but the login page loads it first
  // (app/query-gate.tsx); the entry goes without it
  {
    name: 'query',
    test: (id: string) =>
      inPackage('@tanstack/query-core|@tanstack/react-query').test(id) ||
      inWeb('app[\\\\/](query-client|query-provider)').test(id),
    priority: 58,
    includeDependenciesRecursively: true,
  },
  // the start-up code's data requests (app/route-data.ts) with every list's request module and the
  // little they import beyond the entry: one chunk, which imports nothing but the entry, so the
  // requests leave as soon as it has arrived; the page of every route with data preloads it, and
  // the login page goes without it
  {
    name: 'route-data',
    test: (id: string) =>
      /packages[\\/]domain[\\/]src[\\/]clock\.ts$/.test(id) ||
      inWeb(
        'app[\\\\/]route-data|shared[\\\\/]api[\\\\/]server-today|features[\\\\/][a-z-]+[\\\\/][a-z-]+-list-request|features[\\\\/]dashboard[\\\\/]staff-tables-request|features[\\\\/]accounts[\\\\/]accounts-api|shared[\\\\/]list[\\\\/](list-page|list-types)|shared[\\\\/]filter[\\\\/]combine-filters',
      ).test(id),
    priority: 57,
    includeDependenciesRecursively: false,
  },
  // the login page's inputs (with what they import): the login route loads this and no other group
  {
    name: 'forms',
    test: (id: string) =>
      inPackage(
        '@mui/material[\\\\/](FormControl|FormControlLabel|FormHelperText|FormLabel|InputLabel|InputBase|OutlinedInput|Checkbox)',
      ).test(id) || inWeb('shared[\\\\/](inputs[\\\\/]text-input|hooks[\\\\/]throttle)').test(id),
    priority: 55,
    includeDependenciesRecursively: true,
  },
  // What a list's first paint uses of Material UI beyond the entry: the table parts, the page-size
  // select with its menu, popover and modal, the chips, the Refresh tooltip, the progress bar, the
  // skeletons of a loading detail or tile, and
  // the tabs (/portfolio's and the History tab's), which other screens (/profile, /reports) share:
  // left to the grid group, they made those screens load the tables' chunk; in a chunk of their
  // own, the lists lost more to gzip's per-file cost (+1.5 KB) than here (+0.5 KB)
  {
    name: 'inputs',
    test: (id: string) =>
      inPackage(
        '@mui/material[\\\\/](Select|Menu|MenuList|MenuItem|Popover|Modal|Backdrop|Fade|Grow|List|Portal|Unstable_TrapFocus|Input|Tooltip|Popper|Divider|Chip|Tabs|Tab|TabScrollButton|LinearProgress|Skeleton|Table|TableBody|TableCell|TableContainer|TableHead|TablePagination|TablePaginationActions|TableRow)',
      ).test(id) ||
      // the hook the dashboard's tile badges share with the pickers' autocomplete: left to the group
      // below, it made /dashboard load the dialogs' inputs (14 KB gzip) before its first rows
      inPackage('@mui/utils[\\\\/]usePreviousProps').test(id),
    priority: 54,
    includeDependenciesRecursively: true,
  },
  // the forms' and dialogs' own parts (text fields, the account and loan pickers' autocomplete,
  // dialogs, switches): no list paints its first rows with them, so they load with the
  // first dialog or form (below the group above, which claims what both use)
  {
    name: 'dialog-inputs',
    test: inPackage(
      '@mui/material[\\\\/](TextField|NativeSelect|InputAdornment|FilledInput|Dialog|DialogTitle|DialogContent|DialogActions|ListItemText|ListItemIcon|Autocomplete|useAutocomplete|Switch)',
    ),
    priority: 53.5,
    includeDependenciesRecursively: true,
  },
  // the domain's rules and contracts: the lists' common folders in one chunk, each other folder in its own
  {
    name: (id: string) => {
      const match = domainModule.exec(id);
      if (!match) return null;
      // the request bodies' and contracts' schemas: only a form or a dialog parses with them, so a
      // list paints its first rows without zod (docs/decisions/014-route-refs.md)
      if (buildsSchemas(id)) return 'domain-schemas';
      const folder = match[1] ?? 'contract';
      if (listDomain.has(folder)) return 'domain';
      // the report jobs and the reports import each other: one chunk, not two that import each other
      return folder === 'jobs' ? 'domain-reports' : `domain-${folder}`;
    },
    priority: 53,
    includeDependenciesRecursively: false,
  },
  // zod, which the forms load with the domain's schemas; decimal.js, which the money formats use
  { name: 'zod', test: inPackage('zod'), priority: 52, includeDependenciesRecursively: false },
  { name: 'decimal', test: inPackage('decimal\\.js'), priority: 52, includeDependenciesRecursively: false },
  // the list plumbing (list state, the api client's list calls, filter fields, the History tab's
  // on-demand wrapper the list screens share), without the grid
  {
    name: 'list-kit',
    test: inWeb(
      'shared[\\\\/](list|api)[\\\\/]|shared[\\\\/]filter[\\\\/]filter-fields|shared[\\\\/]history[\\\\/]history-tab-on-demand',
    ),
    priority: 51,
    includeDependenciesRecursively: true,
  },
  // our table (shared/table: Material UI's Table with sorting, paging, selection and the grid's
  // keys); the Material UI parts under it are the inputs group's, which /reports' table shares
  {
    name: 'grid',
    test: inWeb('shared[\\\\/]table[\\\\/]'),
    priority: 50,
    includeDependenciesRecursively: true,
  },
  // The heavy libraries a screen loads on use (the investor's charts, a date field, a dialog's
  // form), each with what it imports that no group above took: a module of theirs left to the
  // automatic chunks could land in a chunk that imports them back and run before them.
  {
    name: 'charts',
    test: inPackage('@mui/x-charts|@mui/x-charts-vendor|d3-[a-z]+|internmap'),
    priority: 44,
    includeDependenciesRecursively: true,
  },
  // (the date fields are on every list's filter dialog; the charts only on the investor's dashboard)
  { name: 'pickers', test: inPackage('@mui/x-date-pickers|dayjs'), priority: 45, includeDependenciesRecursively: true },
  {
    name: 'hook-form',
    test: inPackage('react-hook-form|@hookform/resolvers'),
    priority: 43,
    includeDependenciesRecursively: true,
  },
  // the icons beyond the entry's, a few hundred bytes each
  // (but the login page's padlock, its only icon: in the login page's chunk, /login loads no icons chunk)
  {
    name: 'icons',
    test: (id: string) => inPackage('@mui/icons-material').test(id) && !/LockOutlined/.test(id),
    priority: 40,
    includeDependenciesRecursively: false,
  },
];

/**
 * React Router's production build. Its package exports name only its development build (no
 * "production" condition), whose invariant checks, warnings and dev-only hooks the app would
 * otherwise ship and run; the production build beside it has the same API. Only `vite build` uses
 * it: the dev server and the tests keep the development build and its warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  // the build writes brotli and gzip twins of its files; the server sends them (static-web.ts)
  plugins: [react(), precompressPlugin()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/authenticateJwt': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the manifest maps every route's screen to its chunks (scripts/chunk-sizes.ts reads it)
    manifest: true,
    // every browser the app supports (app/unsupported-browser.ts) knows <link rel="modulepreload">
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // A handful of chunks per route instead of forty: the browser's six HTTP/1.1 connections
        // fetch a list route's code in one or two rounds, and the start-up API calls are not
        // queued behind it. Each group is one file; a higher priority claims a module first.
        codeSplitting: { groups: chunkGroups },
      },
      treeshake: {
        // packages/domain is pure rules without I/O: a screen that uses one of its rules must not
        // pull in the others (the zod schemas and decimal.js stay out of the login route)
        // The same for the web's features and shared modules: a screen that takes one export of a
        // feature's index.ts must not pull in (and run) the feature's other modules. The two stores
        // subscribe to the api client as they load, so they keep their side effects.
        moduleSideEffects: [
          { test: /packages\/web\/src\/shared\/(session\/session|toast\/toast)-store\.ts$/, sideEffects: true },
          { test: /packages\/domain\/src\//, sideEffects: false },
          { test: /packages\/web\/src\/(features|shared)\//, sideEffects: false },
        ],
        manualPureFunctions: [
          'z',
          'z.string',
          'z.object',
          'z.enum',
          'z.number',
          'z.array',
          'z.union',
          'z.literal',
          'z.boolean',
          'z.coerce',
        ],
      },
    },
  },
}));
