import { AppError } from '@lm/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { deleteExpiredIdempotencyKeys, idempotencyKeyTtlMs, withIdempotency } from './idempotency';

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demo.management)
    .executeTakeFirstOrThrow();
  userId = user.id;
});
afterAll(() => t.close());

function fakeRequest(key: string | undefined, body: unknown, url = '/api/things/1/actions/do'): FastifyRequest {
  return {
    method: 'POST',
    url,
    routeOptions: { url: '/api/things/:id/actions/do' },
    headers: key === undefined ? {} : { 'idempotency-key': key },
    actor: { userId, role: 'MANAGEMENT', email: demo.management },
    body,
  } as unknown as FastifyRequest;
}

describe('idempotency keys', () => {
  it('runs once per key and body; replays the first response', async () => {
    let runs = 0;
    const run = async () => ({ success: true as const, data: { run: ++runs, at: new Date(0) } });
    const first = await withIdempotency(t.ctx, fakeRequest('k-1', { a: 1, b: 2 }), run);
    const again = await withIdempotency(t.ctx, fakeRequest('k-1', { b: 2, a: 1 }), run);
    expect(runs).toBe(1);
    expect(again).toEqual(first);
    expect(first.data).toEqual({ run: 1, at: '1970-01-01T00:00:00.000Z' });
  });

  it('the same key with another body or path is 422', async () => {
    const run = async () => ({ success: true as const, data: 1 });
    await withIdempotency(t.ctx, fakeRequest('k-2', { amount: 1 }), run);
    await expect(withIdempotency(t.ctx, fakeRequest('k-2', { amount: 2 }), run)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_MISMATCH',
    });
    await expect(
      withIdempotency(t.ctx, fakeRequest('k-2', { amount: 1 }, '/api/things/2/actions/do'), run),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
  });

  it('a repeat while the first still runs waits for it, or answers 409 after the wait', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let runs = 0;
    const slow = async () => {
      runs++;
      await gate;
      return { success: true as const, data: 'first' };
    };
    const first = withIdempotency(t.ctx, fakeRequest('k-3', {}), slow);
    await new Promise((r) => setTimeout(r, 30));
    if (t.ctx.database.kind === 'postgres') {
      // it waits on the key's unique index until the first commits; here not long enough
      await expect(withIdempotency(t.ctx, fakeRequest('k-3', {}), slow, { waitMs: 50 })).rejects.toMatchObject({
        code: 'IDEMPOTENCY_IN_PROGRESS',
      });
    }
    // the embedded database runs one transaction at a time: the repeat waits for its turn
    const waiting = withIdempotency(t.ctx, fakeRequest('k-3', {}), slow);
    release();
    expect((await first).data).toBe('first');
    expect((await waiting).data).toBe('first');
    expect(runs).toBe(1);
  });

  it('the key is kept with the change in one transaction: a failure after the change keeps neither', async () => {
    const marker = `idem-crash-${Date.now()}`;
    const markers = () => t.ctx.db.selectFrom('auditLog').select('id').where('route', '=', marker).execute();
    let runs = 0;
    // a service's own transaction "commits", then the request fails before its answer is kept
    const failsAfterChange = async () => {
      runs++;
      await t.ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('auditLog')
          .values({ actorUserId: userId, method: 'POST', route: marker, objectType: 'test', objectId: '1' })
          .execute();
      });
      expect(await markers()).toHaveLength(1); // visible inside the request's transaction
      throw new Error('the process dies here');
    };
    await expect(withIdempotency(t.ctx, fakeRequest('k-5', { x: 1 }), failsAfterChange)).rejects.toThrow('dies');
    expect(await markers()).toHaveLength(0);
    const keys = await t.ctx.db.selectFrom('idempotencyKeys').select('state').where('key', '=', 'k-5').execute();
    expect(keys).toEqual([]);
    // the retry performs the operation, once
    const succeeds = async () => {
      runs++;
      await t.ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('auditLog')
          .values({ actorUserId: userId, method: 'POST', route: marker, objectType: 'test', objectId: '1' })
          .execute();
      });
      return { success: true as const, data: 'done' };
    };
    expect((await withIdempotency(t.ctx, fakeRequest('k-5', { x: 1 }), succeeds)).data).toBe('done');
    expect((await withIdempotency(t.ctx, fakeRequest('k-5', { x: 1 }), succeeds)).data).toBe('done');
    expect(runs).toBe(2);
    expect(await markers()).toHaveLength(1);
  });

  it('a service transaction that fails inside the request rolls back only its own work', async () => {
    const marker = `idem-nested-${Date.now()}`;
    const insert = (trx: typeof t.ctx.db, objectId: string) =>
      trx
        .insertInto('auditLog')
        .values({ actorUserId: userId, method: 'POST', route: marker, objectType: 'test', objectId })
        .execute();
    const run = async () => {
      await t.ctx.db.transaction().execute((trx) => insert(trx, 'kept'));
      await expect(
        t.ctx.db.transaction().execute(async (trx) => {
          await insert(trx, 'undone');
          await trx.selectFrom('auditLog').select(sql`1/0`.as('boom')).execute(); // a database error
        }),
      ).rejects.toThrow();
      await insert(t.ctx.db, 'after'); // the request's transaction is still usable
      return { success: true as const, data: 'ok' };
    };
    await withIdempotency(t.ctx, fakeRequest('k-6', {}), run);
    const rows = await t.ctx.db
      .selectFrom('auditLog')
      .select('objectId')
      .where('route', '=', marker)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.objectId)).toEqual(['kept', 'after']);
  });

  it('keys expire after 24 hours: an expired key is a new operation, and the sweep deletes it', async () => {
    const now = t.ctx.clock.now().getTime();
    await t.ctx.db
      .insertInto('idempotencyKeys')
      .values([
        {
          userId,
          key: 'k-old',
          route: 'POST /api/things/:id/actions/do',
          requestHash: 'x',
          state: 'DONE',
          responseStatus: 200,
          responseBody: JSON.stringify({ success: true, data: 'old' }),
          createdAt: new Date(now - idempotencyKeyTtlMs - 1000),
        },
        {
          userId,
          key: 'k-old-2',
          route: 'POST /api/things/:id/actions/do',
          requestHash: 'x',
          state: 'DONE',
          responseStatus: 200,
          responseBody: JSON.stringify({ success: true, data: 'old' }),
          createdAt: new Date(now - idempotencyKeyTtlMs - 1000),
        },
        {
          userId,
          key: 'k-young',
          route: 'POST /api/things/:id/actions/do',
          requestHash: 'x',
          state: 'DONE',
          responseStatus: 200,
          responseBody: JSON.stringify({ success: true, data: 'young' }),
          createdAt: new Date(now - idempotencyKeyTtlMs + 60_000),
        },
      ])
      .execute();
    const fresh = await withIdempotency(t.ctx, fakeRequest('k-old', { y: 1 }), async () => ({
      success: true as const,
      data: 'new',
    }));
    expect(fresh.data).toBe('new');
    expect(await deleteExpiredIdempotencyKeys(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db
      .selectFrom('idempotencyKeys')
      .select('key')
      .where('key', 'in', ['k-old', 'k-old-2', 'k-young'])
      .orderBy('key')
      .execute();
    expect(left.map((r) => r.key)).toEqual(['k-old', 'k-young']);
  });

  it('an in-progress claim left by an earlier server is released, not answered 409 for good', async () => {
    await t.ctx.db
      .insertInto('idempotencyKeys')
      .values({
        userId,
        key: 'k-stale',
        route: 'POST /api/things/:id/actions/do',
        requestHash: 'x',
        state: 'IN_PROGRESS',
        createdAt: t.ctx.clock.now(),
      })
      .execute();
    const answer = await withIdempotency(t.ctx, fakeRequest('k-stale', {}), async () => ({
      success: true as const,
      data: 'ran',
    }));
    expect(answer.data).toBe('ran');
  });

  it('a failed first request releases its key; no key means no bookkeeping', async () => {
    await expect(
      withIdempotency(t.ctx, fakeRequest('k-4', {}), async () => {
        throw new AppError('RULE_REFUSED', 'no');
      }),
    ).rejects.toThrow('no');
    const second = await withIdempotency(t.ctx, fakeRequest('k-4', {}), async () => ({
      success: true as const,
      data: 2,
    }));
    expect(second.data).toBe(2);
    let runs = 0;
    const run = async () => ({ success: true as const, data: ++runs });
    await withIdempotency(t.ctx, fakeRequest(undefined, {}), run);
    await withIdempotency(t.ctx, fakeRequest(undefined, {}), run);
    expect(runs).toBe(2);
    await expect(withIdempotency(t.ctx, fakeRequest('', {}), run)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  describe('an operation that runs with its claim (runsWithClaim)', () => {
    const withClaim = { runsWithClaim: true };
    /** An operation that writes one audit row marked `marker` through the request's transaction. */
    const writing = (marker: string, data: string) => async () => {
      await t.ctx.db
        .insertInto('auditLog')
        .values({ actorUserId: userId, method: 'POST', route: marker, objectType: 'test', objectId: data })
        .execute();
      return { success: true as const, data };
    };
    const written = async (marker: string) =>
      (await t.ctx.db.selectFrom('auditLog').select('objectId').where('route', '=', marker).execute()).map(
        (r) => r.objectId,
      );

    it('writes once; a replay answers the first response and what it wrote again is rolled back', async () => {
      const marker = `idem-with-claim-${Date.now()}`;
      const first = await withIdempotency(t.ctx, fakeRequest('kc-1', { a: 1 }), writing(marker, 'first'), withClaim);
      const again = await withIdempotency(t.ctx, fakeRequest('kc-1', { a: 1 }), writing(marker, 'again'), withClaim);
      expect(first.data).toBe('first');
      expect(again).toEqual(first);
      expect(await written(marker)).toEqual(['first']);
    });

    it('the same key with another body is 422 and writes nothing', async () => {
      const marker = `idem-with-claim-mismatch-${Date.now()}`;
      await withIdempotency(t.ctx, fakeRequest('kc-2', { a: 1 }), writing(marker, 'first'), withClaim);
      await expect(
        withIdempotency(t.ctx, fakeRequest('kc-2', { a: 2 }), writing(marker, 'other'), withClaim),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
      expect(await written(marker)).toEqual(['first']);
    });

    it('a failing operation keeps neither its key nor its writes', async () => {
      const marker = `idem-with-claim-fails-${Date.now()}`;
      const fails = async () => {
        await writing(marker, 'undone')();
        throw new AppError('RULE_REFUSED', 'refused');
      };
      await expect(withIdempotency(t.ctx, fakeRequest('kc-3', {}), fails, withClaim)).rejects.toThrow('refused');
      expect(await written(marker)).toEqual([]);
      const retried = await withIdempotency(t.ctx, fakeRequest('kc-3', {}), writing(marker, 'done'), withClaim);
      expect(retried.data).toBe('done');
      expect(await written(marker)).toEqual(['done']);
    });

    it('a repeat while the first still runs writes nothing: it waits and answers the first, or 409', async () => {
      const marker = `idem-with-claim-concurrent-${Date.now()}`;
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const slow = async () => {
        const answer = await writing(marker, 'first')();
        await gate;
        return answer;
      };
      const first = withIdempotency(t.ctx, fakeRequest('kc-4', {}), slow, withClaim);
      await new Promise((r) => setTimeout(r, 30));
      if (t.ctx.database.kind === 'postgres') {
        await expect(
          withIdempotency(t.ctx, fakeRequest('kc-4', {}), writing(marker, 'timed out'), { ...withClaim, waitMs: 50 }),
        ).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
      }
      const waiting = withIdempotency(t.ctx, fakeRequest('kc-4', {}), writing(marker, 'second'), withClaim);
      release();
      expect((await first).data).toBe('first');
      expect((await waiting).data).toBe('first');
      expect(await written(marker)).toEqual(['first']);
    });
  });
});
