import crypto from 'node:crypto';
import { AppError, type SuccessEnvelope } from '@lm/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from './context';
import { compilePrepared, executePrepared, type Tx } from './db/database';
import type { PeriodicJob } from './jobs';

/**
 * Idempotency keys for money-moving POSTs (DESIGN §3). A request that carries an
 * `Idempotency-Key` header is done once per (caller, key):
 *
 * - the same key and the same request (method, path, body) again: the first response again,
 *   and nothing moves a second time;
 * - the same key with another request: 422 IDEMPOTENCY_MISMATCH;
 * - the same key while the first is still running: the repeat waits for it (up to `waitMs`) and
 *   then answers with its response, so concurrent retries all name the same result; still
 *   running after that: 409 IDEMPOTENCY_IN_PROGRESS (a later retry then answers the result).
 *
 * Crash-safe: the key's record is written in the SAME database transaction as the change it
 * protects (docs/decisions/007-idempotency-in-transaction.md). The request runs inside one
 * ambient transaction (db/ambient-transaction.ts) that the services' own transactions join:
 * 1. claim: `insert ... on conflict do nothing`; a concurrent request with the same key blocks
 *    on the unique index until the first commits (it then reads DONE and replays) or rolls back
 *    (it then claims the key itself);
 * 2. the operation runs; 3. its response is stored (DONE); 4. COMMIT.
 * A crash or failure anywhere before COMMIT rolls back the claim together with the change, so
 * a retry performs the operation once; after COMMIT a retry replays. No one ever sees a key in
 * progress whose request has stopped: the in-progress row exists only inside a live transaction
 * (a leftover from before this design is released on sight).
 *
 * A first request that fails (a refusal, a bad body) moved nothing, so its key is free again.
 * Keys expire `idempotencyKeyTtlMs` after their first use: an expired key may be used again
 * (as a new operation), and the periodic `expiredIdempotencyKeysJob` deletes them. Without the
 * header the request simply runs.
 */

export const idempotencyKeyLengthMax = 255;
/** How long a repeat waits for the first request of its key before answering 409. */
export const idempotencyWaitMsDefault = 10_000;
/** How long a key is remembered: a retry within this period replays, after it is a new operation. */
export const idempotencyKeyTtlMs = 24 * 60 * 60 * 1000;
/** How often each server deletes expired keys. */
export const idempotencyKeySweepIntervalMs = 60 * 60 * 1000;

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

/** PostgreSQL's lock_not_available: the claim waited `lock_timeout` for the key's first request. */
const lockNotAvailable = '55P03';

export interface IdempotencyOptions {
  waitMs?: number;
  /**
   * The operation's only effects are statements of the request's transaction (no mail, no file,
   * no other connection): on a pipelined driver it starts right behind its key's claim, without
   * waiting for the claim's answer, so the claim and the operation's first statements share one
   * round trip. When the claim finds the key already used, everything the operation wrote is rolled
   * back with the transaction before the key's first result is answered.
   */
  runsWithClaim?: boolean;
  /**
   * The caller's session check, when the request's authentication left it to the transaction
   * (access-plugin.ts): it runs first, and on a pipelined driver in the same write as the claim
   * and the operation's first statements; a refusal rolls back everything the request wrote.
   */
  sessionCheck?: (() => Promise<void>) | undefined;
}

/** Thrown inside the transaction to roll back an operation that ran before its claim was refused. */
const notClaimed = Symbol('not claimed');

export async function withIdempotency<T>(
  ctx: AppContext,
  request: FastifyRequest,
  run: () => Promise<SuccessEnvelope<T>>,
  options: IdempotencyOptions = {},
): Promise<SuccessEnvelope<T>> {
  const key = headerKey(request);
  const userId = request.actor?.userId;
  const sessionCheck = options.sessionCheck;
  if (key === undefined || userId === undefined) {
    await sessionCheck?.();
    return run();
  }
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  const hash = requestHash(request.method, request.url.split('?')[0] ?? '', request.body);
  const waitMs = Math.max(1, Math.round(options.waitMs ?? idempotencyWaitMsDefault));
  const keyed = { userId, key, route, hash, waitMs };
  try {
    return await claimAndRun(ctx, run, keyed, options.runsWithClaim === true, sessionCheck);
  } catch (error) {
    if (error !== notClaimed) throw error;
    // the key was used before: answered (or refused) without running the operation again
    return claimAndRun(ctx, run, keyed, false, sessionCheck);
  }
}

