import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { autovacuumWarning, vacuumEmbeddedDatabase } from './maintenance';

describe('vacuuming: what autovacuum does, where nothing else does it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await sql`drop table if exists maintenance_probe`.execute(t.ctx.db);
    await t?.close();
  });

  // the statistics of the statements before, as the job (every ten minutes) would find them
  const flushStats = () => sql`select pg_stat_force_next_flush()`.execute(t.ctx.db);
  const vacuumed = async () => {
    await flushStats();
    return (await vacuumEmbeddedDatabase(t.ctx)).vacuumed;
  };
  const deadRows = async () => {
    await flushStats();
    const { rows } = await sql<{ dead: string }>`
      select n_dead_tup as dead from pg_stat_user_tables where relname = 'maintenance_probe'`.execute(t.ctx.db);
    return Number(rows[0]?.dead ?? 0);
  };

  it('the embedded database: a table past autovacuum thresholds is vacuumed, one below them is not', async () => {
    if (t.ctx.database.kind !== 'pglite') return;
    await sql`create table maintenance_probe (id int primary key, note text)`.execute(t.ctx.db);
    await sql`insert into maintenance_probe select n, 'x' from generate_series(1, 1000) n`.execute(t.ctx.db);
    expect(await vacuumed()).toContain('maintenance_probe'); // the insert's analysis
    // 40 dead rows of 1,000: below 50 + 20%, left alone
    await sql`delete from maintenance_probe where id <= 40`.execute(t.ctx.db);
    expect(await deadRows()).toBe(40);
    expect(await vacuumed()).not.toContain('maintenance_probe');
    // 600 more: past it
    await sql`delete from maintenance_probe where id <= 640`.execute(t.ctx.db);
    expect(await deadRows()).toBe(640);
    expect(await vacuumed()).toContain('maintenance_probe');
    expect(await deadRows()).toBe(0);
  });

  it('PostgreSQL: the job leaves it to the server, and a server without autovacuum is warned of', async () => {
    if (t.ctx.database.kind !== 'postgres') return;
    expect(await vacuumEmbeddedDatabase(t.ctx)).toEqual({ vacuumed: [] });
    const { rows } = await sql<{ setting: string }>`select setting from pg_settings where name = 'autovacuum'`.execute(
      t.ctx.db,
    );
    const warning = await autovacuumWarning(t.ctx);
    if (rows[0]?.setting === 'on') expect(warning).toBeNull();
    else expect(warning).toMatch(/^PostgreSQL has autovacuum off/);
  });
});
