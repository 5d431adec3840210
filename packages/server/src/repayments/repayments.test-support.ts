import {
  addDays,
  type Cents,
  centsToNumber,
  createLoanBody,
  Decimal,
  houseAccountId,
  moneyStringToNumber,
  sydneyDate,
} from '@lm/domain';
import { sql } from 'kysely';
import { createInvestmentAccount } from '../accounts';
import { deployLoan, investInLoan } from '../investments';
import { postMoney, systemAccountId } from '../ledger';
// creating a loan is not part of the loans feature's public index; tests reach its use case directly
import { createLoan } from '../loans';
import { systemAudit } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { fractionaliseRepayments } from './fractionalise-repayments';
import { publishReceipts } from './publish-receipts';

/**
 * Test books for the repayments and portfolio tests: investment accounts with cash (through the
 * accounts service and a deposit posting), and deployed loans created, funded and deployed through
 * the loans and investing services.
 */

export interface ScheduleRow {
  dueDate: string;
  principalDueCents: Cents;
  interestDueCents: Cents;
}

/** The fixture loan's schedule (fixtures/schedule-level-payment.csv): $120,000 at 12.5%, 12 months. */
export const fixtureSchedule: ScheduleRow[] = [
  ['2027-02-20', 943_994n, 125_000n],
  ['2027-03-20', 953_827n, 115_167n],
  ['2027-04-20', 963_763n, 105_231n],
  ['2027-05-20', 973_802n, 95_192n],
  ['2027-06-20', 983_946n, 85_048n],
  ['2027-07-20', 994_195n, 74_799n],
  ['2027-08-20', 1_004_552n, 64_442n],
  ['2027-09-20', 1_015_016n, 53_978n],
  ['2027-10-20', 1_025_589n, 43_405n],
  ['2027-11-20', 1_036_272n, 32_722n],
  ['2027-12-20', 1_047_066n, 21_928n],
  ['2028-01-20', 1_057_978n, 11_021n],
].map(([dueDate, principalDueCents, interestDueCents]) => ({
  dueDate: dueDate as string,
  principalDueCents: principalDueCents as Cents,
  interestDueCents: interestDueCents as Cents,
}));

/** An investment account (held by the investor of `email` when given) with `depositCents` deposited. */
export async function openFundedAccount(
  ctx: AppContext,
  options: { name: string; email?: string; isForeign?: boolean; depositCents?: Cents; mandateRate?: string },
): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const investor = options.email
      ? await trx
          .selectFrom('investors')
          .innerJoin('users', 'users.id', 'investors.userId')
          .select('investors.id')
          .where('users.email', '=', options.email)
          .executeTakeFirstOrThrow()
      : null;
    const accountId = await createInvestmentAccount(
      trx,
      {
        name: options.name,
        isForeign: options.isForeign ?? false,
        mandateRate: options.mandateRate ?? null,
        investorIds: investor ? [investor.id] : [],
      },
      systemAudit('test'),
      now,
    );
    if (options.depositCents && options.depositCents > 0n) await deposit(ctx, accountId, options.depositCents, trx);
    return accountId;
  });
}

/** Deposits into an account (trust bank -> investor cash). */
export async function deposit(
  ctx: AppContext,
  accountId: number,
  amountCents: Cents,
  trx?: Parameters<typeof postMoney>[0],
): Promise<void> {
  const run = async (t: Parameters<typeof postMoney>[0]) => {
    const trust = await systemAccountId(t, 'TRUST_BANK');
    await postMoney(
      t,
      {
        kind: 'DEPOSIT',
        accountRows: [{ investmentAccountId: accountId, type: 'DEPOSIT', amountCents, comment: 'test deposit' }],
        otherPostings: [{ ledgerAccountId: trust, amountCents: -amountCents }],
      },
      ctx.clock.now(),
    );
  };
  if (trx) await run(trx);
  else await ctx.db.transaction().execute(run);
}

export interface InvestmentInput {
  accountId: number;
  amountCents: Cents;
  /** Percent per annum, e.g. '10.5'; above the base rate only for a mandate account (it becomes a mandate option). */
  rate: string;
}

export interface TestLoan {
  loanId: number;
  repaymentIds: number[];
  investmentIds: number[];
}

let loanSequence = 0;

/**
 * A loan created, funded by `investments` (which must add up to the amount) and deployed through the
 * loans and investing services: createLoan (marketplace window around today), management invests at
 * each rate (a rate above base as the account's active mandate option), deployLoan (Active, or
 * Deployed when the disbursement date is still ahead).
 */
