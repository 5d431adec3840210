import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultDistDir, routeChunkSizes } from '../../../packages/web/scripts/chunk-sizes';
import { writeRoutePreloads } from '../../../packages/web/scripts/route-preloads';
import type { SectionResult } from '../bench-context';
import { timed } from '../measure';
import { repoRoot } from '../server-process';

const run = promisify(execFile);

/**
 * Builds the web app into `outDir` as `npm run build -w @lm/web` does: vite build, then the route
 * preloads file the server reads to list each route's chunks in its page (without it every page
 * is index.html as built, and the chunks wait for the entry to ask for them). Answers the
 * milliseconds it took.
 */
export async function buildWeb(outDir: string): Promise<number> {
  const built = await timed(async () => {
    await run(
      process.execPath,
      [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: path.join(repoRoot, 'packages/web'),
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    writeRoutePreloads(outDir);
  });
  return built.ms;
}

/**
 * The gzip size of the JavaScript each web route loads, from a Vite build manifest, through the
 * web package's own measurement (packages/web/scripts/chunk-sizes.ts). The bench builds into a
 * directory of its own, so the build other people serve from packages/web/dist is left alone;
 * with `reuseBuild` it reads packages/web/dist as it is, and with `webDist` (`--web-dist`, the
 * build the browser section serves) that build, so both sections describe the same one.
 */
export async function webChunksSection(options: { reuseBuild: boolean; webDist?: string }): Promise<SectionResult> {
  const id = 'web';
  const title = 'web route chunks (gzip, a first visit)';
  let distDir = options.webDist ?? defaultDistDir;
  let buildMs: number | null = null;
  let scratch: string | null = null;
  try {
    if (options.webDist) {
      if (!fs.existsSync(path.join(options.webDist, '.vite', 'manifest.json'))) {
        throw new Error(`--web-dist ${options.webDist} has no build manifest (.vite/manifest.json)`);
      }
    } else if (!options.reuseBuild || !fs.existsSync(path.join(defaultDistDir, '.vite', 'manifest.json'))) {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-web-'));
      distDir = scratch;
      buildMs = await buildWeb(scratch);
    }
    const sizes = routeChunkSizes(distDir);
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    const entry = sizes.find((s) => s.path === '/login');
    return {
      id,
      title,
      status: 'measured',
      figures: sizes.map((s) => ({
        name: `${s.path}${s.screen ? '' : ' (coming soon)'}${s.heavy.length ? ` [${s.heavy.join(', ')}]` : ''}`,
        value: kb(s.totalBytes),
        unit: 'KB',
      })),
      details: {
        build: buildMs === null ? `reused ${distDir}` : `built in ${Math.round(buildMs / 1000)} s`,
        loginKb: entry ? kb(entry.totalBytes) : null,
        routes: sizes.map((s) => ({ path: s.path, ownKb: kb(s.ownBytes), totalKb: kb(s.totalBytes), heavy: s.heavy })),
      },
    };
  } catch (error) {
    return {
      id,
      title,
      status: 'failed',
      reason: (error as Error).message.split('\n').slice(0, 5).join(' '),
      figures: [],
    };
  } finally {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}
