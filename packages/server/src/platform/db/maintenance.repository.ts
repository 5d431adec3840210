import { sql } from 'kysely';
import type { Executor } from './database';

/** autovacuum's default thresholds (PostgreSQL's autovacuum_vacuum_* and autovacuum_analyze_*). */
export const vacuumThresholds = {
  rows: 50,
  /** Dead rows above rows + this share of the live ones. */
  deadShare: 0.2,
  /** Rows changed since the last analysis above rows + this share of the live ones. */
  changedShare: 0.1,
} as const;

export interface TableToVacuum {
  schema: string;
  table: string;
  deadRows: number;
  liveRows: number;
}

/** The tables of this database past autovacuum's default thresholds. */
export async function selectTablesToVacuum(db: Executor): Promise<TableToVacuum[]> {
  const { rows } = await sql<{ schema: string; table: string; deadRows: string; liveRows: string }>`
    select schemaname as schema, relname as table, n_dead_tup as dead_rows, n_live_tup as live_rows
    from pg_stat_user_tables
    where n_dead_tup > ${vacuumThresholds.rows}::float8 + ${vacuumThresholds.deadShare}::float8 * n_live_tup
       or n_mod_since_analyze > ${vacuumThresholds.rows}::float8 + ${vacuumThresholds.changedShare}::float8 * n_live_tup
    order by relname`.execute(db);
  return rows.map((r) => ({ ...r, deadRows: Number(r.deadRows), liveRows: Number(r.liveRows) }));
}

/** VACUUM (ANALYZE) of one table (outside any transaction). */
export async function vacuumTable(db: Executor, schema: string, table: string): Promise<void> {
  await sql`vacuum (analyze) ${sql.id(schema, table)}`.execute(db);
}

/** Whether the PostgreSQL server runs autovacuum. */
export async function autovacuumOn(db: Executor): Promise<boolean> {
  const { rows } = await sql<{ setting: string }>`select setting from pg_settings where name = 'autovacuum'`.execute(
    db,
  );
  return rows[0]?.setting === 'on';
}
