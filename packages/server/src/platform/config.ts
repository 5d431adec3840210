import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  clockNow: string | undefined;
  seedDemo: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a session seen live is believed without asking the database (ADR 003). */
  sessionLiveCacheMs: number;
  /** Bench only (`BENCH_SKIP_SESSION_CHECK=1`): no per-request session check, to measure its cost. */
  benchSkipSessionCheck: boolean;
  webDistDir: string;
  logLevel: string;
}

/** Reads configuration from the environment (README lists every variable). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    clockNow: env.CLOCK_NOW || undefined,
    // demo data goes into the embedded database by default, into DATABASE_URL only when asked
    seedDemo: env.SEED_DEMO === '1' || (!env.DATABASE_URL && env.SEED_DEMO !== '0'),
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 15 * 60),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS ?? 14 * 24 * 60 * 60),
    sessionLiveCacheMs: Number(env.SESSION_LIVE_CACHE_MS ?? 0),
    benchSkipSessionCheck: env.BENCH_SKIP_SESSION_CHECK === '1',
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(env.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../../web/dist'),
    logLevel: env.LOG_LEVEL ?? 'warn',
  };
}
