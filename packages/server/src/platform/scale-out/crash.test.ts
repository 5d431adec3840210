import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { houseAccountId } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountFor } from '../../accounts/money.test-support';
import { checkLedger } from '../../ledger';
import { createWorkedExampleLoan, deposit } from '../../repayments/repayments.test-support';
import { demoPassword, seedDemoUsers } from '../../seed';
import { httpCall, type ServerProcess, startServerProcess } from '../../test-support/server-process';
import { demo, throwawayDatabase } from '../../test-support/test-app';
import { loadConfig } from '../config';
import { createContext } from '../create-context';
import { type Database, openDatabase } from '../db/database';

/**
 * kill -9 of a real server process (node packages/server/src/main.ts) in the middle of money
 * moving, several cycles, on the database of this run: PostgreSQL when DATABASE_URL is set (a
 * throwaway database), the embedded one otherwise (restarted on the same DATA_DIR).
 *
 * Each cycle: deposits with distinct Idempotency-Keys, `inFlight` at a time, while receipts
 * batches are published and then fractionalised (each call with its own key), until the process
 * is killed part-way. Then, before the restart, straight on the database: `ledger:check` passes
 * and no batch is half published or half fractionalised. After the restart every key is sent
 * again: each answers 200 (none 409 for good), an acknowledged one with its first answer, and
 * every operation exists exactly once; `ledger:check` passes again.
 */

/** CRASH_CYCLES and CRASH_DEPOSITS size it (defaults: 3 cycles of 100). */
const cycles = Number(process.env.CRASH_CYCLES ?? 3);
const depositsPerCycle = Number(process.env.CRASH_DEPOSITS ?? 100);
const inFlight = 8;
const receiptsPerBatch = 6;
const clockNow = '2027-02-21T10:00:00+11:00';
const today = '2027-02-21';

interface DepositSent {
  key: string;
  accountId: number;
  amount: number;
  /** The transaction id of the first 200 answer (acknowledged before the crash). */
  acknowledgedId?: number;
}

interface BatchSent {
  publishKey: string;
  fractionaliseKey: string;
  receipts: Record<string, unknown>[];
  loanTransactionIds?: number[];
  fractionalised: boolean;
}

const secret = crypto.randomBytes(32).toString('hex');
let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ServerProcess | undefined;
const accounts: number[] = [];
let loanId: number;

async function openForCheck(): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ databaseUrl: env.DATABASE_URL, migrate: false });
  return openDatabase({ pgliteDir: path.join(dataDir, 'pgdata'), lockDir: dataDir, migrate: false });
}

