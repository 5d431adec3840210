import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/** Migration files in name order: NNNN_description.sql, forward-only, never edited once landed. */
export function migrationFiles(): string[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/**
 * Applies every migration not yet applied, each in its own transaction with its bookkeeping row.
 * On PostgreSQL an advisory lock keeps two starting servers from migrating at once.
 */
export async function runMigrations(database: Database): Promise<string[]> {
  const { db } = database;
  await database.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    const body = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    const lockAndCheck = `select pg_advisory_xact_lock(4242); `;
    const wrapped = `begin; ${database.kind === 'postgres' ? lockAndCheck : ''}
      do $m$ begin
        if exists (select 1 from schema_migrations where name = '${file}') then
          raise exception using errcode = 'P0001', message = 'already-applied';
        end if;
      end $m$;
      ${body}
      ;
      insert into schema_migrations (name) values ('${file}');
      commit;`;
    const done = await sql<{
      n: number;
    }>`select count(*)::int as n from schema_migrations where name = ${file}`.execute(db);
    if ((done.rows[0]?.n ?? 0) > 0) continue;
    try {
      await database.exec(wrapped);
      applied.push(file);
    } catch (error) {
      if ((error as Error).message.includes('already-applied')) continue;
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
    }
  }
  return applied;
}
