import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How long a server may take to answer /api/health (a new embedded database takes a few seconds). */
// E2E_SERVER_START_TIMEOUT_MS: more time on a machine busy with other work (the default suits a quiet one)
export const serverStartTimeoutMs = Number(process.env.E2E_SERVER_START_TIMEOUT_MS) || 180_000;
export const serverStopTimeoutMs = 10_000;

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** The server's output so far (shown when it fails). */
  log(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A throwaway database on the PostgreSQL of DATABASE_URL, dropped by the returned function. */
async function throwawayDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lm_e2e_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function waitForHealth(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + serverStartTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      const body = (await response.json()) as { success?: boolean };
      if (response.ok && body.success) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${serverStartTimeoutMs} ms:\n${log()}`);
}

/**
 * Starts the real server (node --import tsx packages/server/src/main.ts) on a free port with a
 * fresh DATA_DIR and the demo data. With DATABASE_URL set, it runs on a throwaway database of that
 * PostgreSQL (SEED_DEMO=1), dropped when the server stops.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-e2e-'));
  const database = process.env.DATABASE_URL ? await throwawayDatabase(process.env.DATABASE_URL) : null;
  const entry = process.env.E2E_SERVER_ENTRY ?? path.join(repoRoot, 'packages/server/src/main.ts');
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: database.url, SEED_DEMO: '1' } : { SEED_DEMO: '1' }),
    ...env,
  };
  if (!database) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // never leave a server behind, even when the runner is stopped before its teardown
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), serverStopTimeoutMs);
      await exited;
      clearTimeout(timer);
    }
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, log: () => output, stop };
}
