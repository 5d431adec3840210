import fs from 'node:fs';
import path from 'node:path';
import { type Cents, centsToString, houseAccountId, type ScheduleDraft } from '@lm/domain';
import { createLedgerAccount, postMoney, systemAccountId } from '../ledger';
import { openSession } from '../platform/auth/sessions';
import type { AppContext } from '../platform/context';
import type { TestApp } from '../test-support/test-app';

/**
 * Test helpers of the loans and investing features: investors with funded accounts (direct inserts
 * plus a deposit through the money-posting module), and loans created through the API from the
 * fixture schedule.
 */

export const fixtureSchedulePath = path.resolve(import.meta.dirname, '../loans/fixtures/schedule-level-payment.csv');
export const fixtureSchedule = () => fs.readFileSync(fixtureSchedulePath);

/** Inside the fixture loan's marketplace window (2026-12-01 to 2027-01-15). */
export const fundingClock = '2026-12-10T10:00:00+11:00';

let sequence = 0;

export interface TestInvestor {
  userId: number;
  accountId: number;
  token: string;
}

/** Deposits into an investment account (trust bank -> investor cash), finalised at once. */
export async function deposit(ctx: AppContext, accountId: number, amountCents: Cents): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const trust = await systemAccountId(trx, 'TRUST_BANK');
    await postMoney(
      trx,
      {
        kind: 'DEPOSIT',
        accountRows: [{ investmentAccountId: accountId, type: 'DEPOSIT', amountCents, comment: 'test deposit' }],
        otherPostings: [{ ledgerAccountId: trust, amountCents: -amountCents }],
      },
      ctx.clock.now(),
    );
  });
}

/** An investor user with one investment account holding `balanceCents`, and an access token. */
export async function investorWithAccount(
  ctx: AppContext,
  options: {
    balanceCents: Cents;
    mandateRate?: string;
    mandateMaxExposureCents?: Cents;
    mandateMaxTerm?: number;
    mandateMaxTermUnit?: string;
    isForeign?: boolean;
    role?: 'INVESTOR' | 'INVESTOR_READ_ONLY';
  },
): Promise<TestInvestor> {
  sequence += 1;
  const email = `investor-${process.pid}-${sequence}-${Date.now()}@example.com`;
  const role = options.role ?? 'INVESTOR';
  const accountId = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ email, type: role, firstName: 'Test', lastName: `Investor ${sequence}`, status: 'ACTIVE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const investor = await trx
      .insertInto('investors')
      .values({ userId: user.id, investorType: 'INDIVIDUAL' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ledgerAccountId = await createLedgerAccount(trx, 'INVESTOR_CASH', `Cash of ${email}`);
    const account = await trx
      .insertInto('investmentAccounts')
      .values({
        name: `Account of ${email}`,
        ledgerAccountId,
        isForeign: options.isForeign ?? false,
        mandateRate: options.mandateRate ?? null,
        mandateMaxExposure:
          options.mandateMaxExposureCents === undefined ? null : centsToString(options.mandateMaxExposureCents),
        mandateMaxTerm: options.mandateMaxTerm ?? null,
        mandateMaxTermUnit: options.mandateMaxTermUnit ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('investmentAccountInvestors')
      .values({ investmentAccountId: account.id, investorId: investor.id })
      .execute();
    return { accountId: account.id, userId: user.id };
  });
  if (options.balanceCents > 0n) await deposit(ctx, accountId.accountId, options.balanceCents);
  const sessionId = await openSession(ctx.db, accountId.userId, ctx.clock.now());
  const token = await ctx.tokens.issueAccessToken({ userId: accountId.userId, role, email, sessionId });
  return { userId: accountId.userId, accountId: accountId.accountId, token };
}

/** Funds the house account 555. */
export function fundHouse(ctx: AppContext, amountCents: Cents): Promise<void> {
  return deposit(ctx, houseAccountId, amountCents);
}

/** Uploads a schedule file as multipart form data. */
export async function uploadSchedule(
  t: TestApp,
  token: string,
  content: Buffer | string,
  options: { filename?: string; provider?: string; contentType?: string } = {},
): Promise<Awaited<ReturnType<TestApp['call']>>> {
  const boundary = `----lm${Date.now()}`;
  const filename = options.filename ?? 'schedule.csv';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${
      options.contentType ?? 'text/csv'
    }\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload = Buffer.concat([head, typeof content === 'string' ? Buffer.from(content) : content, tail]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/loans/processFile?provider=${options.provider ?? 'standard'}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

type DraftWithTopUps = ScheduleDraft & { investmentTopups: unknown[] };

export type LoanBody = {
  loan: Record<string, unknown>;
  repayments: ScheduleDraft['repayments'];
  investmentTopups: unknown[];
  clientDetails: Record<string, unknown>;
};

/**
 * The create body for the fixture schedule as processFile answers it, set up and ready for the
 * marketplace, with a third-party id no other loan has (the fixture's own is refused once a loan has it).
 */
export async function fixtureLoanBody(
  t: TestApp,
  token: string,
  overrides: {
    loan?: Record<string, unknown>;
    clientDetails?: Record<string, unknown>;
    investmentTopups?: unknown[];
  } = {},
): Promise<LoanBody> {
  // a third-party id of its own (unless one is given), so no loan of the test has it already
  sequence += 1;
  const thirdPartyId = String(overrides.loan?.thirdPartyId ?? `HSB-${process.pid}-${sequence}`);
  const schedule = fixtureSchedule()
    .toString('utf8')
    .replace('thirdPartyId,HSB-2027-0001', `thirdPartyId,${thirdPartyId}`);
  const processed = await uploadSchedule(t, token, schedule);
  if (processed.status !== 200) throw new Error(`processFile failed: ${JSON.stringify(processed.body)}`);
  const draft = processed.body.data[0] as DraftWithTopUps;
  return {
    loan: { ...draft.loan, setupStatus: 'DONE', ...overrides.loan },
    repayments: draft.repayments,
    investmentTopups: overrides.investmentTopups ?? draft.investmentTopups,
    clientDetails: overrides.clientDetails ?? draft.clientDetails,
  };
}

/** Creates a loan through the API; returns its id. */
export async function createLoanViaApi(t: TestApp, token: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.call('POST', '/api/loans', { token, body });
  if (res.status !== 200) throw new Error(`create loan failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** A small loan body (amount in dollars, principal in one repayment) for tests that need many loans. */
export function smallLoanBody(amount: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    loan: {
      name: `Loan of ${amount}`,
      thirdPartyId: `T-${amount}-${Date.now()}-${sequence++}`,
      amount,
      baseInterestRate: 12.5,
      marketplaceRate: 10.5,
      gracePeriodDays: 10,
      interestType: 'IN_ARREARS',
      interestCalculationMethod: 'LEVEL_PAYMENT',
      term: 2,
      termPeriod: 1,
      termPeriodUnit: 'MONTHS',
      marketplaceStartDate: '2026-12-01',
      marketplaceExpiryDate: '2027-01-15',
      disbursementDate: '2027-01-20',
      setupStatus: 'DONE',
      ...overrides,
    },
    repayments: [
      { dueDate: '2027-02-20', principalDue: amount / 2, interestDue: 10 },
      { dueDate: '2027-03-20', principalDue: amount - amount / 2, interestDue: 5 },
    ],
    investmentTopups: [],
    clientDetails: { name: 'Small Loans Pty Ltd' },
  };
}
