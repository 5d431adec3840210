import path from 'node:path';
import { investorReportEndDateMaxDefault } from '@lm/domain';

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
  /** The sale fee on a secondary sale's interest payout, percent (`SALE_INTEREST_PAYOUT_FEE_PERCENT`, default 0). */
  saleInterestPayoutFeePercent: string;
  /** The last end date of investor reports (`INVESTOR_REPORT_END_DATE_MAX`, default 2025-06-30; investor-and-admin §9). */
  investorReportEndDateMax: string;
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
    saleInterestPayoutFeePercent: salePercent(env.SALE_INTEREST_PAYOUT_FEE_PERCENT),
    investorReportEndDateMax: reportDate(env.INVESTOR_REPORT_END_DATE_MAX),
  };
}

/** A fee percent between 0 and 100 as decimal text; anything else refuses to start. */
function salePercent(value: string | undefined): string {
  const text = (value ?? '').trim() || '0';
  if (!/^\d{1,3}(\.\d{1,6})?$/.test(text) || Number(text) > 100) {
    throw new Error(`SALE_INTEREST_PAYOUT_FEE_PERCENT must be a percent from 0 to 100, not "${value}"`);
  }
  return text;
}

/** The investor report end-date limit: a YYYY-MM-DD date; anything else refuses to start. */
function reportDate(value: string | undefined): string {
  const text = (value ?? '').trim() || investorReportEndDateMaxDefault;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) {
    throw new Error(`INVESTOR_REPORT_END_DATE_MAX must be a date YYYY-MM-DD, not "${value}"`);
  }
  return text;
}
