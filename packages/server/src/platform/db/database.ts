import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  CamelCasePlugin,
  type CompiledQuery,
  Kysely,
  PostgresDialect,
  type QueryResult,
  type Transaction,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { ambientDialect, inAmbientTransaction, nextStatementSent, sendWithCommit } from './ambient-transaction';
import type { DB } from './db-types';
import { runMigrations } from './migrate';

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
/** A handle that is either the database or a transaction on it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script on one connection; an open transaction is rolled back on error. */
  exec(sqlText: string): Promise<void>;
  /**
   * Runs `fn` in one transaction that every query and `db.transaction()` made within it (in its
   * async context) joins, as savepoints: see ambient-transaction.ts.
   */
  inTransaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T>;
  /**
   * A write sent with the COMMIT of the `inTransaction` the caller runs in (one round trip for both
   * on PostgreSQL); its failure fails the commit. Outside one it runs at once. See ambient-transaction.ts.
   */
  sendWithCommit(query: CompiledQuery): Promise<void>;
  /**
   * Inside an `inTransaction` on PostgreSQL: resolves once the transaction's next statement has
   * been sent, so a statement that depends on it can follow it in the same round trip. Otherwise
   * undefined (wait for its answer instead). See ambient-transaction.ts.
   */
  nextStatementSent(): Promise<void> | undefined;
  close(): Promise<void>;
  /** The embedded database as a tarball (tests load it as a prepared snapshot). */
  dumpDataDir?(): Promise<Blob>;
}

// Type parsers shared by both drivers: ids and counts (int8) as numbers, money and rates
// (numeric) as exact strings, dates as YYYY-MM-DD strings, timestamptz as Date.
const OID_INT8 = 20;
const OID_NUMERIC = 1700;
const OID_DATE = 1082;
const parseInt8 = (v: string) => Number(v);
const identity = (v: string) => v;

function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === OID_INT8) return parseInt8;
      if (oid === OID_NUMERIC) return identity;
      if (oid === OID_DATE) return identity;
      return pg.types.getTypeParser(oid, format as 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

const pgliteParsers = { [OID_INT8]: parseInt8, [OID_NUMERIC]: identity, [OID_DATE]: identity };

/**
 * Statements the server runs on every money movement, sent to PostgreSQL as named prepared
 * statements: each connection parses them once, and after a few runs PostgreSQL keeps their plan
 * instead of planning again each time (the transaction detail view joins nine tables; planning
 * it cost several times more than running it). Only statements asked for by name are prepared,
 * so ad-hoc list queries keep a plan made for their own values. The embedded database plans
 * every statement as before.
 */
const preparedStatementsMax = 200;
const preparedNames = new Map<string, string>();

function preparedName(sqlText: string): string | undefined {
  let name = preparedNames.get(sqlText);
  if (name === undefined && preparedNames.size < preparedStatementsMax) {
    name = `lm_${crypto.createHash('sha1').update(sqlText).digest('hex').slice(0, 24)}`;
    preparedNames.set(sqlText, name);
  }
  return name;
}

/** A query compiled and registered to run as a prepared statement (on PostgreSQL; see above). */
export function compilePrepared<R>(
  db: Executor,
  query: { compile(executor: Executor): CompiledQuery<R> },
): CompiledQuery<R> {
  const compiled = query.compile(db);
  preparedName(compiled.sql);
  return compiled;
}

/**
 * Resolves once the event loop has turned. A statement asked for just before (its promise made,
 * not yet awaited) has then passed through Kysely and the driver and been written to the socket,
 * so PostgreSQL works on it while the caller goes on with synchronous work: fractionalising
 * computes its split while the ledger accounts are locked, and builds the ledger's batch while the
 * investments are updated. (The embedded database runs statements in this thread: nothing
 * overlaps there, and it costs one turn.) Attach a handler to that statement's promise before
 * awaiting this, so that a failure of the synchronous work does not leave it unhandled.
 */
export const statementsSent = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs a query as a prepared statement (on PostgreSQL; see compilePrepared). */
export async function executePrepared<R>(
  db: Executor,
  query: { compile(executor: Executor): CompiledQuery<R> },
): Promise<QueryResult<R>> {
  return db.executeQuery(compilePrepared(db, query));
}

/**
 * Sends the statements registered above as named statements on this connection, and the
 * statements a pipelined client sends within one turn of the event loop (a transaction's BEGIN and
 * its first statement, the writes sent with COMMIT and the COMMIT) in one write to the socket:
 * the socket is corked at the first and uncorked once the turn's promise callbacks have run.
 */
function preparingClient(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
    ?.stream;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream?.uncork?.();
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (!corked && stream?.cork && stream.uncork) {
      stream.cork();
      corked = true;
      process.nextTick(uncork);
    }
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = preparedNames.get(text);
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  };
}

