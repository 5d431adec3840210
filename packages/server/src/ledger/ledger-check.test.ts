import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountFor } from '../accounts/money.test-support';
import { openDatabase } from '../platform/db/database';
import { snapshotPath } from '../test-support/global-setup';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { checkLedger } from './ledger-check';

let t: TestApp;
let admin: string;
let accountId: number;

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
  admin = await t.login(demo.management);
  ({ accountId } = await openAccountFor(t.ctx, demo.investor));
  const other = await openAccountFor(t.ctx, demo.readOnly);
  const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);
  ok(
    await t.call('POST', `/api/investmentAccounts/${accountId}/deposit`, {
      token: admin,
      body: { amount: 500, comment: 'in', depositDate: '2027-03-05' },
    }),
  );
  const transfer = await t.call('POST', `/api/investmentAccounts/${accountId}/transfer`, {
    token: admin,
    body: { toAccount: other.accountId, amount: 120, transferDate: '2027-03-05', organisationComment: 'x' },
  });
  ok(transfer);
  ok(await t.call('DELETE', `/api/transaction/${transfer.body.data.to.id}`, { token: admin }));
});
afterAll(() => t.close());

const brokenInvariants = async () => [...new Set((await checkLedger(t.ctx.db)).problems.map((p) => p.invariant))];

async function ledgerAccountOf(investmentAccountId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('investmentAccounts')
    .select('ledgerAccountId')
    .where('id', '=', investmentAccountId)
    .executeTakeFirstOrThrow();
  return row.ledgerAccountId;
}

describe('ledger check', () => {
  it('finds nothing wrong after deposits, transfers and reversals', async () => {
    const result = await checkLedger(t.ctx.db);
    expect(result.problems).toEqual([]);
    expect(result.counts.entries).toBeGreaterThanOrEqual(3);
  });

  it('names a cached balance that drifted from its postings', async () => {
    const ledgerAccountId = await ledgerAccountOf(accountId);
    await t.ctx.db
      .updateTable('ledgerAccounts')
      .set({ currentBalance: sql`current_balance + 1` })
      .where('id', '=', ledgerAccountId)
      .execute();
    const broken = await brokenInvariants();
    await t.ctx.db
      .updateTable('ledgerAccounts')
      .set({ currentBalance: sql`current_balance - 1` })
      .where('id', '=', ledgerAccountId)
      .execute();
    expect(broken).toEqual(
      expect.arrayContaining([
        'every cached balance equals its postings',
        'the whole ledger sums to zero',
        "an investment account's rows sum to its ledger balances",
      ]),
    );
    expect(await brokenInvariants()).toEqual([]);
  });

  it('names a wrong running balance', async () => {
    const row = await t.ctx.db
      .selectFrom('accountTransactions')
      .select(['id', 'runningBalance'])
      .where('investmentAccountId', '=', accountId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('accountTransactions')
      .set({ runningBalance: '1.23' })
      .where('id', '=', row.id)
      .execute();
    expect(await brokenInvariants()).toEqual(['every running balance equals the sum of its account up to it']);
    await t.ctx.db
      .updateTable('accountTransactions')
      .set({ runningBalance: row.runningBalance })
      .where('id', '=', row.id)
      .execute();
    expect(await brokenInvariants()).toEqual([]);
  });

  it('names an entry that does not balance (written around the database guard)', async () => {
    const trust = await t.ctx.db
      .selectFrom('ledgerAccounts')
      .select('id')
      .where('kind', '=', 'TRUST_BANK')
      .executeTakeFirstOrThrow();
    await t.ctx.database.exec('alter table ledger_postings disable trigger ledger_postings_balanced');
    try {
      const entry = await t.ctx.db
        .insertInto('ledgerEntries')
        .values({ kind: 'BROKEN', finalisedAt: t.ctx.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('ledgerPostings')
        .values({ entryId: entry.id, ledgerAccountId: trust.id, amount: '1.00' })
        .execute();
    } finally {
      await t.ctx.database.exec('alter table ledger_postings enable trigger ledger_postings_balanced');
    }
    const result = await checkLedger(t.ctx.db);
    const broken = result.problems.filter((p) => p.invariant === 'every entry sums to zero with at least two postings');
    expect(broken).toHaveLength(1);
    expect(broken[0]!.detail).toMatch(/1 postings summing to 1(\.00)?$/);
    expect(result.problems.map((p) => p.invariant)).toContain('the whole ledger sums to zero');
  });

  it('npm run ledger:check exits 0 on a sound database and non-zero naming what is broken', async () => {
    const cli = path.resolve(import.meta.dirname, 'ledger-check.cli.ts');
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', cli], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
    if (t.ctx.config.databaseUrl) {
      // the throwaway database of this test file, which the previous test broke on purpose
      const broken = run({ DATABASE_URL: t.ctx.config.databaseUrl });
      expect(broken.status, broken.stderr).toBe(1);
      expect(broken.stderr).toContain('BROKEN: every entry sums to zero with at least two postings');
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-ledger-check-'));
    try {
      const database = await openDatabase({
        pgliteDir: path.join(dir, 'pgdata'),
        loadDataDir: new Blob([fs.readFileSync(snapshotPath)]),
      });
      await database.close();
      const sound = run({ DATA_DIR: dir, DATABASE_URL: '' });
      expect(sound.status, sound.stderr).toBe(0);
      expect(sound.stdout).toContain('ledger check: OK');
      const tampered = await openDatabase({ pgliteDir: path.join(dir, 'pgdata'), migrate: false });
      await tampered.exec(
        `update ledger_system_balance_parts set current_balance = current_balance + 5
         where part = 3 and ledger_account_id = (select id from ledger_accounts where kind = 'REVENUE')`,
      );
      await tampered.close();
      const broken = run({ DATA_DIR: dir, DATABASE_URL: '' });
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain('BROKEN: every cached balance equals its postings');
      expect(broken.stderr).toContain('BROKEN: the whole ledger sums to zero');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000); // starts the command up to twice as a process of its own
});
