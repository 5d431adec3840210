import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkedExampleLoan } from '../repayments/repayments.test-support';
import { demoPassword, seedDemoUsers } from '../seed';
import { httpCall, type ServerProcess, startServerProcess } from '../test-support/server-process';
import { demo, throwawayDatabase } from '../test-support/test-app';
import { loadConfig } from './config';
import { createContext } from './create-context';
import { type Database, openDatabase } from './db/database';

/**
 * Jobs survive the process (DESIGN §1 "long work"): a real server (main.ts, with its worker) runs a
 * report asked with `Prefer: respond-async`; it is then killed with SIGKILL, and the database is left
 * as a dead process leaves it: one job RUNNING under the dead worker, one QUEUED. The next server
 * started on the same database runs both, and their files are the first job's. On the database of
 * this run: PostgreSQL when DATABASE_URL is set, the embedded one otherwise (same DATA_DIR).
 */

const secret = crypto.randomBytes(32).toString('hex');
let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ServerProcess | undefined;
let accountId: number;

function openDirect(): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ databaseUrl: env.DATABASE_URL, migrate: false });
  return openDatabase({ pgliteDir: path.join(dataDir, 'pgdata'), lockDir: dataDir, migrate: false });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-jobs-'));
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    CLOCK_NOW: '2027-03-05T10:00:00+11:00',
    LOG_LEVEL: 'silent',
    INVESTOR_REPORT_END_DATE_MAX: '2100-12-31',
  };
  if (process.env.DATABASE_URL) {
    const database = await throwawayDatabase(process.env.DATABASE_URL, 'lm_jobs');
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  const ctx = await createContext(loadConfig(env));
  try {
    await seedDemoUsers(ctx.db);
    const loan = await createWorkedExampleLoan(ctx, {
      thirdPartyId: `JOBS-${process.pid}`,
      investorEmail: demo.investor,
    });
    accountId = loan.accounts.a;
  } finally {
    await ctx.database.close();
  }
}, 300_000);

afterAll(async () => {
  await server?.kill9();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function loginAs(base: string, email: string): Promise<string> {
  const login = await httpCall(base, 'POST', '/api/auth/login', { body: { email, password: demoPassword } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.data.accessToken as string;
}

/** Asks for the job until it has finished (or a minute has passed). */
async function finished(base: string, token: string, jobId: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await httpCall(base, 'GET', `/api/jobs/${jobId}`, { token });
    expect(job.status, JSON.stringify(job.body)).toBe(200);
    if (job.body.data.status === 'SUCCEEDED' || job.body.data.status === 'FAILED' || Date.now() > deadline) {
      return job.body.data;
    }
    await sleep(200);
  }
}

async function resultOf(base: string, token: string, jobId: number): Promise<string> {
  const response = await fetch(`${base}/api/jobs/${jobId}/result`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe('jobs across a crash of the server process', () => {
  it('a job left RUNNING by the killed process and one still QUEUED both run on the next start', async () => {
    server = await startServerProcess(env);
    let token = await loginAs(server.baseURL, demo.investor);
    const body = { accountId, startDate: '2027-01-01', endDate: '2027-03-05', format: 'csv' };
    const accepted = await httpCall(server.baseURL, 'POST', '/api/user/reports/account-transactions-statement', {
      token,
      body,
      headers: { prefer: 'respond-async' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const first = accepted.body.data.jobId as number;
    // the server's own worker runs it
    expect(await finished(server.baseURL, token, first)).toMatchObject({ status: 'SUCCEEDED', progress: 1 });
    const expected = await resultOf(server.baseURL, token, first);
    expect(expected).toContain('Deposit');

    await server.kill9();
    server = undefined;
    const database = await openDirect();
    let interrupted: number;
    let waiting: number;
    try {
      const job = await sql<{ id: number }>`
        insert into jobs (kind, name, status, owner_user_id, payload, worker_id, started_at, heartbeat_at, attempts, progress, message)
        select kind, name, 'RUNNING', owner_user_id, payload, 'dead-host:1:gone', now() - interval '10 minutes',
          now() - interval '10 minutes', 1, 0.4, '2 of 5 rows written'
        from jobs where id = ${first} returning id`.execute(database.db);
      interrupted = job.rows[0]?.id as number;
      const queued = await sql<{ id: number }>`
        insert into jobs (kind, name, status, owner_user_id, payload, message)
        select kind, name, 'QUEUED', owner_user_id, payload, 'Waiting to start' from jobs where id = ${first}
        returning id`.execute(database.db);
      waiting = queued.rows[0]?.id as number;
    } finally {
      await database.close();
    }

    server = await startServerProcess(env);
    token = await loginAs(server.baseURL, demo.investor);
    for (const id of [interrupted, waiting]) {
      expect(await finished(server.baseURL, token, id)).toMatchObject({ status: 'SUCCEEDED', progress: 1 });
      expect(await resultOf(server.baseURL, token, id)).toBe(expected);
    }
    const check = await openDirectAfterStop();
    try {
      const attempts = await sql<{ id: number; attempts: number }>`
        select id, attempts from jobs where id in (${interrupted}, ${waiting}) order by id`.execute(check.db);
      expect(attempts.rows.map((r) => r.attempts)).toEqual([2, 1]);
    } finally {
      await check.close();
    }
  }, 600_000);
});

/** Stops the server (the embedded database has one user at a time) and opens the database here. */
async function openDirectAfterStop(): Promise<Database> {
  await server?.stop();
  server = undefined;
  return openDirect();
}
