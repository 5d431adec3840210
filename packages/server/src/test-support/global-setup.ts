import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../platform/db/database';

export const snapshotPath = path.resolve(import.meta.dirname, '../../../../.test-data/migrated.tar.gz');

/** Builds one migrated embedded database snapshot per test run; each test file loads it (~0.5 s). */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const database = await openDatabase({});
  const dump = await database.dumpDataDir!();
  fs.mkdirSync(path.dirname(snapshotPath), { recursive: true });
  // write then rename, so a test run reading the snapshot never sees a half-written file
  const temporary = `${snapshotPath}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(temporary, snapshotPath);
  await database.close();
}
