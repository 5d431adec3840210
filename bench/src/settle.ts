import pg from 'pg';

/** A table vacuumed before a section, and why. */
export interface Settled {
  table: string;
  deadRows: number;
  liveRows: number;
  changedSinceAnalyze: number;
  ms: number;
}

/**
 * What autovacuum would have done by now, when the server has it off. A server with
 * `autovacuum = off` (this machine's CI configuration) never clears the dead rows the sections
 * leave behind: by the receipts batch, a run's deposits, investments and fractionalising have left
 * as many dead versions of the investments as live ones, and every later figure pays for reading
 * past them, a cost no production database (autovacuum on, by default) carries. So before each
 * section the bench vacuums and analyses the tables that autovacuum's default thresholds name
 * (dead rows above 50 + 20% of the live ones; rows changed since the last analysis above 50 + 10%),
 * outside the section's timing. With autovacuum on it does nothing and returns null.
 */
export async function settleLikeAutovacuum(databaseUrl: string): Promise<Settled[] | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const setting = await client.query<{ autovacuum: string }>('show autovacuum');
    if (setting.rows[0]?.autovacuum !== 'off') return null;
    const due = await client.query<{
      schemaname: string;
      relname: string;
      n_dead_tup: string;
      n_live_tup: string;
      n_mod_since_analyze: string;
    }>(
      `select schemaname, relname, n_dead_tup, n_live_tup, n_mod_since_analyze from pg_stat_user_tables
       where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
       order by relname`,
    );
    const settled: Settled[] = [];
    for (const row of due.rows) {
      const started = performance.now();
      await client.query(
        `vacuum (analyze) ${client.escapeIdentifier(row.schemaname)}.${client.escapeIdentifier(row.relname)}`,
      );
      settled.push({
        table: row.relname,
        deadRows: Number(row.n_dead_tup),
        liveRows: Number(row.n_live_tup),
        changedSinceAnalyze: Number(row.n_mod_since_analyze),
        ms: Math.round(performance.now() - started),
      });
    }
    return settled;
  } finally {
    await client.end();
  }
}
