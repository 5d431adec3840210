import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type Transaction,
  type TransactionSettings,
} from 'kysely';

/**
 * One database transaction around a whole operation, however many transactions its services open.
 *
 * `inAmbientTransaction(db, fn)` begins a transaction and binds its connection to the async context
 * of `fn` (AsyncLocalStorage). While it is open, everything `fn` does through the same `Kysely`
 * instance runs on that connection:
 * - a plain query (`ctx.db.selectFrom(...)`, `sql\`...\`.execute(ctx.db)`) runs inside it;
 * - a service's own `db.transaction().execute(...)` joins it as a SAVEPOINT: no second BEGIN, and
 *   a failure inside rolls back to the savepoint, as that service's own transaction would have;
 *   its "commit" releases the savepoint, so nothing it did is durable before the outer COMMIT.
 * So services keep calling `ctx.db.transaction()` unchanged; whether they run alone or under an
 * idempotent request is decided by the caller (platform/idempotency.ts).
 *
 * Outside such a context (jobs, the seed, requests without an Idempotency-Key) the driver behaves
 * exactly as the one it wraps. Once the outer transaction has ended, work that outlives it (an
 * `onResponse` hook, a timer started inside) gets ordinary pool connections again.
 *
 * Concurrency inside one operation: its queries share one connection, so they run one after the
 * other; two service transactions must not be opened concurrently (Promise.all) within one
 * operation (the savepoints would interleave). No service does.
 */

interface AmbientState {
  /** The pool's connection the outer transaction runs on, once acquired. */
  real: DatabaseConnection | undefined;
  /**
   * What this context's queries are handed instead: a wrapper of `real`, so that it is never
   * mistaken for the same pool connection handed to someone else later (the embedded database
   * hands out one connection object to all).
   */
  connection: DatabaseConnection | undefined;
  /** Acquisitions of that connection not yet released (the outer one and any nested ones). */
  holds: number;
  /** BEGIN sent; later begins on the same connection are savepoints. */
  begun: boolean;
  /** The outer transaction committed or rolled back: later work gets its own connections. */
  ended: boolean;
  /** Open savepoints, innermost last. */
  savepoints: string[];
  nextSavepoint: number;
  /** Which Kysely instance's driver owns this transaction (another database is not joined). */
  driver: AmbientDriver;
  /**
   * Pipelined drivers: the outer BEGIN, sent but not yet answered. The first statement of the
   * transaction is sent right behind it, and both answers are awaited together (one round trip).
   */
  beginning: Promise<void> | undefined;
  /** Statements to send together with the outer COMMIT, in order (sendWithCommit). */
  atCommit: CompiledQuery[];
  /** Told when the transaction's next statement has been handed to the driver (nextStatementSent). */
  sentWaiters: (() => void)[];
}

const ambient = new AsyncLocalStorage<AmbientState>();

class AmbientDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    /**
     * The driver sends a statement without waiting for the answers of those before it (node-postgres
     * in pipeline mode): BEGIN and COMMIT then travel with their neighbours instead of alone.
     */
    readonly pipelined: boolean,
  ) {}

  private state(connection?: DatabaseConnection): AmbientState | undefined {
    const state = ambient.getStore();
    if (!state || state.driver !== this || state.ended) return undefined;
    if (connection !== undefined && state.connection !== connection) return undefined;
    return state;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const state = this.state();
    if (!state) return this.inner.acquireConnection();
    if (state.connection === undefined) {
      const real = await this.inner.acquireConnection();
      state.real = real;
      const connection: DatabaseConnection = {
        executeQuery: <R>(query: CompiledQuery) => {
          const result = this.send<R>(state, real, query);
          for (const told of state.sentWaiters.splice(0)) told();
          return result;
        },
        streamQuery: (query, chunkSize) => real.streamQuery(query, chunkSize),
      };
      state.connection = connection;
    }
    state.holds++;
    return state.connection;
  }

  private send<R>(state: AmbientState, real: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    const beginning = state.beginning;
    if (beginning === undefined) return real.executeQuery<R>(query);
    // the first statement goes out behind the BEGIN still on the wire; a failed BEGIN fails it
    state.beginning = undefined;
    const result = real.executeQuery<R>(query);
    result.catch(() => {}); // its failure is answered below, once BEGIN's answer is in
    return beginning.then(
      () => result,
      async (error) => {
        await result.catch(() => {});
        throw error;
      },
    );
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const state = this.state(connection);
    if (!state) return this.inner.beginTransaction(connection, settings);
    if (!state.begun) {
      state.begun = true;
      if (this.pipelined) {
        // sent now, answered with the transaction's first statement (see acquireConnection)
        const beginning = this.inner.beginTransaction(state.real!, settings);
        beginning.catch(() => {}); // observed by the first statement, COMMIT or ROLLBACK
        state.beginning = beginning;
        return;
      }
      await this.inner.beginTransaction(state.real!, settings);
      return;
    }
    const name = `lm_ambient_${++state.nextSavepoint}`;
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
    state.savepoints.push(name);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const state = this.state(connection);
    if (!state) return this.inner.commitTransaction(connection);
    const name = state.savepoints.pop();
    if (name !== undefined) {
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
      return;
    }
    state.ended = true;
    const beginning = state.beginning;
    state.beginning = undefined;
    const atCommit = state.atCommit.splice(0);
    if (!this.pipelined) {
      for (const query of atCommit) await state.real!.executeQuery(query);
      await this.inner.commitTransaction(state.real!);
      return;
    }
    // the deferred statements and COMMIT leave together; COMMIT of a transaction that one of them
    // failed rolls it back, and the failure is what the caller sees
    const sent = atCommit.map((query) => state.real!.executeQuery(query));
    const committed = this.inner.commitTransaction(state.real!);
    const outcomes = await Promise.allSettled([...(beginning ? [beginning] : []), ...sent, committed]);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const state = this.state(connection);
    if (!state) return this.inner.rollbackTransaction(connection);
    const name = state.savepoints.pop();
    if (name !== undefined) {
      await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
      return;
    }
    state.ended = true;
    state.atCommit.length = 0;
    const beginning = state.beginning;
    state.beginning = undefined;
    await beginning?.catch(() => {});
    await this.inner.rollbackTransaction(state.real!);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.savepoint) throw new Error('The database driver does not support savepoints');
    return this.inner.savepoint(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('The database driver does not support savepoints');
    return this.inner.rollbackToSavepoint(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('The database driver does not support savepoints');
    return this.inner.releaseSavepoint(connection, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const store = ambient.getStore();
    if (!store || store.driver !== this || store.connection !== connection || store.holds === 0) {
      return this.inner.releaseConnection(connection);
    }
    store.holds--;
    if (store.holds > 0) return;
    store.ended = true;
    const real = store.real!;
    store.real = undefined;
    await this.inner.releaseConnection(real);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

const drivers = new WeakMap<Dialect, AmbientDriver>();

/** The dialect with its driver made ambient-aware (see above); openDatabase wraps every dialect. */
export function ambientDialect(inner: Dialect, options: { pipelined?: boolean } = {}): Dialect {
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => {
      const driver = new AmbientDriver(inner.createDriver(), options.pipelined === true);
      drivers.set(dialect, driver);
      return driver;
    },
  };
  return dialect;
}

/**
 * Runs `fn` in one transaction that every query and transaction of `db` made within it joins.
 * Already inside one: `fn` runs in a savepoint of it. Commits when `fn` resolves, rolls back
 * (everything, the nested work included) when it throws.
 */
export function inAmbientTransaction<DB, T>(
  db: Kysely<DB>,
  dialect: Dialect,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const driver = drivers.get(dialect);
  if (!driver) throw new Error('inAmbientTransaction: the database was not opened with ambientDialect');
  const current = ambient.getStore();
  if (current && current.driver === driver && !current.ended) return db.transaction().execute((trx) => fn(trx));
  const state: AmbientState = {
    real: undefined,
    connection: undefined,
    holds: 0,
    begun: false,
    ended: false,
    savepoints: [],
    nextSavepoint: 0,
    driver,
    beginning: undefined,
    atCommit: [],
    sentWaiters: [],
  };
  return ambient.run(state, () => db.transaction().execute((trx) => fn(trx)));
}

/** Whether the caller runs inside an ambient transaction of some database. */
export function inAmbient(): boolean {
  const state = ambient.getStore();
  return state !== undefined && !state.ended;
}

/**
 * Sends `query` together with the COMMIT of the ambient transaction the caller runs in (one round
 * trip for both on a pipelined driver), for a write whose answer nobody reads and that must commit
 * with everything before it (an idempotency key's stored reply). Its failure fails the COMMIT:
 * the transaction rolls back and the caller's transaction call rejects with that failure. Outside
 * an ambient transaction it is simply run now.
 */
export async function sendWithCommit<DB>(db: Kysely<DB>, dialect: Dialect, query: CompiledQuery): Promise<void> {
  const state = ambient.getStore();
  if (state && state.driver === drivers.get(dialect) && !state.ended && state.begun) {
    state.atCommit.push(query);
    return;
  }
  await db.executeQuery(query);
}

/**
 * On a pipelined driver, inside an ambient transaction of `dialect`'s database: a promise that
 * resolves once the transaction's next statement has been sent (not answered), so that a statement
 * that must follow it can be sent right behind it in the same round trip. Otherwise undefined:
 * wait for the answer instead.
 */
export function nextStatementSent(dialect: Dialect): Promise<void> | undefined {
  const state = ambient.getStore();
  if (!state || state.driver !== drivers.get(dialect) || !state.driver.pipelined || state.ended) return undefined;
  return new Promise((resolve) => state.sentWaiters.push(resolve));
}