async function claimAndRun<T>(
  ctx: AppContext,
  run: () => Promise<SuccessEnvelope<T>>,
  { userId, key, route, hash, waitMs }: { userId: number; key: string; route: string; hash: string; waitMs: number },
  withClaim: boolean,
  sessionCheck: (() => Promise<void>) | undefined,
): Promise<SuccessEnvelope<T>> {
  return ctx.database.inTransaction(async (trx) => {
    const now = ctx.clock.now();
    // the session check goes first: right behind BEGIN, ahead of the claim and the operation
    let checking: Promise<void> | undefined;
    if (sessionCheck) {
      const check = await sendAhead(ctx, withClaim, sessionCheck);
      if (check.ahead)
        checking = check.answer; // answered below, once the claim and the operation are sent
      else await check.answer;
    }
    for (;;) {
      const { answer: claiming, ahead } = await sendAhead(ctx, withClaim, () =>
        claim(trx, { userId, key, route, requestHash: hash, now }, waitMs),
      );
      let running: Promise<SuccessEnvelope<T>> | undefined;
      if (ahead) {
        // the operation's statements follow the claim in the same write
        running = run();
        running.catch(() => {}); // answered below
      }
      if (checking !== undefined) {
        const check = checking;
        checking = undefined;
        try {
          await check;
        } catch (error) {
          // a session no longer live: what was sent behind its check ends with the transaction
          await claiming.catch(() => {});
          await running?.catch(() => {});
          throw error;
        }
      }
      let claimed: boolean;
      try {
        claimed = await claiming;
      } catch (error) {
        // the transaction is aborted: the operation's statements fail behind the claim; none of
        // them may run after it has ended, outside it
        await running?.catch(() => {});
        throw error;
      }
      if (!claimed && running !== undefined) {
        await running.catch(() => {});
        throw notClaimed;
      }
      if (claimed) {
        const envelope = await (running ?? run());
        // what a replay will send: the same JSON the first response serialises to
        const body = JSON.stringify(envelope);
        // sent with the COMMIT (one round trip for both): the key is DONE exactly when the change commits
        await ctx.database.sendWithCommit(
          compilePrepared(
            trx,
            trx
              .updateTable('idempotencyKeys')
              .set({ state: 'DONE', responseStatus: 200, responseBody: body })
              .where('userId', '=', userId)
              .where('key', '=', key),
          ),
        );
        return JSON.parse(body) as SuccessEnvelope<T>;
      }
      const existing = await trx
        .selectFrom('idempotencyKeys')
        .select(['route', 'requestHash', 'state', 'responseBody', 'createdAt'])
        .where('userId', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!existing) continue; // deleted meanwhile (expired): claim it
      const expired = existing.createdAt.getTime() <= now.getTime() - idempotencyKeyTtlMs;
      // IN_PROGRESS seen from outside its transaction: a claim left by a server before this design
      if (expired || existing.state !== 'DONE') {
        await trx.deleteFrom('idempotencyKeys').where('userId', '=', userId).where('key', '=', key).execute();
        continue;
      }
      if (existing.route !== route || existing.requestHash !== hash) {
        throw new AppError('IDEMPOTENCY_MISMATCH', idempotencyMessages.mismatch);
      }
      const body = existing.responseBody;
      return (typeof body === 'string' ? JSON.parse(body) : body) as SuccessEnvelope<T>;
    }
  });
}

/**
 * Starts `send`. With `pipelined` on a pipelined driver, resolves once its statement is on the wire
 * (`ahead`), so that the next one goes out in the same write; its answer is for the caller to
 * await (a failure left unawaited is not reported as unhandled). Otherwise resolves at once, and
 * the caller awaits the answer before sending anything else.
 */
async function sendAhead<R>(
  ctx: AppContext,
  pipelined: boolean,
  send: () => Promise<R>,
): Promise<{ answer: Promise<R>; ahead: boolean }> {
  const sent = pipelined ? ctx.database.nextStatementSent() : undefined;
  const answer = send();
  if (sent === undefined) return { answer, ahead: false };
  answer.catch(() => {});
  await Promise.race([sent, answer]);
  return { answer, ahead: true };
}

/**
 * Inserts the key's record unless it exists; true when this request claimed it. Waits at most
 * `waitMs` for a concurrent first request of the key to end (PostgreSQL; the embedded database
 * runs one transaction at a time, so there is never one to wait for here).
 */
async function claim(
  trx: Tx,
  row: { userId: number; key: string; route: string; requestHash: string; now: Date },
  waitMs: number,
): Promise<boolean> {
  try {
    // one statement: lock_timeout set for the insert only, the insert, lock_timeout restored
    const {
      rows: [claimed],
    } = await executePrepared(
      trx,
      sql<{ claimed: boolean }>`
        select idempotency_claim(${row.userId}::bigint, ${row.key}, ${row.route}, ${row.requestHash},
          ${row.now}::timestamptz, ${`${waitMs}ms`}) as claimed`,
    );
    return claimed?.claimed === true;
  } catch (error) {
    if ((error as { code?: string }).code === lockNotAvailable) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', idempotencyMessages.inProgress);
    }
    throw error;
  }
}

/** Deletes keys older than `idempotencyKeyTtlMs`; answers how many. */
export async function deleteExpiredIdempotencyKeys(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - idempotencyKeyTtlMs);
  const result = await ctx.db.deleteFrom('idempotencyKeys').where('createdAt', '<=', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every server deletes expired keys hourly (concurrent runs delete the same rows once). */
export const expiredIdempotencyKeysJob: PeriodicJob = {
  name: 'delete-expired-idempotency-keys',
  intervalMs: idempotencyKeySweepIntervalMs,
  run: async (ctx) => ({ deleted: await deleteExpiredIdempotencyKeys(ctx) }),
};
