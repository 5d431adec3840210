import type { AppContext } from '../context';
import type { PeriodicJob } from '../jobs';
import { autovacuumOn, selectTablesToVacuum, vacuumTable } from './maintenance.repository';

/** How often the embedded database is looked at for tables to vacuum. */
export const embeddedVacuumIntervalMs = 10 * 60_000;

/**
 * The embedded database has no autovacuum (PGlite runs PostgreSQL as a single process, without its
 * background workers), so the dead row versions every update and delete leaves would stay for good
 * and the tables grow and slow. This job does what autovacuum does, with its default thresholds:
 * it vacuums and analyses the tables with more dead rows than 50 + 20% of the live ones (or more
 * changed since their last analysis than 50 + 10%). A vacuum shares the embedded database's one
 * connection, so requests wait for it; the thresholds make it rare and its work proportional to
 * what changed. On PostgreSQL the server's autovacuum does this and the job does nothing.
 */
export async function vacuumEmbeddedDatabase(ctx: AppContext): Promise<{ vacuumed: string[] }> {
  if (ctx.database.kind !== 'pglite') return { vacuumed: [] };
  const vacuumed: string[] = [];
  for (const t of await selectTablesToVacuum(ctx.db)) {
    await vacuumTable(ctx.db, t.schema, t.table);
    vacuumed.push(t.table);
  }
  return { vacuumed };
}

export const embeddedVacuumJob: PeriodicJob = {
  name: 'vacuum-embedded-database',
  intervalMs: embeddedVacuumIntervalMs,
  run: (ctx) => vacuumEmbeddedDatabase(ctx),
};

/**
 * A warning for the log when the PostgreSQL server has autovacuum off: nothing then clears dead
 * rows, and tables bloat until someone vacuums them. Null when it is on, or on the embedded database.
 */
export async function autovacuumWarning(ctx: AppContext): Promise<string | null> {
  if (ctx.database.kind !== 'postgres' || (await autovacuumOn(ctx.db))) return null;
  return 'PostgreSQL has autovacuum off: dead rows will accumulate and tables slow down unless they are vacuumed (VACUUM ANALYZE) regularly.';
}
