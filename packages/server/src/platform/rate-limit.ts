import { AppError, sessionMessages } from '@lm/domain';
import { sql } from 'kysely';
import type { Executor } from './db/database';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Login failures: per account and per address. */
export const loginFailuresPerAccount: Limit = { max: 5, windowMs: 15 * 60_000 };
export const loginFailuresPerAddress: Limit = { max: 30, windowMs: 15 * 60_000 };
/** Code requests and code tries (password reset, withdrawal verification). */
export const codeRequestsPerAccount: Limit = { max: 5, windowMs: 60 * 60_000 };
export const codeRequestsPerAddress: Limit = { max: 30, windowMs: 60 * 60_000 };

/**
 * Fixed-window counters in the database, so every server process shares them. `hit` counts one
 * event; `check` refuses with 429 once the window's count reached the limit.
 */
export async function hit(db: Executor, key: string, limit: Limit, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const result = await sql<{ hits: number }>`
    insert into rate_limit_buckets (key, window_started_at, hits) values (${key}, ${now}, 1)
    on conflict (key) do update set
      hits = case when rate_limit_buckets.window_started_at < ${windowStart} then 1 else rate_limit_buckets.hits + 1 end,
      window_started_at = case when rate_limit_buckets.window_started_at < ${windowStart} then ${now} else rate_limit_buckets.window_started_at end
    returning hits`.execute(db);
  return result.rows[0]?.hits ?? 1;
}

export async function check(db: Executor, key: string, limit: Limit, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const row = await db
    .selectFrom('rateLimitBuckets')
    .select(['hits'])
    .where('key', '=', key)
    .where('windowStartedAt', '>=', windowStart)
    .executeTakeFirst();
  if (row && row.hits >= limit.max) throw new AppError('TOO_MANY_REQUESTS', sessionMessages.tooManyAttempts);
}

export async function clear(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rateLimitBuckets').where('key', '=', key).execute();
}
