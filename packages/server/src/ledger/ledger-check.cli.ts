import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { type Database, openDatabase } from '../platform/db/database';
import { checkLedger } from './ledger-check';

/**
 * `npm run ledger:check`: verifies every ledger invariant (DESIGN §3) on the database the server
 * would use (DATABASE_URL, or the embedded one in DATA_DIR) and exits 0 when all hold, 1 naming
 * each broken one, 2 when the database cannot be read. Read-only; the embedded database can be
 * checked only while no server holds it.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  let database: Database;
  try {
    if (config.databaseUrl) {
      database = await openDatabase({ databaseUrl: config.databaseUrl, migrate: false });
    } else {
      const pgliteDir = path.join(config.dataDir, 'pgdata');
      if (!fs.existsSync(pgliteDir)) {
        console.error(`ledger check: no embedded database in ${pgliteDir} (set DATA_DIR or DATABASE_URL)`);
        return 2;
      }
      database = await openDatabase({ pgliteDir, lockDir: config.dataDir, migrate: false });
    }
  } catch (error) {
    console.error(`ledger check: cannot open the database: ${(error as Error).message}`);
    return 2;
  }
  try {
    const { problems, counts } = await checkLedger(database.db);
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
    const scope = `${counts.entries} entries, ${counts.postings} postings, ${counts.ledgerAccounts} ledger accounts, ${counts.accountTransactions} account transactions`;
    if (problems.length === 0) {
      console.log(`ledger check: OK on the ${where} (${scope})`);
      return 0;
    }
    const broken = [...new Set(problems.map((p) => p.invariant))];
    console.error(`ledger check: ${broken.length} invariant(s) broken on the ${where} (${scope})`);
    for (const invariant of broken) {
      console.error(`BROKEN: ${invariant}`);
      for (const problem of problems.filter((p) => p.invariant === invariant)) console.error(`  - ${problem.detail}`);
    }
    return 1;
  } catch (error) {
    console.error(`ledger check: cannot read the ledger: ${(error as Error).message}`);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
