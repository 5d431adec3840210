import { openDatabase } from '../../packages/server/src/platform/db/database';
import {
  autovacuumOn,
  selectTablesToVacuum,
  vacuumTable,
} from '../../packages/server/src/platform/db/maintenance.repository';

/** A table vacuumed before a section, and why. */
export interface Settled {
  table: string;
  deadRows: number;
  liveRows: number;
  ms: number;
}

/**
 * What autovacuum would have done by now, when the server has it off. A server with
 * `autovacuum = off` (this machine's CI configuration) never clears the dead rows the sections
 * leave behind: by the receipts batch, a run's deposits, investments and fractionalising have left
 * as many dead versions of the investments as live ones, and every later figure pays for reading
 * past them, a cost no production database (autovacuum on, by default) carries. So before each
 * section the bench vacuums and analyses the tables past autovacuum's default thresholds, as the
 * server's job does on the embedded database (`platform/db/maintenance.repository.ts`), outside
 * the section's timing. With autovacuum on it does nothing and returns null.
 */
export async function settleLikeAutovacuum(databaseUrl: string): Promise<Settled[] | null> {
  const database = await openDatabase({ databaseUrl });
  try {
    if (await autovacuumOn(database.db)) return null;
    const settled: Settled[] = [];
    for (const t of await selectTablesToVacuum(database.db)) {
      const started = performance.now();
      await vacuumTable(database.db, t.schema, t.table);
      settled.push({
        table: t.table,
        deadRows: t.deadRows,
        liveRows: t.liveRows,
        ms: Math.round(performance.now() - started),
      });
    }
    return settled;
  } finally {
    await database.close();
  }
}
