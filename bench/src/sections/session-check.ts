import { ApiClient, demoAdmin, describe } from '../api-client';
import type { SectionResult } from '../bench-context';
import { concurrentLoad, median, sequentialLatencies } from '../measure';
import type { ServerHandle } from '../server-process';
import { round } from './list-query';

const id = 'session-check';
const title = 'per-request session check (ADR 003): without it, then with it';
const clients = 4;
/** The list the figure reads: a page of the loan list, as the Loans screen asks for it. */
const listPath = '/api/loans?$top=20&$orderby=id desc&$count=true';

interface Measured {
  logins: number;
  loginMs: number;
  list: number[];
  check: number[];
}

async function measure(server: ServerHandle, durationMs: number, listRuns: number): Promise<Measured> {
  const api = new ApiClient(server.url);
  try {
    const logins = await concurrentLoad({
      clients,
      durationMs,
      operation: async () => {
        const res = await api.call('POST', '/api/auth/login', { body: demoAdmin });
        return res.status === 200 ? true : describe(res);
      },
    });
    if (logins.failures > 0) throw new Error(`${logins.failures} logins failed: ${logins.firstFailure}`);
    const token = await api.login(demoAdmin.email, demoAdmin.password);
    const call = async (path: string) => {
      const res = await api.call('GET', path, { token });
      if (res.status !== 200) throw new Error(`GET ${path}: ${describe(res)}`);
    };
    await call(listPath); // warm
    const list = await sequentialLatencies(listRuns, () => call(listPath));
    // the cheapest authenticated call: little besides the token and session check
    const check = await sequentialLatencies(listRuns * 4, () => call('/authenticateJwt'));
    return { logins: logins.operations, loginMs: logins.elapsedMs, list, check };
  } finally {
    api.close();
  }
}

/**
 * The cost of checking each request's session against the database: the same server and
 * database started four times, alternately with the check off (BENCH_SKIP_SESSION_CHECK=1, a
 * bench-only switch) and as it always runs, the figures of each mode pooled; logins per second with a few clients, the p50 of a loan list
 * page and of GET /authenticateJwt (token and session check only).
 */
export async function sessionCheckSection(
  start: (env: Record<string, string>) => Promise<ServerHandle>,
  durationMs: number,
  listRuns: number,
): Promise<SectionResult> {
  // off, on, off, on: a machine whose load drifts during the run weighs on both alike
  const pooled = { off: [] as Measured[], on: [] as Measured[] };
  for (const mode of ['off', 'on', 'off', 'on'] as const) {
    const server = await start(mode === 'off' ? { BENCH_SKIP_SESSION_CHECK: '1' } : {});
    try {
      pooled[mode].push(await measure(server, durationMs / 2, Math.ceil(listRuns / 2)));
    } finally {
      await server.stop();
    }
  }
  const sum = (ms: Measured[]) => ({
    loginsPerSecond: (ms.reduce((n, m) => n + m.logins, 0) * 1000) / ms.reduce((n, m) => n + m.loginMs, 0),
    listP50: median(ms.flatMap((m) => m.list)),
    checkP50: median(ms.flatMap((m) => m.check)),
  });
  const off = sum(pooled.off);
  const on = sum(pooled.on);
  return {
    id,
    title,
    status: 'measured',
    figures: [
      {
        name: `logins per second, ${clients} clients, without the check`,
        value: round(off.loginsPerSecond),
        unit: '/s',
      },
      { name: `logins per second, ${clients} clients, with the check`, value: round(on.loginsPerSecond), unit: '/s' },
      { name: 'loan list page p50, without the check', value: round(off.listP50), unit: 'ms' },
      { name: 'loan list page p50, with the check', value: round(on.listP50), unit: 'ms' },
      { name: 'GET /authenticateJwt p50, without the check', value: round(off.checkP50), unit: 'ms' },
      { name: 'GET /authenticateJwt p50, with the check', value: round(on.checkP50), unit: 'ms' },
      {
        name: 'cost of the check per request (authenticateJwt p50 difference)',
        value: round(on.checkP50 - off.checkP50),
        unit: 'ms',
      },
    ],
    details: { listPath, listRuns, checkRuns: listRuns * 4, durationMs, rounds: 2 },
  };
}
