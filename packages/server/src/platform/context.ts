import type { SessionCheck } from './auth/sessions';
import type { TokenService } from './auth/tokens';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { Mailer } from './mail/mailer';

/** What every service may use; created once per server. */
export interface AppContext {
  database: Database;
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  /** The per-request check that an access token's session is live (ADR 003). */
  sessions: SessionCheck;
}
