import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountFor } from '../accounts/money.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/**
 * What one deposit and one transfer cost in statements sent to PostgreSQL (docs/decisions/005,
 * 2026-11-26): the writes of a movement are one statement (ledger_post_money, migration 0170) and
 * the idempotency claim another. Counted on the driver's connections, so only with DATABASE_URL.
 */
describe.skipIf(!process.env.DATABASE_URL)('round trips of a money movement', () => {
  let t: TestApp;
  let admin: string;
  let from: { accountId: number };
  let to: { accountId: number };
  const sent: string[] = [];
  let counting = false;
  const query = pg.Client.prototype.query;
  // writes to PostgreSQL's sockets (the test's requests are injected, so they use no socket): a
  // round trip each, since the statements sent together go out in one write
  let writes = 0;
  type Write = (this: net.Socket, ...args: unknown[]) => unknown;
  const socket = net.Socket.prototype as unknown as { _write: Write; _writev: Write };
  const write = socket._write;
  const writev = socket._writev;

  beforeAll(async () => {
    (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      if (counting) {
        const q = args[0] as string | { text?: string };
        sent.push(typeof q === 'string' ? q : (q.text ?? ''));
      }
      return (query as unknown as (...a: unknown[]) => unknown).apply(this, args);
    };
    socket._write = function (...args) {
      if (counting) writes++;
      return write.apply(this, args);
    };
    socket._writev = function (...args) {
      if (counting) writes++;
      return writev.apply(this, args);
    };
    t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
    from = await openAccountFor(t.ctx, demo.investor, { name: 'From' });
    to = await openAccountFor(t.ctx, demo.investor, { name: 'To' });
    admin = await t.login(demo.management);
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    socket._write = write;
    socket._writev = writev;
    await t.close();
  });

  async function counted(send: () => Promise<{ status: number; body: unknown }>) {
    sent.length = 0;
    writes = 0;
    counting = true;
    const res = await send().finally(() => {
      counting = false;
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { statements: [...sent], roundTrips: writes };
  }

  it('a deposit with an Idempotency-Key: session, begin, claim, the movement, its view, done, commit, in 2 round trips', async () => {
    const { statements, roundTrips } = await counted(() =>
      t.call('POST', `/api/investmentAccounts/${from.accountId}/deposit`, {
        token: admin,
        headers: { 'Idempotency-Key': 'round-trips-deposit' },
        body: { investmentAccountId: from.accountId, amount: 10, comment: 'counted', depositDate: '2027-03-05' },
      }),
    );
    expect(statements.filter((s) => /ledger_post_money/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /savepoint/i.test(s))).toHaveLength(0);
    expect(statements.length).toBeLessThanOrEqual(7);
    // BEGIN with the session check, the claim, the movement and its view; DONE with COMMIT
    expect(roundTrips).toBeLessThanOrEqual(2);
  });

  it('a transfer with an Idempotency-Key adds only the read of both accounts', async () => {
    const { statements, roundTrips } = await counted(() =>
      t.call('POST', `/api/investmentAccounts/${from.accountId}/transfer`, {
        token: admin,
        headers: { 'Idempotency-Key': 'round-trips-transfer' },
        body: { toAccount: to.accountId, amount: 1, transferDate: '2027-03-05', organisationComment: 'counted' },
      }),
    );
    expect(statements.filter((s) => /ledger_post_money/.test(s))).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(8);
    // BEGIN with the session check, the claim and the accounts' read; the movement with its view;
    // DONE with COMMIT
    expect(roundTrips).toBeLessThanOrEqual(3);
  });
});
