import { sql } from 'kysely';
import type { Executor } from '../platform/db/database';

export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
