import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import { createContext } from '../platform/create-context';
import { demoPassword, seedDemoBook, seedDemoUsers } from '../seed';
import { snapshotPath } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Logs in a demo (or any) user and returns the access token. */
  login(email: string, password?: string): Promise<string>;
  /** Sends a request through the real HTTP layer (inject) and returns status and parsed body. */
  call(
    method: InjectOptions['method'],
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export const demo = {
  management: 'admin@example.com',
  support: 'support@example.com',
  auditor: 'auditor@example.com',
  investor: 'investor@example.com',
  readOnly: 'readonly@example.com',
} as const;

/**
 * A server on a fresh database: the embedded one (from a migrated snapshot) by default, or a
 * new throwaway database on the PostgreSQL of DATABASE_URL when that is set.
 */
/**
 * A new database on the PostgreSQL of `serverUrl` named `<prefix>_<pid>_<random>`: its URL and how
 * to drop it.
 */
export async function throwawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  options: { seed?: 'none' | 'users' | 'demo'; clockNow?: string; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-test-'));
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env };
  if (options.clockNow) env.CLOCK_NOW = options.clockNow;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const database = await throwawayDatabase(process.env.DATABASE_URL, 'lm_test');
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  const config = loadConfig(env);
  const ctx = await createContext(config, {
    inMemory: true,
    ...(process.env.DATABASE_URL ? {} : { loadDataDir: new Blob([fs.readFileSync(snapshotPath)]) }),
  });
  if (options.seed === 'users' || options.seed === undefined) await seedDemoUsers(ctx.db);
  if (options.seed === 'demo') {
    await seedDemoUsers(ctx.db);
    await seedDemoBook(ctx);
  }
  const app = await buildApp(ctx);
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const response = await app.inject({
      method,
      url,
      headers,
      ...(opts.body === undefined ? {} : { payload: opts.body as InjectOptions['payload'] }),
    });
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      // not JSON (files)
    }
    return { status: response.statusCode, body };
  };

  return {
    app,
    ctx,
    call,
    async login(email, password = demoPassword) {
      const res = await call('POST', '/api/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(res.body)}`);
      return res.body.data.accessToken as string;
    },
    async close() {
      await app.close();
      await ctx.database.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
