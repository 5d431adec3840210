import { hash, verify } from '@node-rs/argon2';
import { argon2Parameters } from '../../../packages/server/src/session/passwords';
import { demoAdmin, describe, isMissingRoute } from '../api-client';
import type { BenchContext, SectionResult } from '../bench-context';
import { concurrentLoad, median } from '../measure';
import { round } from './list-query';

export const argon2Label = `argon2id m=${argon2Parameters.memoryCost}, t=${argon2Parameters.timeCost}, p=${argon2Parameters.parallelism}`;

const id = 'logins';
const title = `POST /api/auth/login (${argon2Label})`;
const clients = 4;

/**
 * Logins per second through HTTP with a few concurrent clients, beside the bare argon2id
 * verifications per second the same number of concurrent callers get in one process: the price
 * of everything around the hash (HTTP, JSON, the user lookup, rate-limit bookkeeping, the refresh
 * token row, signing the access token).
 */
export async function loginSection(ctx: BenchContext, durationMs: number): Promise<SectionResult> {
  const probe = await ctx.api.call('POST', '/api/auth/login', { body: demoAdmin });
  if (isMissingRoute(probe))
    return { id, title, status: 'skipped', reason: 'skipped: endpoint not available', figures: [] };
  const load = await concurrentLoad({
    clients,
    durationMs,
    operation: async () => {
      const res = await ctx.api.call('POST', '/api/auth/login', { body: demoAdmin });
      return res.status === 200 ? true : describe(res);
    },
  });
  const passwordHash = await hash(demoAdmin.password, argon2Parameters);
  const raw = await concurrentLoad({
    clients,
    durationMs,
    operation: async () => ((await verify(passwordHash, demoAdmin.password)) ? true : 'argon2 verify failed'),
  });
  return {
    id,
    title,
    status: load.failures === 0 ? 'measured' : 'failed',
    ...(load.failures === 0 ? {} : { reason: `${load.failures} logins failed: ${load.firstFailure}` }),
    figures: [
      { name: `logins per second, ${clients} clients`, value: round(load.perSecond), unit: '/s' },
      { name: 'login p50', value: round(median(load.latencies)), unit: 'ms' },
      { name: `bare argon2id verifications per second, ${clients} callers`, value: round(raw.perSecond), unit: '/s' },
      { name: 'logins / bare verifications', value: round(load.perSecond / raw.perSecond), unit: 'x' },
    ],
    details: { argon2: argon2Parameters, logins: load.operations, elapsedMs: round(load.elapsedMs) },
  };
}
