import path from 'node:path';
import { SessionCheck } from './auth/sessions';
import { loadSigningKey, TokenService } from './auth/tokens';
import { Clock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { Mailer } from './mail/mailer';

/** Opens the database (migrating it) and wires the services' context. */
export async function createContext(
  config: Config,
  options: { loadDataDir?: Blob; inMemory?: boolean } = {},
): Promise<AppContext> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: options.inMemory ? undefined : path.join(config.dataDir, 'pgdata'),
    lockDir: options.inMemory ? undefined : config.dataDir,
    loadDataDir: options.loadDataDir,
  });
  const clock = new Clock(config.clockNow);
  const key = loadSigningKey(config.jwtSecret, options.inMemory ? undefined : config.dataDir);
  return {
    database,
    db: database.db,
    clock,
    config,
    mailer: new Mailer(config.smtpUrl, path.join(config.dataDir, 'outbox')),
    tokens: new TokenService(key, config.accessTokenTtlSeconds, () => clock.now()),
    sessions: new SessionCheck(database.db, {
      liveCacheMs: config.sessionLiveCacheMs,
      disabled: config.benchSkipSessionCheck,
    }),
  };
}
