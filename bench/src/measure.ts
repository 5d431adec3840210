/** Timing helpers: percentiles, sequential latency runs and fixed-duration concurrent load. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** Runs `work` n times one after the other; returns each run's milliseconds. */
export async function sequentialLatencies(n: number, work: (i: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await work(i);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

export interface LoadResult {
  clients: number;
  operations: number;
  failures: number;
  elapsedMs: number;
  perSecond: number;
  latencies: number[];
  /** The first failure's description, to report why. */
  firstFailure?: string;
}

/**
 * `clients` concurrent loops each calling `operation` until `durationMs` has passed or `limit`
 * operations were started in total. An operation returns true when it succeeded; a thrown error
 * or false counts as a failure.
 */
export async function concurrentLoad(options: {
  clients: number;
  durationMs: number;
  limit?: number;
  operation: (client: number, index: number) => Promise<true | string>;
}): Promise<LoadResult> {
  const { clients, durationMs, limit = Number.POSITIVE_INFINITY, operation } = options;
  const started = performance.now();
  const deadline = started + durationMs;
  const latencies: number[] = [];
  let startedCount = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const loop = async (client: number) => {
    while (performance.now() < deadline && startedCount < limit) {
      const index = startedCount++;
      const t0 = performance.now();
      let outcome: true | string;
      try {
        outcome = await operation(client, index);
      } catch (error) {
        outcome = (error as Error).message;
      }
      if (outcome === true) latencies.push(performance.now() - t0);
      else {
        failures += 1;
        firstFailure ??= outcome;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, client) => loop(client)));
  const elapsedMs = performance.now() - started;
  return {
    clients,
    operations: latencies.length,
    failures,
    elapsedMs,
    perSecond: (latencies.length / elapsedMs) * 1000,
    latencies,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}
