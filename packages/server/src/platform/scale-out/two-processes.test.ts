import crypto from 'node:crypto';
import { accountMessages, loanMessages } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountFor } from '../../accounts/money.test-support';
import {
  createLoanViaApi,
  fundHouse,
  fundingClock,
  investorWithAccount,
  smallLoanBody,
} from '../../investments/investing.test-support';
import { balancesOf, checkLedger } from '../../ledger';
import { brokenLedgerInvariants, createWorkedExampleLoan } from '../../repayments/repayments.test-support';
import { type HttpAnswer, httpCall, type ServerProcess, startServerProcess } from '../../test-support/server-process';
import { createTestApp, demo, type TestApp } from '../../test-support/test-app';

/**
 * Scale-out proven: the concurrency races of the money features, each request sent to one of TWO
 * real server processes (node packages/server/src/main.ts) on one PostgreSQL database, in turn.
 * Nothing in a process (no in-process lock or cache) may be what keeps them right: only the
 * database. Runs only with DATABASE_URL: the embedded database (PGlite) belongs to one process
 * by nature, and a second server refuses its data directory.
 */

const databaseUrl = process.env.DATABASE_URL;
const secret = crypto.randomBytes(32).toString('hex');

let t: TestApp;
let servers: ServerProcess[] = [];
let admin: string;