export async function createDeployedLoan(
  ctx: AppContext,
  options: {
    thirdPartyId?: string;
    amountCents: Cents;
    baseRate: string;
    gracePeriodDays?: number;
    schedule: ScheduleRow[];
    investments: InvestmentInput[];
    disbursementDate?: string;
    loanDetails?: { industryType?: string; companyState?: string };
  },
): Promise<TestLoan> {
  loanSequence += 1;
  const audit = systemAudit('test');
  const today = sydneyDate(ctx.clock.now());
  const base = new Decimal(options.baseRate);
  const body = createLoanBody.parse({
    loan: {
      name: `Test loan ${loanSequence}`,
      thirdPartyId: options.thirdPartyId ?? `TEST-${process.pid}-${loanSequence}-${Date.now()}`,
      amount: centsToNumber(options.amountCents),
      baseInterestRate: base.toNumber(),
      marketplaceRate: base.toNumber(),
      gracePeriodDays: options.gracePeriodDays ?? 10,
      interestType: 'IN_ARREARS',
      interestCalculationMethod: 'LEVEL_PAYMENT',
      term: options.schedule.length,
      termPeriod: 1,
      termPeriodUnit: 'MONTHS',
      marketplaceStartDate: addDays(today, -1),
      marketplaceExpiryDate: addDays(today, 60),
      disbursementDate: options.disbursementDate ?? today,
      setupStatus: 'DONE',
      loanDetails: options.loanDetails ?? null,
    },
    repayments: options.schedule.map((r) => ({
      dueDate: r.dueDate,
      principalDue: centsToNumber(r.principalDueCents),
      interestDue: centsToNumber(r.interestDueCents),
    })),
    investmentTopups: options.investments
      .filter((i) => new Decimal(i.rate).greaterThan(base))
      .map((i) => ({ investmentAccountId: i.accountId, mandateRate: Number(i.rate), isActive: true })),
    clientDetails: { name: `Test client ${loanSequence}` },
  });
  const created = await createLoan(ctx, body, audit);
  const loanId = created.id as number;
  for (const inv of options.investments) {
    if (new Decimal(inv.rate).greaterThan(base)) {
      await ctx.db
        .updateTable('investmentAccounts')
        .set({ mandateRate: inv.rate })
        .where('id', '=', inv.accountId)
        .execute();
    }
    await investInLoan(
      ctx,
      loanId,
      {
        investmentAccountId: inv.accountId,
        amountCents: inv.amountCents,
        mode: { kind: 'MANAGEMENT', rate: Number(inv.rate) },
        createdBy: null,
      },
      audit,
    );
  }
  await deployLoan(ctx, loanId, null, audit);
  const repayments = await ctx.db
    .selectFrom('repayments')
    .select('id')
    .where('loanId', '=', loanId)
    .orderBy('dueDate')
    .execute();
  const investments = await ctx.db
    .selectFrom('investments')
    .select('id')
    .where('loanId', '=', loanId)
    .orderBy('id')
    .execute();
  return { loanId, repaymentIds: repayments.map((r) => r.id), investmentIds: investments.map((i) => i.id) };
}

/** The fixture loan of DOMAIN.md's worked example: A $60,000 at 10.5%, B $40,000 at 12.5%, 555 $1,200, C (foreign) $18,800. */
export async function createWorkedExampleLoan(
  ctx: AppContext,
  options: {
    thirdPartyId: string;
    investorEmail?: string;
    loanDetails?: { industryType?: string; companyState?: string };
  },
): Promise<TestLoan & { accounts: { a: number; b: number; c: number } }> {
  const a = await openFundedAccount(ctx, {
    name: 'Investor A',
    depositCents: 6_000_000n,
    ...(options.investorEmail ? { email: options.investorEmail } : {}),
  });
  const b = await openFundedAccount(ctx, { name: 'Investor B', depositCents: 4_000_000n });
  const c = await openFundedAccount(ctx, { name: 'Investor C', isForeign: true, depositCents: 1_880_000n });
  await deposit(ctx, houseAccountId, 120_000n);
  const loan = await createDeployedLoan(ctx, {
    thirdPartyId: options.thirdPartyId,
    ...(options.loanDetails ? { loanDetails: options.loanDetails } : {}),
    amountCents: 12_000_000n,
    baseRate: '12.5',
    schedule: fixtureSchedule,
    investments: [
      { accountId: a, amountCents: 6_000_000n, rate: '10.5' },
      { accountId: b, amountCents: 4_000_000n, rate: '12.5' },
      { accountId: houseAccountId, amountCents: 120_000n, rate: '10.5' },
      { accountId: c, amountCents: 1_880_000n, rate: '10.5' },
    ],
  });
  return { ...loan, accounts: { a, b, c } };
}

/**
 * Pays the fixture schedule's repayment `index` of a loan in full at the clock's time: one receipt
 * of its whole amount published (`receiptId`, batch `batch`), then fractionalised to the holders.
 */
