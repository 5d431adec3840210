import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOffLoan } from '../loans';
import { systemAudit } from '../platform/audit/audit';
import { openDatabase } from '../platform/db/database';
import { fractionaliseRepayments, publishReceipts } from '../repayments';
import { createWorkedExampleLoan, type TestLoan } from '../repayments/repayments.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { checkLedger } from './ledger-check';

/**
 * The money amounts kept beside the ledger (issue "every kept amount checked"): a loan's funded
 * amount, a repayment's paid principal and interest, an investment's repaid and written-off
 * principal. After real receipts, a fractionalisation and a partial write-off every one agrees with
 * its sources; each hand-corrupted column is named, with its row, by the check and by
 * `npm run ledger:check`, which then exits 1.
 */

const audit = systemAudit('kept-amounts-test');
let t: TestApp;
let loan: TestLoan;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none', clockNow: '2027-03-05T10:00:00+11:00' });
  loan = await createWorkedExampleLoan(t.ctx, { thirdPartyId: 'KEPT-1' });
  // the first repayment paid in full (10,689.94) and fractionalised; the second partly paid (1,000.00)
  const published = await publishReceipts(
    t.ctx,
    [
      {
        loanId: loan.loanId,
        thirdPartyId: 'KEPT-R1',
        dueDate: '2027-02-20',
        netAmount: 1_068_994n,
        grossAmount: 1_068_994n,
        batchNumber: 'KEPT',
      },
      {
        loanId: loan.loanId,
        thirdPartyId: 'KEPT-R2',
        dueDate: '2027-03-05',
        netAmount: 100_000n,
        grossAmount: 100_000n,
        batchNumber: 'KEPT',
      },
    ],
    null,
    audit,
  );
  await fractionaliseRepayments(t.ctx, [published.receipts[0]!.loanTransactionId], null, audit);
  await writeOffLoan(t.ctx, { loanId: loan.loanId, principalAmount: 1000.01, interestAmount: 50 }, null, audit);
}, 600_000);
afterAll(() => t?.close());

async function problemsOf(invariant: string): Promise<string[]> {
  const { problems } = await checkLedger(t.ctx.db);
  return problems.filter((p) => p.invariant === invariant).map((p) => p.detail);
}

/** Runs `change`, returns what the check says, and undoes it. */
async function corrupted(change: RawBuilder<unknown>, undo: RawBuilder<unknown>) {
  await change.execute(t.ctx.db);
  try {
    return (await checkLedger(t.ctx.db)).problems;
  } finally {
    await undo.execute(t.ctx.db);
  }
}

