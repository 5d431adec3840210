import { allocateLargestRemainder, centsFromString, Decimal, sumCents } from '@lm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../packages/server/src/ledger/ledger-check';
import { hashPassword } from '../../packages/server/src/session/passwords';
import { createTestApp, type TestApp } from '../../packages/server/src/test-support/test-app';
import { type GeneratedBook, GenerationRefused, generateBook, generatedPassword } from './book-generator';
import { bookSize } from './book-plan';

const scale = 0.005;

let t: TestApp;
let book: GeneratedBook;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await query.execute(t.ctx.db);
  return Number((result.rows[0] as { n: number | string }).n);
}

beforeAll(async () => {
  // the demo book first, as on the embedded database: the house account 555 already has rows then
  t = await createTestApp({ seed: 'demo', clockNow: '2027-03-05T10:00:00+11:00' });
  book = await generateBook(t.ctx.database, {
    scale,
    now: t.ctx.clock.now(),
    passwordHash: await hashPassword(generatedPassword),
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the generated book', () => {
  it('has the rows of its scale, and the database holds exactly what the generator reports', async () => {
    const size = bookSize(scale);
    expect(book.rows.investmentAccounts).toBe(size.accounts);
    expect(book.rows.users).toBe(size.accounts);
    expect(book.rows.loans).toBe(size.loans);
    expect(book.rows.accountTransactions).toBe(size.accountTransactionsTarget);
    // about ten investments per loan (4 to 14 investors plus the house account's 1%)
    const investmentsPerLoan = book.rows.investments / book.rows.loans;
    expect(investmentsPerLoan).toBeGreaterThan(8);
    expect(investmentsPerLoan).toBeLessThan(12);

    const [t0, t1] = book.ids.accountTransactions;
    expect(await count(sql`select count(*) as n from account_transactions where id >= ${t0} and id < ${t1}`)).toBe(
      size.accountTransactionsTarget,
    );
    const [l0, l1] = book.ids.loans;
    expect(await count(sql`select count(*) as n from loans where id >= ${l0} and id < ${l1}`)).toBe(size.loans);
    const [i0, i1] = book.ids.investments;
    expect(await count(sql`select count(*) as n from investments where id >= ${i0} and id < ${i1}`)).toBe(
      book.rows.investments,
    );
    expect(await count(sql`select count(*) as n from users where email like '%@bench.example.com'`)).toBe(
      size.accounts,
    );
  });

  it('spreads loans over the life of a loan: funding, fully funded, active, in arrears, closed', async () => {
    const result = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from loans where id >= ${book.ids.loans[0]} group by status`.execute(t.ctx.db);
    const byStatus = Object.fromEntries(result.rows.map((r) => [r.status, r.n]));
    expect(Object.keys(byStatus).sort()).toEqual(['ACTIVE', 'ACTIVE_IN_ARREARS', 'CLOSED', 'FULLY_FUNDED', 'FUNDING']);
  });

  it('balances every ledger entry: at least two postings summing to zero', async () => {
    expect(
      await count(sql`
        select count(*) as n from (
          select e.id from ledger_entries e left join ledger_postings p on p.entry_id = e.id
          group by e.id having count(p.id) < 2 or coalesce(sum(p.amount), 0) <> 0) x`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from ledger_entries`)).toBeGreaterThan(book.rows.investments);
  });

  it('keeps every cached balance equal to the sum of its postings', async () => {
    expect(
      await count(sql`
        select count(*) as n from ledger_account_balances a
        left join (
          select p.ledger_account_id,
            sum(case when e.finalised_at is not null then p.amount else 0 end) as current,
            sum(case when e.finalised_at is null and e.voided_at is null and p.amount < 0 then -p.amount else 0 end) as debits,
            sum(case when e.finalised_at is null and e.voided_at is null and p.amount > 0 then p.amount else 0 end) as credits
          from ledger_postings p join ledger_entries e on e.id = p.entry_id group by p.ledger_account_id
        ) s on s.ledger_account_id = a.id
        where a.current_balance <> coalesce(s.current, 0) or a.pending_debits <> coalesce(s.debits, 0)
           or a.pending_credits <> coalesce(s.credits, 0)`),
    ).toBe(0);
    // and the book moved real money: generated accounts hold balances, some of it reserved by pending investments
    expect(
      await count(sql`
        select count(*) as n from investment_accounts ia join ledger_accounts la on la.id = ia.ledger_account_id
        where ia.id >= ${book.ids.investmentAccounts[0]} and la.current_balance > 0`),
    ).toBe(bookSize(scale).accounts);
    expect(await count(sql`select count(*) as n from ledger_accounts where pending_debits > 0`)).toBeGreaterThan(0);
  });

  it('passes the ledger check (every invariant of DESIGN §3)', async () => {
    const result = await checkLedger(t.ctx.db);
    expect(result.problems).toEqual([]);
    // the demo book's rows are checked too, the house account's running balances across both
    expect(result.counts.accountTransactions).toBeGreaterThan(bookSize(scale).accountTransactionsTarget);
  });

  it('funds each loan with exactly its investments, never above its amount', async () => {
    expect(
      await count(sql`
        select count(*) as n from loans l
        left join (select loan_id, sum(invested_amount) as s from investments group by loan_id) i on i.loan_id = l.id
        where l.id >= ${book.ids.loans[0]}
          and (l.funded_amount <> coalesce(i.s, 0) or l.funded_amount > l.amount
               or (l.status <> 'FUNDING') <> (l.funded_amount = l.amount))`),
    ).toBe(0);
  });

  it('splits every paid repayment by the rule of DOMAIN.md (principal, interest, tax and commission)', async () => {
    const receipts = await sql<{
      id: number;
      principalAmount: string;
      interestAmount: string;
      baseInterestRate: string;
    }>`
      select lt.id, lt.principal_amount, lt.interest_amount, l.base_interest_rate
      from loan_transactions lt join loans l on l.id = lt.loan_id
      where lt.loan_id >= ${book.ids.loans[0]} order by lt.id`.execute(t.ctx.db);
    expect(receipts.rows.length).toBeGreaterThan(0);
    const rows = await sql<{
      loanTransactionId: number;
      investmentId: number | null;
      type: string;
      amount: string;
      principalAmount: string;
      interestAmount: string;
      taxWithheldAmount: string;
      investedAmount: string | null;
      investmentInterestRate: string | null;
      isForeign: boolean;
      repaidBefore: string | null;
    }>`
      select t.loan_transaction_id, t.investment_id, t.type, t.amount, t.principal_amount,
        t.interest_amount, t.tax_withheld_amount, i.invested_amount, i.investment_interest_rate, ia.is_foreign,
        sum(t.principal_amount) over (partition by t.investment_id, t.type order by t.loan_transaction_id
                                      rows between unbounded preceding and 1 preceding) as repaid_before
      from account_transactions t
      join investment_accounts ia on ia.id = t.investment_account_id
      left join investments i on i.id = t.investment_id
      where t.loan_transaction_id >= ${receipts.rows[0]!.id} and t.type in ('REPAYMENT', 'COMMISSION')
      order by t.loan_transaction_id, t.investment_id`.execute(t.ctx.db);
    const halfUp = (d: InstanceType<typeof Decimal>): bigint =>
      BigInt(d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
    for (const receipt of receipts.rows) {
      const mine = rows.rows.filter((r) => r.loanTransactionId === receipt.id);
      const holders = mine.filter((r) => r.type === 'REPAYMENT');
      const outstanding = holders.map(
        (h) => centsFromString(h.investedAmount!) - centsFromString(h.repaidBefore ?? '0'),
      );
      const totalOutstanding = sumCents(outstanding);
      const principalPaid = centsFromString(receipt.principalAmount);
      const interestPaid = centsFromString(receipt.interestAmount);
      const base = new Decimal(receipt.baseInterestRate);
      // DOMAIN.md: principal by largest remainder over outstanding principal; interest paid x share x
      // min(rate, base) / base, half-up (computed with the one division last, so an exact half cent stays exact);
      // 10% of a foreign holder's interest withheld; the rest of the interest is commission
      const principal = allocateLargestRemainder(
        principalPaid,
        outstanding.map((o) => o.toString()),
      );
      let interestToHolders = 0n;
      holders.forEach((h, k) => {
        const rate = Decimal.min(new Decimal(h.investmentInterestRate!), base);
        const interest = halfUp(
          new Decimal(interestPaid.toString())
            .times(outstanding[k]!.toString())
            .times(rate)
            .dividedBy(new Decimal(totalOutstanding.toString()).times(base)),
        );
        const tax = h.isForeign ? halfUp(new Decimal(interest.toString()).times('0.10')) : 0n;
        interestToHolders += interest;
        expect({
          principal: centsFromString(h.principalAmount),
          interest: centsFromString(h.interestAmount),
          tax: centsFromString(h.taxWithheldAmount),
          cash: centsFromString(h.amount),
        }).toEqual({ principal: principal[k], interest, tax, cash: principal[k]! + interest - tax });
      });
      const commission = mine.find((r) => r.type === 'COMMISSION');
      expect(interestPaid - interestToHolders).toBeGreaterThan(0n);
      expect(centsFromString(commission!.amount)).toBe(interestPaid - interestToHolders);
    }
  });

  it('marks a loan in arrears exactly when a repayment is overdue beyond its grace days', async () => {
    expect(
      await count(sql`
        select count(*) as n from loans l
        where l.id >= ${book.ids.loans[0]}
          and (l.status = 'ACTIVE_IN_ARREARS') <> exists (
            select 1 from repayments r where r.loan_id = l.id and r.status not in ('PAID')
              and r.due_date + l.grace_period_days < ${book.today}::date)`),
    ).toBe(0);
  });

  it('lets a generated investor log in and see their account with the ledger balances', async () => {
    const user = await sql<{ email: string; accountId: number; current: string; pendingDebits: string }>`
      select u.email, ia.id as account_id, la.current_balance as current, la.pending_debits
      from users u join investors v on v.user_id = u.id
      join investment_account_investors x on x.investor_id = v.id
      join investment_accounts ia on ia.id = x.investment_account_id
      join ledger_accounts la on la.id = ia.ledger_account_id
      where u.id = ${book.ids.users[0]}`.execute(t.ctx.db);
    const me = user.rows[0]!;
    const token = await t.login(me.email, generatedPassword);
    const res = await t.call('GET', '/api/user/investmentAccounts', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].id).toBe(me.accountId);
    expect(centsFromString(String(res.body.data[0].currentBalance))).toBe(centsFromString(me.current));
    expect(centsFromString(String(res.body.data[0].availableBalance))).toBe(
      centsFromString(me.current) - centsFromString(me.pendingDebits),
    );
  });

  it('refuses to generate a second book into the same database', async () => {
    await expect(
      generateBook(t.ctx.database, { scale, now: t.ctx.clock.now(), passwordHash: 'unused' }),
    ).rejects.toBeInstanceOf(GenerationRefused);
  });
});