class DataDirLockedError extends Error {}

const locksHeld = new Set<string>();

/** A lock file so that a second server cannot open the same embedded database directory. */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  if (locksHeld.has(lockPath)) {
    throw new DataDirLockedError(
      `Another server (process ${process.pid}) is already using the data directory ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      locksHeld.add(lockPath);
      return () => {
        locksHeld.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (pid && isAlive(pid) && pid !== process.pid) {
        throw new DataDirLockedError(
          `Another server (process ${pid}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database (DATA_DIR/pgdata); omitted means in memory. */
  pgliteDir?: string | undefined;
  /** Directory to lock against a second process (DATA_DIR). */
  lockDir?: string | undefined;
  /** A prepared embedded database snapshot (tests). */
  loadDataDir?: Blob | undefined;
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    // pipeline mode: a statement is sent without waiting for the answers of those before it, so a
    // transaction's BEGIN travels with its first statement and COMMIT with the writes deferred to it
    // (ambient-transaction.ts); each statement still has its own Sync, so a failure is its own
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types: pgTypes(), pipeline: true });
    // an idle connection the server drops (restart, admin command) must not crash the process
    pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
    pool.on('connect', preparingClient);
    const dialect = ambientDialect(new PostgresDialect({ pool }), { pipelined: true });
    const db = new Kysely<DB>({ dialect, plugins: [new CamelCasePlugin()] });
    database = {
      db,
      kind: 'postgres',
      inTransaction: (fn) => inAmbientTransaction(db, dialect, fn),
      sendWithCommit: (query) => sendWithCommit(db, dialect, query),
      nextStatementSent: () => nextStatementSent(dialect),
      exec: async (sqlText) => {
        const client = await pool.connect();
        try {
          await client.query(sqlText);
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => db.destroy(),
    };
  } else {
    const release = options.lockDir ? acquireLock(options.lockDir) : () => {};
    try {
      const pglite = await PGlite.create({
        ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        parsers: pgliteParsers,
      });
      const dialect = ambientDialect(new PGliteDialect(pglite));
      const db = new Kysely<DB>({ dialect, plugins: [new CamelCasePlugin()] });
      database = {
        db,
        kind: 'pglite',
        inTransaction: (fn) => inAmbientTransaction(db, dialect, fn),
        sendWithCommit: (query) => sendWithCommit(db, dialect, query),
        nextStatementSent: () => nextStatementSent(dialect),
        // through Kysely's connection queue so it never interleaves with a transaction
        exec: async (sqlText) => {
          await db.connection().execute(async () => {
            try {
              await pglite.exec(sqlText);
            } catch (error) {
              await pglite.exec('rollback').catch(() => {});
              throw error;
            }
          });
        },
        close: async () => {
          await db.destroy();
          release();
        },
        dumpDataDir: async () => (await pglite.dumpDataDir('gzip')) as Blob,
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  if (options.migrate !== false) await runMigrations(database);
  return database;
}

export { DataDirLockedError };