/** Request `i` goes to server `i % 2`. */
const on = (i: number, method: string, url: string, options: Parameters<typeof httpCall>[3] = {}) =>
  httpCall(servers[i % servers.length]!.baseURL, method, url, options);

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp({ clockNow: fundingClock, env: { JWT_SECRET: secret } });
    const url = t.ctx.config.databaseUrl!;
    servers = await Promise.all(
      [1, 2].map(() =>
        startServerProcess({
          DATABASE_URL: url,
          JWT_SECRET: secret,
          CLOCK_NOW: fundingClock,
          DATA_DIR: t.ctx.config.dataDir,
        }),
      ),
    );
    admin = await t.login(demo.management);
    await fundHouse(t.ctx, 10_000_000n);
  }, 700_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.close();
  });

  it('double spend of one balance: 50 withdrawals at once, exactly the ones the balance covers go through', async () => {
    const target = await openAccountFor(t.ctx, demo.investor, { name: 'Two processes race' });
    const funded = await on(0, 'POST', `/api/investmentAccounts/${target.accountId}/deposit`, {
      token: admin,
      body: { amount: 1000, comment: 'for the race', depositDate: '2026-12-10' },
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    // the throttle set aside for this account: its bucket starts so low it never reaches the limit
    await t.ctx.db
      .insertInto('rateLimitBuckets')
      .values({
        key: `withdraw:account:${target.accountId}`,
        windowStartedAt: new Date(t.ctx.clock.now().getTime() + 365 * 86_400_000),
        hits: -1_000_000,
      })
      .execute();
    const investor = await t.login(demo.investor);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        on(i, 'POST', `/api/user/investmentAccounts/${target.accountId}/withdraw`, {
          token: investor,
          body: { amount: 30, bankAccountId: target.bankAccountId },
          headers: { 'idempotency-key': `race-${target.accountId}-${i}` },
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(33);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.userMessage).toBe(accountMessages.amountAboveAvailable);
    }
    // both processes served winners
    expect(new Set(answers.map((a, i) => (a.status === 200 ? i % 2 : -1)).filter((s) => s >= 0)).size).toBe(2);
    expect(await balancesOf(t.ctx.db, target.accountId)).toEqual({ currentCents: 1000_00n, availableCents: 10_00n });
    const rows = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('id')
      .where('investmentAccountId', '=', target.accountId)
      .where('type', '=', 'WITHDRAWAL')
      .execute();
    expect(rows).toHaveLength(33);
  });

  it('the last dollars of a loan: 30 investors at once, the funded amount ends exactly at the amount', async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(50_000));
    const early = await investorWithAccount(t.ctx, { balanceCents: 4_000_000n });
    const pre = await on(0, 'POST', `/api/user/loans/${loanId}/invest`, {
      token: early.token,
      body: { investmentAccountId: early.accountId, amount: 40_000 },
    });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    const racers: Awaited<ReturnType<typeof investorWithAccount>>[] = [];
    for (let i = 0; i < 30; i++) racers.push(await investorWithAccount(t.ctx, { balanceCents: 1_000_000n }));
    const invest = (i: number, amount: number) =>
      on(i, 'POST', `/api/user/loans/${loanId}/invest`, {
        token: racers[i]!.token,
        body: { investmentAccountId: racers[i]!.accountId, amount },
        headers: { 'idempotency-key': `invest-${loanId}-${i}-${amount}` },
      });
    const results = await Promise.all(racers.map((_, i) => invest(i, 4_000)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(422);
      expect(r.body.userMessage).toBe(loanMessages.amountAboveRemaining);
    }
    const raceToEnd = await Promise.all(racers.slice(10, 16).map((_, i) => invest(i + 10, 2_000)));
    expect(raceToEnd.filter((r) => r.status === 200)).toHaveLength(1);
    const loan = await t.ctx.db
      .selectFrom('loans')
      .select(['fundedAmount', 'status'])
      .where('id', '=', loanId)
      .executeTakeFirstOrThrow();
    expect({ funded: Number(loan.fundedAmount), status: loan.status }).toEqual({
      funded: 50_000,
      status: 'FULLY_FUNDED',
    });
    const sum = await t.ctx.db
      .selectFrom('investments')
      .select((eb) => eb.fn.sum<string>('investedAmount').as('total'))
      .where('loanId', '=', loanId)
      .where('reversedDate', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(sum.total)).toBe(50_000);
  });

  it('idempotent retries: one deposit sent 12 times at once with one key, to both processes, moves money once', async () => {
    const account = await openAccountFor(t.ctx, demo.investor, { name: 'Two processes idempotent' });
    const key = `two-proc-deposit-${account.accountId}`;
    const send = (i: number, amount = 250) =>
      on(i, 'POST', `/api/investmentAccounts/${account.accountId}/deposit`, {
        token: admin,
        body: { amount, comment: 'once', depositDate: '2026-12-10' },
        headers: { 'idempotency-key': key },
      });
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i)));
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    const rows = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('id')
      .where('investmentAccountId', '=', account.accountId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await balancesOf(t.ctx.db, account.accountId)).toEqual({ currentCents: 250_00n, availableCents: 250_00n });
    const mismatch = await send(1, 251);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('the same repayment published three times and fractionalised four times at once pays once', async () => {
    const loan = await createWorkedExampleLoan(t.ctx, { thirdPartyId: `TWO-PROC-${Date.now()}` });
    const body = [
      {
        loanId: loan.loanId,
        thirdPartyId: `TP-${loan.loanId}`,
        dueDate: '2027-02-20',
        netAmount: 10689.94,
        grossAmount: 10689.94,
        batchNumber: 'TP',
      },
    ];
    const published = await Promise.all(
      [0, 1, 2].map((i) => on(i, 'POST', '/api/repayments/receipts/batch', { token: admin, body })),
    );
    expect(published.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(published.map((r) => r.body.data.publishedCount).sort()).toEqual([0, 0, 1]);
    const rows = await t.ctx.db
      .selectFrom('loanTransactions')
      .select('id')
      .where('receiptId', '=', `TP-${loan.loanId}`)
      .execute();
    expect(rows).toHaveLength(1);
    const fractionalised: HttpAnswer[] = await Promise.all(
      [0, 1, 2, 3].map((i) => on(i, 'POST', '/api/repayments/fractionalise', { token: admin, body: [rows[0]!.id] })),
    );
    expect(fractionalised.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    const paid = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('id')
      .where('loanTransactionId', '=', rows[0]!.id)
      .where('type', '=', 'REPAYMENT')
      .execute();
    expect(paid).toHaveLength(4); // A, B, C and 555, once each
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
  });
});
