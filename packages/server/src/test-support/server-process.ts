import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * Real server processes for the scale-out and crash tests: `node --import tsx
 * packages/server/src/main.ts` on a free port, with the environment given (DATABASE_URL or
 * DATA_DIR, JWT_SECRET shared with the test so its tokens are accepted, CLOCK_NOW). Every process
 * started here is killed when the test process exits, whatever happens to the test.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(repoRoot, 'packages/server/src/main.ts');
/** A server compiles its sources with tsx at start; on a loaded machine that takes a while. */
export const serverProcessStartTimeoutMs = 300_000;

export interface ServerProcess {
  baseURL: string;
  pid: number;
  /** The server's output so far (shown when it fails). */
  log(): string;
  /** SIGKILL: the process dies at once, mid-request, as in a crash. */
  kill9(): Promise<void>;
  /** SIGTERM and wait (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

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

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseURL,
    pid: child.pid ?? 0,
    log: () => output,
    kill9: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + serverProcessStartTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.kill9();
  throw new Error(`The server did not answer /api/health within ${serverProcessStartTimeoutMs} ms:\n${output}`);
}

export interface HttpAnswer {
  status: number;
  body: any;
}

/** One request to a server process; a connection the server dropped (killed) throws. */
export async function httpCall(
  baseURL: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}
