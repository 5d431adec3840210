import { AppError } from '@lm/domain';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { withIdempotency } from './idempotency';

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
    await expect(withIdempotency(t.ctx, fakeRequest('k-3', {}), slow, { waitMs: 50 })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_IN_PROGRESS',
    });
    const waiting = withIdempotency(t.ctx, fakeRequest('k-3', {}), slow);
    release();
    expect((await first).data).toBe('first');
    expect((await waiting).data).toBe('first');
    expect(runs).toBe(1);
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
});
