/**
 * The import-boundary rule (STYLE.md §1): a feature imports another feature only through its
 * public `index.ts`, shared code imports no feature, the domain imports neither server nor web,
 * features do not depend on each other in a circle, and the web takes a route from
 * `@lm/domain/routes`, never its contract (docs/decisions/014-route-refs.md). Run by `npm run lint` (so by `npm test`);
 * exits non-zero listing every import that breaks a rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as routeRefs from '../packages/domain/src/routes/index';
import { importsOf } from './source-imports';

const root = path.resolve(import.meta.dirname, '..');

interface Area {
  /** Folder whose direct subfolders are features. */
  featuresDir: string;
  /** Subfolders of featuresDir that are not features (platform code any feature may use). */
  notFeatures: Set<string>;
}

const server: Area = {
  featuresDir: 'packages/server/src',
  notFeatures: new Set(['platform', 'test-support']),
};
const web: Area = { featuresDir: 'packages/web/src/features', notFeatures: new Set() };

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(path.join(root, dir));
  return out;
}

const isTestFile = (file: string) => /\.test\.tsx?$|\.test-support\.ts$|[\\/]test-support[\\/]/.test(file);

/** The feature a file belongs to in an area, or null. */
function featureOf(area: Area, file: string): string | null {
  const rel = path.relative(path.join(root, area.featuresDir), file);
  if (rel.startsWith('..')) return null;
  const [first, ...rest] = rel.split(path.sep);
  if (!first || rest.length === 0 || area.notFeatures.has(first)) return null;
  return first;
}

const problems: string[] = [];
const graph = new Map<string, Set<string>>();

function checkArea(area: Area, label: string): void {
  for (const file of sourceFiles(area.featuresDir)) {
    const from = featureOf(area, file);
    if (!from) continue;
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const to =
        featureOf(area, `${target}${path.extname(target) ? '' : '.ts'}`) ??
        featureOf(area, path.join(target, 'index.ts'));
      if (!to || to === from) continue;
      const rel = path.relative(path.join(root, area.featuresDir, to), target);
      const throughIndex = rel === '' || rel === 'index';
      const testHelper = isTestFile(file) && /test-support/.test(specifier);
      if (!throughIndex && !testHelper) {
        problems.push(
          `${path.relative(root, file)}: imports '${specifier}' (use ${label} feature '${to}' through its index.ts)`,
        );
      }
      if (!isTestFile(file)) {
        const key = `${label}:${from}`;
        if (!graph.has(key)) graph.set(key, new Set());
        graph.get(key)!.add(`${label}:${to}`);
      }
    }
  }
}

checkArea(server, 'server');
checkArea(web, 'web');

// shared web code and the domain stay below the features
for (const file of sourceFiles('packages/web/src/shared')) {
  for (const specifier of importsOf(file)) {
    if (specifier.includes('/features/'))
      problems.push(`${path.relative(root, file)}: shared code imports a feature ('${specifier}')`);
  }
}
for (const file of sourceFiles('packages/domain/src')) {
  for (const specifier of importsOf(file)) {
    if (/@lm\/(server|web)|packages\/(server|web)/.test(specifier)) {
      problems.push(`${path.relative(root, file)}: the domain imports '${specifier}'`);
    }
  }
}

// the web calls a route by its reference: a contract imported from @lm/domain would build its schemas as the page loads
const routeNames = new Set(Object.keys(routeRefs));
const domainImport = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@lm\/domain';/g;
for (const file of sourceFiles('packages/web/src')) {
  for (const match of fs.readFileSync(file, 'utf8').matchAll(domainImport)) {
    const names = (match[1] ?? '').split(',').map(
      (item) =>
        item
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0],
    );
    for (const name of names) {
      if (name && routeNames.has(name)) {
        problems.push(
          `${path.relative(root, file)}: imports the contract ${name} from '@lm/domain' (take it from '@lm/domain/routes')`,
        );
      }
    }
  }
}

// SQL only in repositories (and list resources, which are the SQL of a list), migrations and the platform
const sqlPattern =
  /sql`|sql<|\.selectFrom\(|\.insertInto\(|\.updateTable\(|\.deleteFrom\(|executePrepared\(|\.with\(|sql\.raw\(/;
const sqlFile = /\.repository\.ts$|\.resources?\.ts$/;
for (const file of sourceFiles(server.featuresDir)) {
  if (!featureOf(server, file) || isTestFile(file) || sqlFile.test(file)) continue;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (sqlPattern.test(line)) {
      problems.push(
        `${path.relative(root, file)}:${index + 1}: SQL outside a repository ('${line.trim().slice(0, 60)}')`,
      );
    }
  });
}

// no circles between features
const state = new Map<string, 'visiting' | 'done'>();
const stack: string[] = [];
function visit(node: string): void {
  state.set(node, 'visiting');
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (state.get(next) === 'visiting') {
      problems.push(`feature cycle: ${[...stack.slice(stack.indexOf(next)), next].join(' -> ')}`);
    } else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(node, 'done');
}
for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);

if (problems.length > 0) {
  console.error(`Import boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  'Import boundaries: every feature is used through its index.ts, with no cycles; the web takes its routes from @lm/domain/routes.',
);