describe('kill -9 mid-stream: retries complete, nothing half applied, every acknowledged operation once', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-crash-'));
    env = { DATA_DIR: dataDir, JWT_SECRET: secret, CLOCK_NOW: clockNow, LOG_LEVEL: 'silent' };
    if (process.env.DATABASE_URL) {
      const database = await throwawayDatabase(process.env.DATABASE_URL, 'lm_crash');
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    // the book, written by this process before any server holds the database
    const ctx = await createContext(loadConfig(env));
    try {
      await seedDemoUsers(ctx.db);
      for (let i = 0; i < 4; i++) {
        accounts.push((await openAccountFor(ctx, demo.investor, { name: `Crash ${i}` })).accountId);
      }
      const loan = await createWorkedExampleLoan(ctx, { thirdPartyId: `CRASH-${process.pid}` });
      loanId = loan.loanId;
      await deposit(ctx, houseAccountId, 10_000_000n); // the house's top-ups of every fractionalise
    } finally {
      await ctx.database.close();
    }
  }, 300_000);

  afterAll(async () => {
    await server?.kill9();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${cycles} cycles of ${depositsPerCycle} deposits (${inFlight} in flight) and receipts batches`, async () => {
    const started = Date.now();
    const allDeposits: DepositSent[] = [];
    const allBatches: BatchSent[] = [];
    const figures: string[] = [];

    // every start after the first is the restart after a kill: it retries every key so far first
    for (let cycle = 1; cycle <= cycles + 1; cycle++) {
      server = await startServerProcess(env);
      const base = server.baseURL;
      const login = await httpCall(base, 'POST', '/api/auth/login', {
        body: { email: demo.management, password: demoPassword },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const token = login.body.data.accessToken as string;

      const sendDeposit = (d: DepositSent) =>
        httpCall(base, 'POST', `/api/investmentAccounts/${d.accountId}/deposit`, {
          token,
          body: { amount: d.amount, comment: d.key, depositDate: today },
          headers: { 'idempotency-key': d.key },
        });
      const publish = (b: BatchSent) =>
        httpCall(base, 'POST', '/api/repayments/receipts/batch', {
          token,
          body: b.receipts,
          headers: { 'idempotency-key': b.publishKey },
        });
      const fractionalise = (b: BatchSent) =>
        httpCall(base, 'POST', '/api/repayments/fractionalise', {
          token,
          body: b.loanTransactionIds,
          headers: { 'idempotency-key': b.fractionaliseKey },
        });

      if (cycle > 1) {
        // after the restart: every key again; each answers 200, an acknowledged one its first answer
        for (let i = 0; i < allDeposits.length; i += inFlight) {
          const slice = allDeposits.slice(i, i + inFlight);
          const answers = await Promise.all(slice.map(sendDeposit));
          answers.forEach((answer, j) => {
            const d = slice[j]!;
            expect(answer.status, `${d.key}: ${JSON.stringify(answer.body)}`).toBe(200);
            if (d.acknowledgedId !== undefined) expect(answer.body.data.id, d.key).toBe(d.acknowledgedId);
            d.acknowledgedId = answer.body.data.id;
          });
        }
        for (const b of allBatches) {
          const published = await publish(b);
          expect(published.status, JSON.stringify(published.body)).toBe(200);
          const ids = published.body.data.receipts.map((r: { loanTransactionId: number }) => r.loanTransactionId);
          if (b.loanTransactionIds) expect(ids).toEqual(b.loanTransactionIds);
          b.loanTransactionIds = ids;
          const done = await fractionalise(b);
          expect(done.status, JSON.stringify(done.body)).toBe(200);
          b.fractionalised = true;
        }
      }
      if (cycle > cycles) {
        await server.stop();
        server = undefined;
        break;
      }

      const cycleDeposits: DepositSent[] = Array.from({ length: depositsPerCycle }, (_, i) => ({
        key: `crash-${cycle}-${i}`,
        accountId: accounts[i % accounts.length]!,
        amount: 10 + cycle + i / 100,
      }));
      allDeposits.push(...cycleDeposits);
      // killed once this many deposits were acknowledged: somewhere in the middle of the stream
      const killAfter = Math.floor(depositsPerCycle * (0.25 + Math.random() * 0.5));
      let acknowledged = 0;
      let killed = false;
      let kill: Promise<void> | undefined;
      const killNow = () => {
        if (!killed) {
          killed = true;
          kill = server!.kill9();
        }
      };

      let next = 0;
      const depositWorker = async () => {
        while (!killed && next < cycleDeposits.length) {
          const d = cycleDeposits[next++]!;
          try {
            const answer = await sendDeposit(d);
            if (answer.status !== 200)
              throw new Error(`deposit ${d.key}: ${answer.status} ${JSON.stringify(answer.body)}`);
            d.acknowledgedId = answer.body.data.id;
            if (++acknowledged >= killAfter) killNow();
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      let batchesInCycle = 0;
      const batchWorker = async () => {
        while (!killed) {
          batchesInCycle++;
          const tag = `C${cycle}B${batchesInCycle}-${process.pid}`;
          const b: BatchSent = {
            publishKey: `publish-${tag}`,
            fractionaliseKey: `fractionalise-${tag}`,
            receipts: Array.from({ length: receiptsPerBatch }, (_, i) => ({
              loanId,
              thirdPartyId: `R-${tag}-${i}`,
              dueDate: '2027-02-20',
              netAmount: 50 + i,
              grossAmount: 50 + i,
              batchNumber: tag,
            })),
            fractionalised: false,
          };
          allBatches.push(b);
          try {
            const published = await publish(b);
            if (published.status !== 200) throw new Error(`publish ${tag}: ${JSON.stringify(published.body)}`);
            b.loanTransactionIds = published.body.data.receipts.map(
              (r: { loanTransactionId: number }) => r.loanTransactionId,
            );
            const done = await fractionalise(b);
            if (done.status !== 200) throw new Error(`fractionalise ${tag}: ${JSON.stringify(done.body)}`);
            b.fractionalised = true;
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      await Promise.all([...Array.from({ length: inFlight }, depositWorker), batchWorker()]);
      killNow(); // every deposit answered before the mark: kill anyway
      await kill;
      server = undefined;
      figures.push(
        `cycle ${cycle}: killed after ${acknowledged} of ${depositsPerCycle} deposits acknowledged; ` +
          `${batchesInCycle} batch(es), ${allBatches.filter((b) => b.fractionalised).length} fractionalised so far`,
      );

      // straight on the database, before any retry: consistent, and no batch half applied
      const db = await openForCheck();
      try {
        expect((await checkLedger(db.db)).problems).toEqual([]);
        for (const b of allBatches) {
          const rows = await db.db
            .selectFrom('loanTransactions')
            .select(['id', 'fractionalisedDate'])
            .where(
              'receiptId',
              'in',
              b.receipts.map((r) => r.thirdPartyId as string),
            )
            .execute();
          expect([0, receiptsPerBatch], `batch ${b.publishKey} published`).toContain(rows.length);
          const fractionalised = rows.filter((r) => r.fractionalisedDate !== null).length;
          expect([0, rows.length], `batch ${b.fractionaliseKey} fractionalised`).toContain(fractionalised);
        }
      } finally {
        await db.close();
      }
    }

    // after the last retries: every operation exactly once, the ledger sound
    const check = await openForCheck();
    try {
      expect((await checkLedger(check.db)).problems).toEqual([]);
      const rows = await check.db
        .selectFrom('accountTransactions')
        .select(['id', 'comment'])
        .where('type', '=', 'DEPOSIT')
        .where(
          'comment',
          'in',
          allDeposits.map((d) => d.key),
        )
        .execute();
      const byKey = new Map<string, number[]>();
      for (const r of rows) byKey.set(r.comment ?? '', [...(byKey.get(r.comment ?? '') ?? []), r.id]);
      for (const d of allDeposits) expect(byKey.get(d.key), d.key).toEqual([d.acknowledgedId]);
      for (const b of allBatches) {
        const receipts = await check.db
          .selectFrom('loanTransactions')
          .select(['id', 'fractionalisedDate'])
          .where(
            'receiptId',
            'in',
            b.receipts.map((r) => r.thirdPartyId as string),
          )
          .orderBy('id')
          .execute();
        expect(receipts.map((r) => r.id)).toEqual([...(b.loanTransactionIds ?? [])].sort((x, y) => x - y));
        for (const r of receipts) expect(r.fractionalisedDate).not.toBeNull();
        const pieces = await check.db
          .selectFrom('accountTransactions')
          .select('id')
          .where('type', '=', 'REPAYMENT')
          .where('loanTransactionId', 'in', b.loanTransactionIds!)
          .execute();
        expect(pieces).toHaveLength(receiptsPerBatch * 4); // A, B, C and 555, once each
      }
    } finally {
      await check.close();
    }
    console.log(
      `crash test (${env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}): ${cycles} kill -9 cycles, ` +
        `${allDeposits.length} deposit keys, ${allBatches.length} batches (${allBatches.length * 2} keys, ` +
        `${allBatches.length * receiptsPerBatch} receipts), ${Math.round((Date.now() - started) / 1000)} s\n  ${figures.join('\n  ')}`,
    );
  }, 1_800_000);
});