export async function payFixtureRepayment(
  ctx: AppContext,
  loanId: number,
  index: number,
  receiptId: string,
  batch = 'T',
) {
  const row = fixtureSchedule[index]!;
  const gross = row.principalDueCents + row.interestDueCents;
  const audit = systemAudit('test');
  const published = await publishReceipts(
    ctx,
    [
      {
        loanId,
        thirdPartyId: receiptId,
        dueDate: row.dueDate,
        netAmount: gross,
        grossAmount: gross,
        batchNumber: batch,
      },
    ],
    null,
    audit,
  );
  return fractionaliseRepayments(ctx, [published.receipts[0]!.loanTransactionId], null, audit);
}

/**
 * The ledger invariants of DESIGN §3, checked in SQL (the same checks as `npm run ledger:check`),
 * plus the repayments' own: each loan's collections hold exactly its published receipts less what
 * was fractionalised and the excess returned, and each account's last running balance is its
 * current balance. Returns the broken ones (empty when all hold).
 */
export async function brokenLedgerInvariants(ctx: AppContext): Promise<string[]> {
  const broken: string[] = [];
  const check = async (name: string, query: ReturnType<typeof sql>) => {
    const result = await query.execute(ctx.db);
    if (result.rows.length > 0) broken.push(`${name}: ${JSON.stringify(result.rows.slice(0, 5))}`);
  };
  await check(
    'entries that do not sum to zero',
    sql`select entry_id, sum(amount) as total from ledger_postings group by entry_id having sum(amount) <> 0`,
  );
  await check(
    'cached balances that differ from their postings',
    sql`select a.id, a.current_balance, s.current, a.pending_debits, s.debits, a.pending_credits, s.credits
      from ledger_account_balances a
      left join lateral (
        select coalesce(sum(case when e.finalised_at is not null then p.amount else 0 end), 0) as current,
          coalesce(sum(case when e.finalised_at is null and e.voided_at is null and p.amount < 0 then -p.amount else 0 end), 0) as debits,
          coalesce(sum(case when e.finalised_at is null and e.voided_at is null and p.amount > 0 then p.amount else 0 end), 0) as credits
        from ledger_postings p join ledger_entries e on e.id = p.entry_id where p.ledger_account_id = a.id
      ) s on true
      where a.current_balance <> s.current or a.pending_debits <> s.debits or a.pending_credits <> s.credits`,
  );
  await check(
    'investor cash with a negative available balance',
    sql`select id from ledger_accounts where kind = 'INVESTOR_CASH' and current_balance - pending_debits < 0`,
  );
  await check('loans funded above their amount', sql`select id from loans where funded_amount > amount`);
  await check(
    'loan collections that differ from receipts less fractionalised and returned',
    sql`select l.id, la.current_balance, s.expected from loans l
      join ledger_accounts la on la.id = l.collections_ledger_account_id
      left join lateral (
        select coalesce(sum(
          (case when lt.ledger_entry_id is not null and lt.type = 'REPAYMENT' then lt.net_amount else 0 end)
          - (case when lt.fractionalise_entry_id is not null then lt.principal_amount + lt.interest_amount else 0 end)
          - (case when lt.excess_handling = 'RETURNED' then lt.excess_amount else 0 end)), 0) as expected
        from loan_transactions lt where lt.loan_id = l.id
      ) s on true
      where la.current_balance <> s.expected`,
  );
  await check(
    'accounts whose last running balance is not their current balance',
    sql`select a.id, la.current_balance, last.running_balance from investment_accounts a
      join ledger_accounts la on la.id = a.ledger_account_id
      join lateral (
        select running_balance from account_transactions t
        where t.investment_account_id = a.id and t.finalised_date is not null
        order by t.finalised_date desc, t.id desc limit 1
      ) last on true
      where last.running_balance <> la.current_balance`,
  );
  return broken;
}

/** A holder's piece of a fractionalised repayment, as its account row of the entry shows it. */
export interface RepaymentPiece {
  investmentId: number | null;
  investmentAccountId: number;
  principalAmount: number;
  /** Interest including any mandate top-up. */
  interestAmount: number;
  taxWithheldAmount: number;
  /** What reached the holder's cash. */
  cashAmount: number;
}

/** The holders' pieces of a fractionalised repayment: the REPAYMENT account rows of its ledger entry. */
export async function repaymentPieces(ctx: AppContext, ledgerEntryId: number): Promise<RepaymentPiece[]> {
  const rows = await ctx.db
    .selectFrom('accountTransactions')
    .select(['investmentId', 'investmentAccountId', 'principalAmount', 'interestAmount', 'taxWithheldAmount', 'amount'])
    .where('ledgerEntryId', '=', ledgerEntryId)
    .where('type', '=', 'REPAYMENT')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    investmentId: r.investmentId,
    investmentAccountId: r.investmentAccountId,
    principalAmount: moneyStringToNumber(r.principalAmount)!,
    interestAmount: moneyStringToNumber(r.interestAmount)!,
    taxWithheldAmount: moneyStringToNumber(r.taxWithheldAmount)!,
    cashAmount: moneyStringToNumber(r.amount)!,
  }));
}
