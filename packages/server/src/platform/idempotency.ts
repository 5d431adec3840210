import crypto from 'node:crypto';
import { AppError, type SuccessEnvelope } from '@lm/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import { executePrepared } from './db/database';

/**
 * Idempotency keys for money-moving POSTs (DESIGN §3). A request that carries an
 * `Idempotency-Key` header is done once per (caller, key):
 *
 * - the same key and the same request (method, path, body) again: the first response again,
 *   and nothing moves a second time;
 * - the same key with another request: 422 IDEMPOTENCY_MISMATCH;
 * - the same key while the first is still running: the repeat waits for it (up to `waitMs`) and
 *   then answers with its response, so concurrent retries all name the same result; still
 *   running after that: 409 IDEMPOTENCY_IN_PROGRESS.
 *
 * A first request that fails (a refusal, a bad body) moved nothing, so its key is released and
 * may be used again. Without the header the request simply runs.
 */

export const idempotencyKeyLengthMax = 255;
/** How long a repeat waits for the first request of its key before answering 409. */
export const idempotencyWaitMsDefault = 10_000;
const pollIntervalMs = 25;

export const idempotencyMessages = {
  mismatch: 'This Idempotency-Key was already used with a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please try again shortly.',
  badKey: `The Idempotency-Key header must be 1 to ${idempotencyKeyLengthMax} visible characters.`,
} as const;

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

function headerKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  if (value.length === 0 || value.length > idempotencyKeyLengthMax || !/^[\x21-\x7e]+$/.test(value)) {
    throw new AppError('BAD_REQUEST', idempotencyMessages.badKey);
  }
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withIdempotency<T>(
  ctx: AppContext,
  request: FastifyRequest,
  run: () => Promise<SuccessEnvelope<T>>,
  options: { waitMs?: number } = {},
): Promise<SuccessEnvelope<T>> {
  const key = headerKey(request);
  const userId = request.actor?.userId;
  if (key === undefined || userId === undefined) return run();
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  const hash = requestHash(request.method, request.url.split('?')[0] ?? '', request.body);
  const waitMs = options.waitMs ?? idempotencyWaitMsDefault;
  const deadline = Date.now() + waitMs;

  for (;;) {
    const {
      rows: [claimed],
    } = await executePrepared(
      ctx.db,
      ctx.db
        .insertInto('idempotencyKeys')
        .values({ userId, key, route, requestHash: hash, state: 'IN_PROGRESS', createdAt: ctx.clock.now() })
        .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
        .returning('key'),
    );
    if (claimed) {
      let envelope: SuccessEnvelope<T>;
      try {
        envelope = await run();
      } catch (error) {
        await ctx.db.deleteFrom('idempotencyKeys').where('userId', '=', userId).where('key', '=', key).execute();
        throw error;
      }
      // what a replay will send: the same JSON the first response serialises to
      const body = JSON.stringify(envelope);
      const stored = JSON.parse(body) as SuccessEnvelope<T>;
      await executePrepared(
        ctx.db,
        ctx.db
          .updateTable('idempotencyKeys')
          .set({ state: 'DONE', responseStatus: 200, responseBody: body })
          .where('userId', '=', userId)
          .where('key', '=', key),
      );
      return stored;
    }
    const existing = await ctx.db
      .selectFrom('idempotencyKeys')
      .select(['route', 'requestHash', 'state', 'responseBody'])
      .where('userId', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!existing) continue; // the first one failed and released the key: claim it
    if (existing.route !== route || existing.requestHash !== hash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', idempotencyMessages.mismatch);
    }
    if (existing.state === 'DONE') {
      const body = existing.responseBody;
      return (typeof body === 'string' ? JSON.parse(body) : body) as SuccessEnvelope<T>;
    }
    if (Date.now() >= deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS', idempotencyMessages.inProgress);
    await sleep(pollIntervalMs);
  }
}
