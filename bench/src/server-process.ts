import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ServerHandle {
  url: string;
  pid: number;
  /** The last lines the server printed (for error reports). */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The V8 flags `npm start` gives the server (the root package.json's start script: its heap
 * size), so the bench measures the server as it runs. A heap of 1 GB instead of V8's default for
 * this machine's memory (about 4 GB) makes V8 collect the old generation long before it has grown
 * by 100 MB of garbage: a 100,000-row statement's peak resident growth fell from 100-140 MB to
 * about 40 MB with the same time (docs/decisions/009-reports.md).
 */
export function serverNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.match(/--max-old-space-size=\d+/g) ?? [];
}

const started = new Set<ChildProcess>();
// a bench that dies still stops the servers it started
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * Starts the API server (bench-server.ts, main.ts without the web app) on a free port with the given environment (DATA_DIR or
 * DATABASE_URL as configured) and waits until GET /api/health answers.
 */
export async function startServer(env: Record<string, string>, startTimeoutMs = 180_000): Promise<ServerHandle> {
  const port = await freePort();
  // BENCH_SERVER_CPU_PROF=<dir>: write a V8 CPU profile of the server there when it stops
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const profileArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), ...profileArgs, '--import', 'tsx', 'bench/src/bench-server.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      started.delete(child);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exitCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      throw new Error(`the server exited (code ${exitCode}) before it could serve:\n${lines.slice(-20).join('\n')}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        return { url, pid: child.pid ?? 0, output: () => lines.slice(-20).join('\n'), stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(
    `the server did not answer /api/health within ${startTimeoutMs / 1000} s:\n${lines.slice(-20).join('\n')}`,
  );
}