describe('the kept money amounts against their sources', () => {
  it('all agree after receipts, a fractionalisation and a partial write-off', async () => {
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
    const [first, second] = loan.repaymentIds;
    const paid = await t.ctx.db
      .selectFrom('repayments')
      .select(['id', 'principalPaid', 'interestPaid', 'principalWrittenOff', 'interestWrittenOff'])
      .where('id', 'in', [first!, second!])
      .orderBy('id')
      .execute();
    // the first repayment was paid in full; the second took the 1,000.00 as interest, then the
    // write-off took 50.00 of its interest still owed and 1,000.01 of its principal
    expect(paid).toEqual([
      {
        id: first,
        principalPaid: '9439.94',
        interestPaid: '1250.00',
        principalWrittenOff: '0.00',
        interestWrittenOff: '0.00',
      },
      {
        id: second,
        principalPaid: '0.00',
        interestPaid: '1000.00',
        principalWrittenOff: '1000.01',
        interestWrittenOff: '50.00',
      },
    ]);
  });

  it('names a corrupted funded amount', async () => {
    const problems = await corrupted(
      sql`update loans set funded_amount = funded_amount - 0.01 where id = ${loan.loanId}`,
      sql`update loans set funded_amount = funded_amount + 0.01 where id = ${loan.loanId}`,
    );
    expect(problems).toEqual([
      {
        invariant: "a loan's funded amount equals its investments",
        detail: `loans.funded_amount of loan ${loan.loanId} is 119999.99; its investments not reversed add up to 120000.00`,
      },
    ]);
  });

  it('names a corrupted paid principal and a corrupted paid interest', async () => {
    const first = loan.repaymentIds[0]!;
    const problems = await corrupted(
      sql`update repayments set principal_paid = principal_paid - 1, interest_paid = interest_paid - 2 where id = ${first}`,
      sql`update repayments set principal_paid = principal_paid + 1, interest_paid = interest_paid + 2 where id = ${first}`,
    );
    expect(problems).toEqual([
      {
        invariant: "a repayment's paid amounts equal the receipts applied to it",
        detail: `repayments.interest_paid of repayment ${first} (loan ${loan.loanId}) is 1248.00; the receipts applied to it add up to 1250.00`,
      },
      {
        invariant: "a repayment's paid amounts equal the receipts applied to it",
        detail: `repayments.principal_paid of repayment ${first} (loan ${loan.loanId}) is 9438.94; the receipts applied to it add up to 9439.94`,
      },
    ]);
  });

  it('names a corrupted repaid principal, repaid interest and written-off principal of an investment', async () => {
    const holder = loan.investmentIds[0]!; // A: 4,719.97 principal and 525.00 interest repaid
    const problems = await corrupted(
      sql`update investments set principal_repaid = principal_repaid + 0.01, interest_repaid = interest_repaid + 1,
        principal_written_off = principal_written_off + 3 where id = ${holder}`,
      sql`update investments set principal_repaid = principal_repaid - 0.01, interest_repaid = interest_repaid - 1,
        principal_written_off = principal_written_off - 3 where id = ${holder}`,
    );
    const investment = problems.filter(
      (p) => p.invariant === "an investment's repaid and written-off amounts equal its rows",
    );
    expect(investment.map((p) => p.detail)).toEqual([
      `investments.interest_repaid of investment ${holder} is 526.00; its account rows add up to 525.00`,
      `investments.principal_repaid of investment ${holder} is 4719.98; its account rows add up to 4719.97`,
      expect.stringMatching(
        new RegExp(
          `^investments\\.principal_written_off of investment ${holder} is \\d+\\.\\d\\d; its account rows add up to \\d+\\.\\d\\d$`,
        ),
      ),
    ]);
    expect(await Promise.resolve(problems.map((p) => p.invariant))).toContain(
      "a loan's principal written off equals what its holders bore",
    );
    expect(await problemsOf("an investment's repaid and written-off amounts equal its rows")).toEqual([]);
  });

  it('npm run ledger:check exits 1 naming each corrupted column and row', async () => {
    const first = loan.repaymentIds[0]!;
    const cli = path.resolve(import.meta.dirname, 'ledger-check.cli.ts');
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', cli], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 400_000,
      });
    const corrupt = sql`update loans set funded_amount = funded_amount - 1 where id = ${loan.loanId};`;
    const corruptRepayment = sql`update repayments set principal_paid = principal_paid - 1, interest_paid = interest_paid - 1 where id = ${first}`;
    const expectNamed = (stderr: string) => {
      expect(stderr).toContain("BROKEN: a loan's funded amount equals its investments");
      expect(stderr).toContain(`loans.funded_amount of loan ${loan.loanId} is 119999.00`);
      expect(stderr).toContain("BROKEN: a repayment's paid amounts equal the receipts applied to it");
      expect(stderr).toContain(`repayments.principal_paid of repayment ${first} (loan ${loan.loanId}) is 9438.94`);
      expect(stderr).toContain(`repayments.interest_paid of repayment ${first} (loan ${loan.loanId}) is 1249.00`);
    };
    if (t.ctx.config.databaseUrl) {
      await corrupt.execute(t.ctx.db);
      await corruptRepayment.execute(t.ctx.db);
      try {
        const broken = run({ DATABASE_URL: t.ctx.config.databaseUrl });
        expect(broken.status, broken.stderr).toBe(1);
        expectNamed(broken.stderr);
      } finally {
        await sql`update loans set funded_amount = funded_amount + 1 where id = ${loan.loanId}`.execute(t.ctx.db);
        await sql`update repayments set principal_paid = principal_paid + 1, interest_paid = interest_paid + 1 where id = ${first}`.execute(
          t.ctx.db,
        );
      }
      const sound = run({ DATABASE_URL: t.ctx.config.databaseUrl });
      expect(sound.status, sound.stderr).toBe(0);
      return;
    }
    // the embedded database: a copy of this test's data, checked as the command checks a data directory
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-kept-check-'));
    try {
      const copy = await openDatabase({
        pgliteDir: path.join(dir, 'pgdata'),
        loadDataDir: await t.ctx.database.dumpDataDir!(),
        migrate: false,
      });
      await copy.close();
      const sound = run({ DATA_DIR: dir, DATABASE_URL: '' });
      expect(sound.status, sound.stderr).toBe(0);
      const tampered = await openDatabase({ pgliteDir: path.join(dir, 'pgdata'), migrate: false });
      await corrupt.execute(tampered.db);
      await corruptRepayment.execute(tampered.db);
      await tampered.close();
      const broken = run({ DATA_DIR: dir, DATABASE_URL: '' });
      expect(broken.status, broken.stderr).toBe(1);
      expectNamed(broken.stderr);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 1_000_000);
});
