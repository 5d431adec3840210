/**
 * `npm run bench:data -- --scale N`: generates a large realistic book into the configured
 * database (the embedded one in DATA_DIR, or DATABASE_URL). Refuses when a server holds DATA_DIR.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../../packages/server/src/platform/config';
import type { AppContext } from '../../packages/server/src/platform/context';
import { createContext } from '../../packages/server/src/platform/create-context';
import { seedIfEmpty } from '../../packages/server/src/seed';
import { hashPassword } from '../../packages/server/src/session/passwords';
import { GenerationRefused, generateBook, generatedPassword } from './book-generator';
import { scaleMax, scaleMin } from './book-plan';
import { progressBars } from './progress';

const usage = `Usage: npm run bench:data -- --scale N

Generates a book of N x (20,000 loans, 4,000 investment accounts, ~200,000 investments,
1,000,000 account transactions) into the configured database: the embedded database in
DATA_DIR (default ./data), or DATABASE_URL. Scale 5 is DESIGN §8's large book; fractional
scales (from ${scaleMin}) make small books. On a new database the demo users are seeded first
(embedded database, or SEED_DEMO=1), so the demo admin can log in for \`npm run bench\`.
Generated investors log in with their e-mail and the password ${generatedPassword}.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale < scaleMin || scale > scaleMax) {
    console.error(`--scale must be a number from ${scaleMin} to ${scaleMax}.\n\n${usage}`);
    return 2;
  }

  const config = loadConfig();
  let ctx: AppContext;
  try {
    ctx = await createContext(config);
  } catch (error) {
    console.error(`Cannot open the database: ${(error as Error).message}`);
    return 1;
  }
  const where = ctx.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const bars = progressBars();
  try {
    if (config.seedDemo && (await seedIfEmpty(ctx))) console.log('Demo users and demo book created.');
    console.log(`Generating a book at scale ${scale} into the ${where} ...`);
    const passwordHash = await hashPassword(generatedPassword);
    const book = await generateBook(ctx.database, { scale, now: ctx.clock.now(), passwordHash, progress: bars });
    bars.stop();
    const cpu = process.cpuUsage();
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    // the embedded database runs in this process, so its CPU time is the generator's own work
    const cpuNote =
      ctx.database.kind === 'pglite'
        ? `CPU time of this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, `
        : '';
    console.log(
      `\nGenerated in ${(book.elapsedMs / 1000).toFixed(1)} s (today ${book.today}, every check passed; ` +
        `${cpuNote}load average ${load}):`,
    );
    for (const [table, count] of Object.entries(book.rows)) {
      console.log(`  ${table.padEnd(22)} ${count.toLocaleString('en-AU').padStart(12)}`);
    }
    const analyzeStarted = Date.now();
    await sql`analyze`.execute(ctx.db);
    console.log(`Planner statistics refreshed (ANALYZE) in ${((Date.now() - analyzeStarted) / 1000).toFixed(1)} s.`);
    console.log('Verify independently with: npm run ledger:check');
    return 0;
  } catch (error) {
    bars.stop();
    if (error instanceof GenerationRefused) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    console.error('Generation failed; nothing was written (the load is one transaction).');
    console.error(error);
    return 1;
  } finally {
    await ctx.database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
