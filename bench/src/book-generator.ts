import { houseAccountId, industryTypes, securityTypes, sydneyDate } from '@lm/domain';
import { sql } from 'kysely';
import { bpayReference } from '../../packages/server/src/accounts/create-investment-account';
import type { Database, Tx } from '../../packages/server/src/platform/db/database';
import { type BookSize, bookSize } from './book-plan';
import {
  businessKinds,
  businessWords,
  closedLoanTermMonths,
  dueDate,
  firstNames,
  hasMandate,
  holderInterest,
  interestOfRepayment,
  isForeignAccount,
  lastNames,
  loanPurposes,
  pick,
  pickFrom,
  places,
  principalInstalment,
  streetNames,
  sydneyAt,
  termsInMonths,
  unitCents,
  withholdingTax,
} from './book-sql';

/**
 * Generates a large, realistic, internally consistent book straight into the database with
 * set-based SQL (INSERT ... SELECT over generate_series, in chunks), in ONE transaction: it either
 * lands whole, every invariant checked, or not at all.
 *
 * The shape of the book (per loan n, all derived from n by fixed hashes, see book-sql.ts):
 * - 5% of loans are Funding (pending investments, on the marketplace), 2% Fully Funded (pending,
 *   not yet deployed), 8% Closed (six monthly repayments, all paid), 5% Active in arrears (the next
 *   repayment overdue beyond the grace days), the other 80% deployed and Active with one to six
 *   repayments paid.
 * - Each loan has 4 to 14 investors plus the house account 555 (its 1%), all at the loan's
 *   marketplace rate, below the base rate. Every amount is a multiple of $36 and every term divides
 *   3,600 cents, so principal pieces are exact.
 * - Deployed loans: every investment entry finalised at the deploy instant, the disbursement
 *   (loan funding -> trust bank), then for each paid repayment a receipt (trust bank -> loan
 *   collections, a REPAYMENT loan transaction) and its fractionalisation (loan collections ->
 *   each holder's cash, commission to 555, withholding tax on foreign accounts).
 * - Each investor account: an initial deposit that covers everything it ever spends, later
 *   deposits, one paid withdrawal to its bank account, and a transfer to its neighbour.
 *
 * Bulk loading row by row through the ledger triggers would update the cached balances once per
 * posting. Instead the load runs with `session_replication_role = replica` (this transaction
 * only, superuser), which skips triggers, foreign-key triggers included, and drops the big
 * tables' secondary indexes until the end. Then, before commit, it recomputes the cached balances
 * from the postings in one set-based UPDATE and checks what the skipped triggers would have
 * checked: every foreign key of every table it wrote, every entry balanced, cached balances and
 * running balances equal to the sums, funded amounts equal to the investments.
 */

export interface ProgressReporter {
  begin(label: string, total: number): void;
  advance(label: string, rows: number): void;
  end(label: string): void;
}

export interface GenerateOptions {
  scale: number;
  /** "Now" of the book (the server clock's instant): every generated date lies before it. */
  now: Date;
  /** One precomputed password hash shared by every generated user. */
  passwordHash: string;
  progress?: ProgressReporter;
}

export interface BookRows {
  users: number;
  investors: number;
  investmentGroups: number;
  investmentAccounts: number;
  bankAccounts: number;
  clients: number;
  loans: number;
  loanDetails: number;
  repayments: number;
  investments: number;
  loanTransactions: number;
  withdrawalRequests: number;
  ledgerAccounts: number;
  ledgerEntries: number;
  ledgerPostings: number;
  accountTransactions: number;
}

export interface GeneratedBook {
  size: BookSize;
  today: string;
  /** Rows written per table. */
  rows: BookRows;
  /** Id ranges [first, end) of the generated rows, for checks and benchmarks. */
  ids: {
    users: [number, number];
    investmentAccounts: [number, number];
    loans: [number, number];
    investments: [number, number];
    accountTransactions: [number, number];
    ledgerEntries: [number, number];
  };
  elapsedMs: number;
}

/** The domain of generated users' e-mail addresses; a database holds at most one generated book. */
export const generatedEmailDomain = 'bench.example.com';
export const generatedPassword = 'Bench-Passw0rd!';
export const generatedBpayBillerCode = '254714';

/** Ledger entry kinds, as the services write them. */
const entryKind = {
  investment: 'INVESTMENT',
  disbursement: 'DISBURSEMENT',
  receipt: 'RECEIPT',
  fractionalise: 'REPAYMENT_FRACTIONALISED',
  deposit: 'DEPOSIT',
  withdrawal: 'WITHDRAWAL',
  transfer: 'TRANSFER',
} as const;

/** Tables whose secondary indexes are dropped during the load and rebuilt after it. */
const bulkTables = [
  'account_transactions',
  'ledger_postings',
  'ledger_entries',
  'investments',
  'repayments',
  'loan_transactions',
] as const;

/** Every table the generator writes (locked for the duration, checked for foreign keys after). */
const writtenTables = [
  'users',
  'investors',
  'investment_groups',
  'investment_group_investors',
  'ledger_accounts',
  'investment_accounts',
  'investment_account_investors',
  'bank_accounts',
  'clients',
  'loans',
  'loan_details',
  'repayments',
  'investments',
  'loan_transactions',
  'withdrawal_requests',
  'ledger_entries',
  'account_transactions',
  'ledger_postings',
  'audit_log',
] as const;

const loansPerChunk = 2_000;
const accountsPerChunk = 400;
const rowsPerChunk = 200_000;

class GenerationRefused extends Error {}

export { GenerationRefused };

const trace = process.env.BOOK_TRACE === '1';

/** Runs one statement; BOOK_TRACE=1 prints each statement's wall and CPU time (the embedded database runs in this process). */
async function run<T>(trx: Tx, text: string): Promise<T[]> {
  const wall = Date.now();
  const cpu = process.cpuUsage();
  const result = await sql.raw<T>(text).execute(trx);
  if (trace) {
    const used = process.cpuUsage(cpu);
    const head = text.trim().replace(/\s+/g, ' ').slice(0, 90);
    process.stderr.write(
      `    [${Date.now() - wall} ms, cpu ${Math.round((used.user + used.system) / 1000)} ms] ${head}\n`,
    );
  }
  return result.rows;
}

async function exec(trx: Tx, text: string): Promise<void> {
  await run(trx, text);
}

async function one<T>(trx: Tx, text: string): Promise<T> {
  const row = (await run<T>(trx, text))[0];
  if (!row) throw new Error(`no row from: ${text.slice(0, 80)}`);
  return row;
}

/** The next free id of a table, past both its rows and its identity sequence. */
async function nextId(trx: Tx, table: string): Promise<number> {
  const row = await one<{ next: string | number }>(
    trx,
    `select greatest(
       (select coalesce(max(id), 0) + 1 from ${table}),
       (select coalesce(s.last_value, s.start_value - 1) + 1 from pg_sequences s
         where s.schemaname || '.' || s.sequencename = pg_get_serial_sequence('${table}', 'id'))
     ) as next`,
  );
  return Number(row.next);
}

async function columnExists(trx: Tx, table: string, column: string): Promise<boolean> {
  const row = await one<{ n: number }>(
    trx,
    `select count(*)::int as n from information_schema.columns
     where table_schema = 'public' and table_name = '${table}' and column_name = '${column}'`,
  );
  return row.n > 0;
}

function ranges(total: number, size: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let start = 0; start < total; start += size) out.push([start, Math.min(total, start + size)]);
  return out;
}

const quiet: ProgressReporter = { begin() {}, advance() {}, end() {} };

export async function generateBook(database: Database, options: GenerateOptions): Promise<GeneratedBook> {
  const size = bookSize(options.scale);
  const progress = options.progress ?? quiet;
  const started = Date.now();
  const today = sydneyDate(options.now);
  const result = await database.db.transaction().execute((trx) => load(trx, size, today, options, progress));
  return { ...result, elapsedMs: Date.now() - started };
}

async function load(
  trx: Tx,
  size: BookSize,
  today: string,
  options: GenerateOptions,
  progress: ProgressReporter,
): Promise<Omit<GeneratedBook, 'elapsedMs'>> {
  const A = size.accounts;
  const L = size.loans;
  const C = size.clients;
  const G = size.investmentGroups;
  const W = size.withdrawals;
  const X = size.transfers;
  const todaySql = `'${today}'::date`;
  const bookStart = `(${todaySql} - 730)`;

  // --- preconditions -----------------------------------------------------------------------
  const su = await one<{ superuser: boolean }>(
    trx,
    `select rolsuper as superuser from pg_roles where rolname = current_user`,
  );
  if (!su.superuser) {
    throw new GenerationRefused(
      'The generator bulk-loads with session_replication_role = replica (then checks every foreign key and ledger ' +
        'invariant itself), which needs a superuser connection. Connect as a superuser.',
    );
  }
  const existing = await one<{ n: number }>(
    trx,
    `select count(*)::int as n from users where email like '%@${generatedEmailDomain}'`,
  );
  if (existing.n > 0) {
    throw new GenerationRefused(
      `This database already holds a generated book (${existing.n} generated users). ` +
        'Generate into a new DATA_DIR or an empty database.',
    );
  }
  const house = await sql<{ ledgerAccountId: number }>`
    select ledger_account_id from investment_accounts where id = ${houseAccountId}`.execute(trx);
  const houseLedger = house.rows[0]?.ledgerAccountId;
  if (houseLedger === undefined) {
    throw new GenerationRefused(`The house account ${houseAccountId} does not exist; the migrations are incomplete.`);
  }
  const system = await sql<{ kind: string; id: number }>`
    select kind, id from ledger_accounts where kind in ('TRUST_BANK', 'TAX_WITHHELD_PAYABLE')`.execute(trx);
  const trust = system.rows.find((r) => r.kind === 'TRUST_BANK')?.id;
  const taxPayable = system.rows.find((r) => r.kind === 'TAX_WITHHELD_PAYABLE')?.id;
  if (trust === undefined || taxPayable === undefined) {
    throw new GenerationRefused('The system ledger accounts are missing; the migrations are incomplete.');
  }
  const loanTransactionsHaveFractionaliseEntry = await columnExists(trx, 'loan_transactions', 'fractionalise_entry_id');

  await exec(trx, `set local session_replication_role = replica`);
  await exec(trx, `set local work_mem = '256MB'`);
  await exec(trx, `set local maintenance_work_mem = '512MB'`);
  await exec(trx, `lock table ${writtenTables.join(', ')} in exclusive mode`);

  // --- id bases: every generated id is base + a row number -------------------------------------
  const base = {
    users: await nextId(trx, 'users'),
    investors: await nextId(trx, 'investors'),
    groups: await nextId(trx, 'investment_groups'),
    ledgerAccounts: await nextId(trx, 'ledger_accounts'),
    accounts: await nextId(trx, 'investment_accounts'),
    bankAccounts: await nextId(trx, 'bank_accounts'),
    clients: await nextId(trx, 'clients'),
    loans: await nextId(trx, 'loans'),
    repayments: await nextId(trx, 'repayments'),
    investments: await nextId(trx, 'investments'),
    loanTransactions: await nextId(trx, 'loan_transactions'),
    withdrawals: await nextId(trx, 'withdrawal_requests'),
    entries: await nextId(trx, 'ledger_entries'),
    rows: await nextId(trx, 'account_transactions'),
  };
  const LA_CASH = base.ledgerAccounts;
  const LA_FUND = LA_CASH + A;
  const LA_COLL = LA_FUND + L;
  const LA_END = LA_COLL + L;

  // --- drop the big tables' secondary indexes until the end -----------------------------------
  const indexes = await sql<{ name: string; definition: string }>`
    select ic.relname as name, pg_get_indexdef(ix.indexrelid) as definition
    from pg_index ix
    join pg_class ic on ic.oid = ix.indexrelid
    join pg_class t on t.oid = ix.indrelid
    join pg_namespace ns on ns.oid = t.relnamespace
    where ns.nspname = 'public' and t.relname = any(${[...bulkTables]}::text[])
      and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid)
    order by t.relname, ic.relname`.execute(trx);
  for (const index of indexes.rows) await exec(trx, `drop index ${index.name}`);

  // --- the plan of every loan ------------------------------------------------------------------
  await exec(
    trx,
    `create temp table g_loan on commit drop as
    with a as (
      select n,
        (n * 37) % 100 as bucket,
        4 + ${pick('n', 2, 11)} as k,
        ${pick('n', 3, termsInMonths.length)} as term_pick,
        ${pick('n', 4, 8)} as rate_pick,
        ${pick('n', 5, 3)} as margin_pick,
        ${pickFrom([7, 10, 10, 14], 'n', 6)} as grace,
        ${pick('n', 8, 6)} as paid_pick,
        ${pick('n', 11, 16)} as day_pick,
        ${pick('n', 12, 12)} as month_pick,
        ${pick('n', 13, 10)} as start_pick,
        ${pick('n', 10, 500)} as rem_pick,
        ${pick('n', 7, 8)} as late_pick,
        ${pick('n', 15, A)} as acct_start
      from generate_series(0, ${L - 1}) n
    ), b as (
      select a.*,
        case when bucket < 5 then 'FUNDING' when bucket < 7 then 'FULLY_FUNDED' when bucket < 15 then 'CLOSED'
             when bucket < 20 then 'LATE' else 'CURRENT' end as plan
      from a
    ), c as (
      select b.*,
        case when plan = 'CLOSED' then ${closedLoanTermMonths}
             else (array[${termsInMonths.join(', ')}])[1 + term_pick] end as m,
        (10.5 + 0.5 * rate_pick)::numeric(9,6) as base_rate,
        case plan when 'CLOSED' then ${closedLoanTermMonths}
                  when 'CURRENT' then least(1 + paid_pick, (array[${termsInMonths.join(', ')}])[1 + term_pick] - 1)
                  when 'LATE' then least(1 + paid_pick, (array[${termsInMonths.join(', ')}])[1 + term_pick] - 1)
                  else 0 end as p,
        (select sum(28 + ${pick('b.n * 16 + g', 9, 253)}) from generate_series(1, b.k) g)::bigint as s_units,
        case when plan = 'FUNDING' then 28 + rem_pick else 0 end as rem_units
      from b
    ), d as (
      select c.*,
        (base_rate - (array[1.5, 2.0, 2.5])[1 + margin_pick])::numeric(9,6) as mp_rate,
        (s_units + rem_units + 98) / 99 as h_units,
        case plan
          when 'CURRENT' then (${todaySql} - make_interval(months => p) - make_interval(days => 5 + day_pick))::date
          when 'LATE' then (${todaySql} - make_interval(months => p + 1) - make_interval(days => grace + 5 + late_pick))::date
          when 'CLOSED' then (${todaySql} - make_interval(months => ${closedLoanTermMonths} + month_pick)
                              - make_interval(days => 5 + day_pick))::date
        end as d0,
        case plan when 'FUNDING' then ${todaySql} - (16 + start_pick)
                  when 'FULLY_FUNDED' then ${todaySql} - (20 + start_pick) end as funding_start
      from c
    ), e as (
      select d.*,
        s_units + h_units + rem_units as u_total,
        s_units + h_units as f_units,
        coalesce(d0 - 21, funding_start) as mstart,
        coalesce(d0, case plan when 'FUNDING' then funding_start + 37 else ${todaySql} + 7 end) as sched0
      from d
    )
    , f as (
    select e.*,
      ${base.loans} + n as loan_id,
      ${base.clients} + n % ${C} as client_id,
      mstart + 30 as mexpiry,
      case when d0 is not null then d0 - 3 when plan = 'FULLY_FUNDED' then mstart + 16 end as funded_day,
      case
        when plan in ('FUNDING', 'FULLY_FUNDED', 'CLOSED') then plan
        when exists (select 1 from generate_series(e.p, e.m - 1) r
                     where ${dueDate('e', 'r')} + e.grace < ${todaySql}) then 'ACTIVE_IN_ARREARS'
        else 'ACTIVE'
      end as status,
      (sum(k + 1) over w - (k + 1))::bigint as inv0,
      (sum(m) over w - m)::bigint as rep0,
      (sum(p) over w - p)::bigint as pay0,
      (sum(p * (k + 2)) over w - p * (k + 2))::bigint as row0
    from e
    window w as (order by n)
    )
    select f.*,
      ${sydneyAt('f.mstart - 1', '09:00')} as created_at,
      ${sydneyAt('f.mstart', '09:00')} as marketplace_start_at,
      ${sydneyAt('f.mexpiry', '17:00')} as marketplace_expiry_at,
      ${sydneyAt('f.funded_day', '16:00')} as funded_at,
      ${sydneyAt('f.d0', '11:00')} as deployed_at,
      ${sydneyAt('coalesce(f.d0, f.funded_day, f.mstart - 1)', '12:00')} as updated_at
    from f`,
  );
  await exec(trx, `create unique index on g_loan (n)`);
  await exec(trx, `analyze g_loan`);

  const totals = await one<{ investments: number; repayments: number; paid: number; repaymentRows: number }>(
    trx,
    `select sum(k + 1)::int as investments, sum(m)::int as repayments, sum(p)::int as paid,
            sum(p * (k + 2))::int as repayment_rows from g_loan`,
  );
  const I = totals.investments;
  const P = totals.paid;
  const RR = totals.repaymentRows; // holders' rows plus one commission slot per paid repayment
  // deposits fill the book up to its target: one initial deposit per account, one for 555, the rest top-ups
  const D = Math.max(A + 1, size.accountTransactionsTarget - I - RR - W - 2 * X);

  const E_INV = base.entries;
  const E_DISB = E_INV + I;
  const E_RCPT = E_DISB + L;
  const E_FRAC = E_RCPT + P;
  const E_DEP = E_FRAC + P;
  const E_WD = E_DEP + D;
  const E_TR = E_WD + W;
  const E_END = E_TR + X;

  const R_INV = base.rows;
  const R_REP = R_INV + I;
  const R_DEP = R_REP + RR;
  const R_WD = R_DEP + D;
  const R_TR = R_WD + W;
  const R_END = R_TR + 2 * X;

  // one investment j = (loan n, slot g): slot 0 is the house account's 1%, slots 1..k investors
  await exec(
    trx,
    `create temp table g_inv on commit drop as
    select l.n, g, (l.inv0 + g)::bigint as j,
      case when g = 0 then null else (l.acct_start + g - 1) % ${A} end as a,
      case when g = 0 then ${houseAccountId} else ${base.accounts} + (l.acct_start + g - 1) % ${A} end as account_id,
      case when g = 0 then l.h_units else 28 + ${pick('l.n * 16 + g', 9, 253)} end::bigint as u,
      (g > 0 and ${isForeignAccount(`(l.acct_start + g - 1) % ${A}`)}) as is_foreign,
      ${sydneyAt('l.mstart + 1 + g % 14', '10:00')} + make_interval(mins => g) as invested_at
    from g_loan l cross join lateral generate_series(0, l.k) g`,
  );
  await exec(trx, `create index on g_inv (n)`);
  await exec(trx, `create index on g_inv (a)`);
  await exec(trx, `analyze g_inv`);

  // every paid repayment (loan n, repayment r < p) with the split of its interest
  await exec(
    trx,
    `create temp table g_paid on commit drop as
    with pr as (
      select l.n, r, (l.pay0 + r)::bigint as pidx, (l.rep0 + r)::bigint as ridx, ${dueDate('l', 'r')} as due,
        ${principalInstalment('l')} as principal,
        ${interestOfRepayment('l', 'r')} as interest
      from g_loan l cross join lateral generate_series(0, l.p - 1) r
    )
    select pr.*, s.investor_interest, s.tax, pr.interest - s.investor_interest as commission,
      ${sydneyAt('pr.due', '10:00')} as due_at, ${sydneyAt('pr.due + 1', '10:00')} as fractionalised_at
    from pr
    join g_loan l on l.n = pr.n
    cross join lateral (
      select sum(${holderInterest('pr.interest', 'i.u', 'l')}) as investor_interest,
             sum(${withholdingTax(holderInterest('pr.interest', 'i.u', 'l'), 'i.is_foreign')}) as tax
      from g_inv i where i.n = pr.n
    ) s`,
  );
  await exec(trx, `create unique index on g_paid (n, r)`);
  await exec(trx, `analyze g_paid`);

  const step = async (
    label: string,
    total: number,
    parts: Array<[number, number]>,
    body: (lo: number, hi: number) => string,
  ) => {
    progress.begin(label, total);
    for (const [lo, hi] of parts) {
      await exec(trx, body(lo, hi));
      progress.advance(label, hi - lo);
    }
    progress.end(label);
  };
  const once = (label: string, total: number, text: string) => step(label, total, [[0, total]], () => text);

  // --- people and accounts -------------------------------------------------------------------
  const first = (x: string) => pickFrom(firstNames, x, 21);
  const last = (x: string) => pickFrom(lastNames, x, 22);
  const accountName = (x: string) => `${first(x)} || ' ' || ${last(x)}`;
  const createdAt = (x: string) => sydneyAt(`${bookStart} + (${x}) % 30`, '09:00');
  const place = (x: string, column: 0 | 1 | 2) =>
    `(array[${places.map((p) => `'${p[column]}'`).join(', ')}])[1 + ${pick(x, 24, places.length)}]`;

  progress.begin('users', A);
  await sql`
    insert into users (id, email, password_hash, type, first_name, last_name, mobile_number1, status,
                       email_confirmed_at, password_changed_at, created_at, updated_at)
    select ${sql.raw(`${base.users} + a`)},
      ${sql.raw(`lower(${first('a')}) || '.' || lower(regexp_replace(${last('a')}, '[^A-Za-z]', '', 'g')) || '.' || (${base.users} + a) || '@${generatedEmailDomain}'`)},
      ${options.passwordHash}, 'INVESTOR', ${sql.raw(first('a'))}, ${sql.raw(last('a'))},
      ${sql.raw(`'04' || lpad(${pick('a', 23, 100_000_000)}::text, 8, '0')`)}, 'ACTIVE',
      ${sql.raw(createdAt('a'))}, ${sql.raw(createdAt('a'))}, ${sql.raw(createdAt('a'))}, ${sql.raw(createdAt('a'))}
    from generate_series(0, ${sql.raw(String(A - 1))}) a`.execute(trx);
  progress.advance('users', A);
  progress.end('users');

  // each investor's certificate is the one renewed within the last year, so it is current today
  // (a certificate older than its validity would refuse the bench's investments)
  await once(
    'investors',
    A,
    `insert into investors (id, user_id, address_street_number, address_street_name, address_suburb, address_state,
                            address_postcode, address_country, address_type, investor_type, accredited_date,
                            accreditation_level, created_at)
    select ${base.investors} + a, ${base.users} + a, (1 + ${pick('a', 25, 300)})::text, ${pickFrom(streetNames, 'a', 26)},
      ${place('a', 0)}, ${place('a', 1)}, ${place('a', 2)}, 'Australia', 'RESIDENTIAL',
      ${pickFrom(['INDIVIDUAL', 'INDIVIDUAL', 'INDIVIDUAL', 'COMPANY', 'TRUST_INDIVIDUAL', 'TRUST_CORPORATE', 'SMSF_INDIVIDUAL'], 'a', 27)},
      ${todaySql} - 1 - a % 300, ${pickFrom(['SOPHISTICATED', 'SOPHISTICATED', 'PROFESSIONAL'], 'a', 28)}, ${createdAt('a')}
    from generate_series(0, ${A - 1}) a`,
  );

  // investor groups with valid ABNs (mod 89, weights 10,1,3,...,19, first digit less one)
  const abnWeights = [3, 5, 7, 9, 11, 13, 15, 17, 19];
  const abnDigit = (i: number) => pick(`g * 16 + ${i}`, 40 + i, 10);
  const abnRest = abnWeights.map((_, i) => abnDigit(i)).join(` || `);
  const abnSum = abnWeights.map((w, i) => `${w} * ${abnDigit(i)}`).join(' + ');
  await once(
    'investment groups',
    G,
    `insert into investment_groups (id, name, abn, email, status, entity_type, notes, created_at, updated_at)
    select ${base.groups} + g, ${last('g * 7 + 1')} || ' ' || ${pickFrom(['Family Trust', 'Superannuation Fund', 'Investments', 'Holdings'], 'g', 30)},
      ((v / 10 + 1)::text || (v % 10)::text || ${abnRest}),
      'group' || (${base.groups} + g) || '@${generatedEmailDomain}', 'ACTIVE',
      ${pickFrom(['TRUST_CORPORATE', 'SMSF_CORPORATE', 'COMPANY'], 'g', 31)}, null, ${createdAt('g')}, ${createdAt('g')}
    from generate_series(0, ${G - 1}) g
    cross join lateral (select (89 - (${abnSum}) % 89) % 89 as v) check_digits`,
  );

  await once(
    'ledger accounts',
    A + 2 * L,
    `insert into ledger_accounts (id, kind, name, created_at)
    select ${LA_CASH} + a, 'INVESTOR_CASH', 'Cash of investment account ' || (${base.accounts} + a), ${createdAt('a')}
    from generate_series(0, ${A - 1}) a
    union all
    select ${LA_FUND} + l.n, 'LOAN_FUNDING', 'Funding of loan ' || l.loan_id, l.created_at from g_loan l
    union all
    select ${LA_COLL} + l.n, 'LOAN_COLLECTIONS', 'Collections of loan ' || l.loan_id, l.created_at from g_loan l`,
  );

  const references = Array.from({ length: A }, (_, a) => bpayReference(base.accounts + a));
  progress.begin('investment accounts', A);
  await sql`
    insert into investment_accounts (id, name, type, bpay_biller_code, bpay_reference_number, mandate_max_exposure,
                                     mandate_max_term, mandate_max_term_unit, mandate_rate, is_foreign,
                                     investment_group_id, ledger_account_id, creation_date)
    select ${sql.raw(`${base.accounts} + a`)}, ${sql.raw(accountName('a'))}, 'INVESTOR_ACCOUNT', ${generatedBpayBillerCode},
      (${references}::text[])[a + 1],
      ${sql.raw(`case when ${hasMandate('a')} then (250000 + 50000 * ${pick('a', 32, 5)})::numeric end`)},
      ${sql.raw(`case when ${hasMandate('a')} then 36 end`)}, ${sql.raw(`case when ${hasMandate('a')} then 'MONTHS' end`)},
      ${sql.raw(`case when ${hasMandate('a')} then 15.000000 end`)}, ${sql.raw(isForeignAccount('a'))},
      ${sql.raw(`case when a % 10 = 3 then ${base.groups} + (a / 10) % ${G} end`)},
      ${sql.raw(`${LA_CASH} + a`)}, ${sql.raw(createdAt('a'))}
    from generate_series(0, ${sql.raw(String(A - 1))}) a`.execute(trx);
  progress.advance('investment accounts', A);
  progress.end('investment accounts');

  await once(
    'account holders',
    A,
    `insert into investment_account_investors (investment_account_id, investor_id)
    select ${base.accounts} + a, ${base.investors} + a from generate_series(0, ${A - 1}) a`,
  );
  await exec(
    trx,
    `insert into investment_group_investors (investment_group_id, investor_id)
    select ${base.groups} + (a / 10) % ${G}, ${base.investors} + a from generate_series(0, ${A - 1}) a where a % 10 = 3`,
  );

  await once(
    'bank accounts',
    A,
    `insert into bank_accounts (id, investment_account_id, name, bsb_number, account_number, is_preferred, created_at)
    select ${base.bankAccounts} + a, ${base.accounts} + a, ${accountName('a')},
      lpad(${pick('a', 33, 1000)}::text, 3, '0') || '-' || lpad(${pick('a', 34, 1000)}::text, 3, '0'),
      (1000 + ${pick('a', 35, 9000)})::text || lpad(${pick('a', 36, 100000)}::text, 5, '0'), true, ${createdAt('a')}
    from generate_series(0, ${A - 1}) a`,
  );

  // --- clients and loans -----------------------------------------------------------------------
  const clientName = (x: string) =>
    `${pickFrom(businessWords, x, 60)} || ' ' || ${pickFrom(businessKinds, x, 61)} || ' ' || (${base.clients} + ${x}) || ' Pty Ltd'`;
  await once(
    'clients',
    C,
    `insert into clients (id, name, created_at, updated_at)
    select ${base.clients} + c, ${clientName('c')}, ${sydneyAt(`${bookStart} + c % 60`, '09:00')}, ${sydneyAt(`${bookStart} + c % 60`, '09:00')}
    from generate_series(0, ${C - 1}) c`,
  );

  const loanChunks = ranges(L, loansPerChunk);
  await step(
    'loans',
    L,
    loanChunks,
    (lo, hi) => `insert into loans (id, name, third_party_id, client_id, amount, funded_amount, base_interest_rate,
                     marketplace_rate, marketplace_status, marketplace_start_date, marketplace_expiry_date,
                     disbursement_date, start_date, funded_date, grace_period_days, status, setup_status,
                     interest_type, interest_calculation_method, term, term_period, term_period_unit,
                     funding_ledger_account_id, collections_ledger_account_id, created_at, updated_at)
    select l.loan_id, ${pickFrom(loanPurposes, 'l.n', 62)} || ' - ' || ${clientName(`(l.n % ${C})`)},
      'BL' || lpad(l.loan_id::text, 8, '0'), l.client_id,
      (36 * l.u_total)::numeric(20,2), (36 * l.f_units)::numeric(20,2), l.base_rate, l.mp_rate,
      'VISIBLE',
      l.marketplace_start_at, l.marketplace_expiry_at, l.d0, l.d0, l.funded_at, l.grace, l.status, 'DONE', 'IN_ARREARS', 'STRUCTURED_PAYMENT',
      l.m, 1, 'MONTHS', ${LA_FUND} + l.n, ${LA_COLL} + l.n,
      l.created_at, l.updated_at
    from g_loan l where l.n >= ${lo} and l.n < ${hi}`,
  );

  await step(
    'loan details',
    L,
    loanChunks,
    (lo, hi) => `insert into loan_details (loan_id, loan_purpose, industry_type, business_age, director_count,
                     employee_count, company_revenue, company_state, bankruptcies_legal_actions_collections,
                     security_type, financial_accounts_type, financial_accounts_date, loan_story, underwriter_comment)
    select l.loan_id, ${pickFrom(loanPurposes, 'l.n', 62)}, ${pickFrom(industryTypes, 'l.n', 63)},
      ${pickFrom(['1-2 years', '2-5 years', '5-10 years', '10+ years'], 'l.n', 64)}, 1 + ${pick('l.n', 65, 4)},
      2 + ${pick('l.n', 66, 80)}, (250000 + 25000 * ${pick('l.n', 67, 200)})::numeric(20,2), ${place('l.n', 1)}, 'None',
      ${pickFrom(securityTypes, 'l.n', 68)}, ${pickFrom(['Audited', 'Management', 'Tax returns'], 'l.n', 69)},
      l.mstart - 120 - ${pick('l.n', 70, 200)},
      'Established business seeking funds for ' || lower(${pickFrom(loanPurposes, 'l.n', 62)}) || '.',
      'Serviceability confirmed from bank statements.'
    from g_loan l where l.n >= ${lo} and l.n < ${hi}`,
  );

  // (progress of this step counts loans; each loan writes its whole schedule)
  await step(
    'repayments',
    L,
    loanChunks,
    (lo, hi) => `insert into repayments (id, loan_id, due_date, status, principal_due, principal_paid, interest_due,
                     interest_paid, investors_interest_due, investor_amount, gross_amount,
                     organisation_commission_due, created_at)
    select ${base.repayments} + x.rep0 + x.ri, x.loan_id, x.due,
      case when x.paid then 'PAID' when x.due + x.grace < ${todaySql} then 'IN_ARREARS' else 'UNPAID' end,
      x.principal, case when x.paid then x.principal else 0 end,
      x.interest, case when x.paid then x.interest else 0 end,
      x.investors_interest, x.principal + x.investors_interest, x.principal + x.interest,
      x.interest - x.investors_interest, x.created_at
    from (
      -- paid: as fractionalised (investors' interest is the sum of their pieces)
      select l.rep0, gp.r as ri, l.loan_id, gp.due, l.grace, true as paid, gp.principal::numeric(20,2) as principal,
        gp.interest, gp.investor_interest as investors_interest, l.created_at
      from g_paid gp join g_loan l on l.n = gp.n
      where gp.n >= ${lo} and gp.n < ${hi}
      union all
      -- still owed: investors' interest projected at the marketplace rate
      select l.rep0, q.ri, l.loan_id, y.due, l.grace, false, y.principal, y.interest,
        round(y.interest * l.mp_rate / l.base_rate, 2), l.created_at
      from g_loan l
      cross join lateral generate_series(l.p, l.m - 1) q (ri)
      cross join lateral (
        select ${dueDate('l', 'q.ri')} as due, ${principalInstalment('l')}::numeric(20,2) as principal,
               ${interestOfRepayment('l', 'q.ri')} as interest
      ) y
      where l.n >= ${lo} and l.n < ${hi}
    ) x`,
  );

  // --- investments ---------------------------------------------------------------------------
  const investedAt = 'i.invested_at';
  const deployedAt = 'l.deployed_at';
  await step(
    'investments',
    I,
    loanChunks,
    (lo, hi) => `insert into investments (id, loan_id, investment_account_id, invested_amount, investment_interest_rate,
                     principal_repaid, interest_repaid, creation_date, finalised_date, investment_account_transaction_id)
    select ${base.investments} + i.j, l.loan_id, i.account_id, (36 * i.u)::numeric(20,2), l.mp_rate,
      (l.p * ${unitCents} * i.u / l.m)::numeric / 100,
      coalesce((select sum(${holderInterest('gp.interest', 'i.u', 'l')}) from g_paid gp where gp.n = l.n), 0),
      ${investedAt}, ${deployedAt}, ${R_INV} + i.j
    from g_inv i join g_loan l on l.n = i.n where i.n >= ${lo} and i.n < ${hi}`,
  );

  // --- receipts (loan repayment transactions) ------------------------------------------------
  const fractionalisedAt = 'gp.fractionalised_at';
  await step(
    'loan transactions',
    P,
    ranges(P, rowsPerChunk),
    (
      lo,
      hi,
    ) => `insert into loan_transactions (id, loan_id, repayment_id, type, status, principal_amount, interest_amount,
                     investor_interest_amount, excess_amount, net_amount, gross_amount, receipt_id, batch_number,
                     receipt_date, finalised_date, fractionalised_date, ledger_entry_id,
                     ${loanTransactionsHaveFractionaliseEntry ? 'fractionalise_entry_id,' : ''} created_date)
    select ${base.loanTransactions} + gp.pidx, l.loan_id, ${base.repayments} + gp.ridx, 'REPAYMENT', 'PAID',
      gp.principal, gp.interest, gp.investor_interest, 0, gp.principal + gp.interest, gp.principal + gp.interest,
      'BR' || (${base.loanTransactions} + gp.pidx), 'B' || to_char(gp.due, 'YYYYMM') || '-' || (1 + l.n % 7),
      gp.due, gp.due_at, ${fractionalisedAt}, ${E_RCPT} + gp.pidx,
      ${loanTransactionsHaveFractionaliseEntry ? `${E_FRAC} + gp.pidx,` : ''} gp.due_at
    from g_paid gp join g_loan l on l.n = gp.n where gp.pidx >= ${lo} and gp.pidx < ${hi}`,
  );

  // --- withdrawals, deposits and transfers (amounts as functions of the account) ---------------
  const withdrawalAmount = (x: string) => `(100 * (1 + ${pick(x, 75, 50)}))::numeric(20,2)`;
  const lodgedDay = (x: string) => `${todaySql} - (2 + ${pick(x, 76, 300)})`;
  const lodgedAt = (x: string) => `${sydneyAt(lodgedDay(x), '10:00')} + make_interval(mins => (${x}) % 400)`;
  const paidAt = (x: string) => sydneyAt(`${lodgedDay(x)} + 1`, '15:00');
  const transferAmount = (x: string) => `(250 * (1 + ${pick(x, 77, 20)}))::numeric(20,2)`;
  const transferAt = (x: string) =>
    `${sydneyAt(`${todaySql} - (2 + ${pick(x, 78, 300)})`, '11:00')} + make_interval(mins => (${x}) % 300)`;
  const transferOut = (a: string) =>
    `(case when (${a}) % 2 = 0 and (${a}) / 2 < ${X} then ${transferAmount(`(${a}) / 2`)} else 0 end)`;
  const firstDepositAt = (a: string) => sydneyAt(`${bookStart} + (${a}) % 30 + 1`, '10:00');
  const topUpIndex = (d: string) => `((${d}) - ${A + 1})`;
  const topUpAccount = (d: string) => `(${topUpIndex(d)} % ${A})`;
  const topUpAmount = (d: string) => `(500 * (1 + ${pick(topUpIndex(d), 73, 40)}))::numeric(20,2)`;
  const topUpAt = (d: string) =>
    `${sydneyAt(`${todaySql} - (2 + ${pick(topUpIndex(d), 74, 680)})`, '10:00')} + make_interval(mins => ${topUpIndex(d)} % 420)`;

  await once(
    'withdrawal requests',
    W,
    `insert into withdrawal_requests (id, investment_account_id, bank_account_id, amount, status, verified_at, comment,
                                      requested_by, account_transaction_id, created_at, updated_at)
    select ${base.withdrawals} + a, ${base.accounts} + a, ${base.bankAccounts} + a, ${withdrawalAmount('a')}, 'PAID',
      ${lodgedAt('a')} + interval '5 minutes', 'Paid to the nominated bank account', ${base.users} + a, ${R_WD} + a,
      ${lodgedAt('a')}, ${paidAt('a')}
    from generate_series(0, ${W - 1}) a`,
  );

  // what each account spends: its investments, its withdrawal and its transfer out
  await exec(
    trx,
    `create temp table g_acct on commit drop as
    select a, coalesce(s.invested, 0) + ${withdrawalAmount('a')} + ${transferOut('a')}
              + (1000 + 10 * ${pick('a', 72, 5000)})::numeric as first_deposit
    from generate_series(0, ${A - 1}) a
    left join (select i.a, sum(36 * i.u)::numeric as invested from g_inv i where i.g > 0 group by i.a) s using (a)`,
  );
  await exec(trx, `create unique index on g_acct (a)`);
  const houseFirstDeposit = await one<{ amount: string }>(
    trx,
    `select (sum(36 * h_units) + 250000)::numeric(20,2)::text as amount from g_loan`,
  );

  // --- ledger entries ----------------------------------------------------------------------
  const entryColumns = `insert into ledger_entries (id, kind, description, created_at, effective_date, finalised_at)`;
  progress.begin('ledger entries', E_END - E_INV);
  for (const [lo, hi] of ranges(I, rowsPerChunk)) {
    await exec(
      trx,
      `${entryColumns}
      select ${E_INV} + i.j, '${entryKind.investment}', 'Investment in loan ' || l.loan_id,
        ${investedAt}, ${investedAt}, ${deployedAt}
      from g_inv i join g_loan l on l.n = i.n where i.j >= ${lo} and i.j < ${hi}`,
    );
    progress.advance('ledger entries', hi - lo);
  }
  await exec(
    trx,
    `${entryColumns}
    select ${E_DISB} + l.n, '${entryKind.disbursement}', 'Disbursement of loan ' || l.loan_id,
      ${deployedAt} + interval '1 minute', ${deployedAt} + interval '1 minute', ${deployedAt} + interval '1 minute'
    from g_loan l where l.d0 is not null`,
  );
  progress.advance('ledger entries', L);
  for (const [lo, hi] of ranges(P, rowsPerChunk)) {
    await exec(
      trx,
      `${entryColumns}
      select ${E_RCPT} + gp.pidx, '${entryKind.receipt}', 'Receipt BR' || (${base.loanTransactions} + gp.pidx),
        gp.due_at, gp.due_at, gp.due_at
      from g_paid gp where gp.pidx >= ${lo} and gp.pidx < ${hi}
      union all
      select ${E_FRAC} + gp.pidx, '${entryKind.fractionalise}', 'Fractionalised repayment ' || (${base.loanTransactions} + gp.pidx),
        ${fractionalisedAt}, ${fractionalisedAt}, ${fractionalisedAt}
      from g_paid gp where gp.pidx >= ${lo} and gp.pidx < ${hi}`,
    );
    progress.advance('ledger entries', 2 * (hi - lo));
  }
  await exec(
    trx,
    `${entryColumns}
    select ${E_DEP} + a, '${entryKind.deposit}', 'Deposit into investment account ' || (${base.accounts} + a),
      ${firstDepositAt('a')}, ${firstDepositAt('a')}, ${firstDepositAt('a')}
    from generate_series(0, ${A - 1}) a
    union all
    select ${E_DEP + A}, '${entryKind.deposit}', 'Deposit into investment account ${houseAccountId}',
      ${sydneyAt(bookStart, '10:00')}, ${sydneyAt(bookStart, '10:00')}, ${sydneyAt(bookStart, '10:00')}
    union all
    select ${E_DEP} + d, '${entryKind.deposit}', 'Deposit into investment account ' || (${base.accounts} + ${topUpAccount('d')}),
      ${topUpAt('d')}, ${topUpAt('d')}, ${topUpAt('d')}
    from generate_series(${A + 1}, ${D - 1}) d`,
  );
  await exec(
    trx,
    `${entryColumns}
    select ${E_WD} + a, '${entryKind.withdrawal}', 'Withdrawal from investment account ' || (${base.accounts} + a),
      ${lodgedAt('a')}, ${lodgedAt('a')}, ${paidAt('a')}
    from generate_series(0, ${W - 1}) a`,
  );
  await exec(
    trx,
    `${entryColumns}
    select ${E_TR} + x, '${entryKind.transfer}',
      'Transfer from investment account ' || (${base.accounts} + 2 * x) || ' to ' || (${base.accounts} + 2 * x + 1),
      ${transferAt('x')}, ${transferAt('x')}, ${transferAt('x')}
    from generate_series(0, ${X - 1}) x`,
  );
  progress.advance('ledger entries', D + W + X);
  progress.end('ledger entries');

  // --- account transactions, per account range so running balances are one window --------------
  const columns = `id, investment_account_id, type, status, comment, investor_comment, amount, gross_amount,
    principal_amount, interest_amount, fees_amount, tax_withheld_amount, finalised_date, created_date, effective_date,
    ledger_entry_id, loan_id, loan_transaction_id, investment_id, withdrawal_request_id, counterpart_account_id`;
  const holderRows = (where: string) => `
    select ${R_INV} + i.j, i.account_id, 'INVESTMENT', case when l.d0 is null then 'PENDING' else 'PAID' end,
      'Investment in loan ' || l.loan_id, 'Investment in loan ' || l.loan_id,
      -(36 * i.u)::numeric, (36 * i.u)::numeric, (36 * i.u)::numeric, 0::numeric, 0::numeric, 0::numeric,
      ${deployedAt}, ${investedAt}, ${investedAt},
      ${E_INV} + i.j, l.loan_id, null::bigint, ${base.investments} + i.j, null::bigint, null::bigint
    from g_inv i join g_loan l on l.n = i.n where ${where}
    union all
    select ${R_REP} + l.row0 + gp.r * (l.k + 2) + i.g, i.account_id, 'REPAYMENT', 'PAID',
      'Repayment of loan ' || l.loan_id || ' (loan transaction ' || (${base.loanTransactions} + gp.pidx) || ')', null,
      pieces.principal + pieces.interest - pieces.tax, pieces.principal + pieces.interest - pieces.tax,
      pieces.principal, pieces.interest, 0, pieces.tax,
      ${fractionalisedAt}, ${fractionalisedAt}, ${fractionalisedAt},
      ${E_FRAC} + gp.pidx, l.loan_id, ${base.loanTransactions} + gp.pidx, ${base.investments} + i.j, null, null
    from g_inv i join g_loan l on l.n = i.n join g_paid gp on gp.n = i.n
    cross join lateral (select (${unitCents} * i.u / l.m)::numeric / 100 as principal,
                               ${holderInterest('gp.interest', 'i.u', 'l')} as interest) piece
    cross join lateral (select piece.principal, piece.interest,
                               ${withholdingTax('piece.interest', 'i.is_foreign')} as tax) pieces
    where ${where}`;
  // running balances in finalised order, one window per account; an account that already has rows
  // (the house account in a seeded database) counts them too, so only they may need a fix-up after
  const outputColumns = columns
    .split(',')
    .map((c) => `x.${c.trim()}`)
    .join(', ');
  const withRunningBalance = (source: string, existingRowsOf?: number) => `
    insert into account_transactions (${columns}, running_balance)
    select ${outputColumns}, x.rb from (
      select s.*, case when s.finalised_date is not null
        then sum(case when s.finalised_date is not null and s.status <> 'CANCELLED' then s.amount else 0 end)
             over (partition by s.investment_account_id order by s.finalised_date nulls last, s.id) end as rb
      from (
        select s0.*, true as generated from (${source}) s0 (${columns})
        ${existingRowsOf === undefined ? '' : `union all select ${columns}, false from account_transactions where investment_account_id = ${existingRowsOf}`}
      ) s
    ) x
    where x.generated`;

  progress.begin('account transactions', R_END - R_INV);
  const houseRowCount = L + P * 2 + 1;
  await exec(
    trx,
    withRunningBalance(
      `${holderRows('i.g = 0')}
    union all
    select ${R_REP} + l.row0 + gp.r * (l.k + 2) + l.k + 1, ${houseAccountId}, 'COMMISSION', 'PAID',
      'Interest commission on loan ' || l.loan_id || ' (loan transaction ' || (${base.loanTransactions} + gp.pidx) || ')', null,
      gp.commission, gp.commission, 0, gp.commission, 0, 0, ${fractionalisedAt}, ${fractionalisedAt}, ${fractionalisedAt},
      ${E_FRAC} + gp.pidx, l.loan_id, ${base.loanTransactions} + gp.pidx, null, null, null
    from g_paid gp join g_loan l on l.n = gp.n where gp.commission > 0
    union all
    select ${R_DEP + A}, ${houseAccountId}, 'DEPOSIT', 'PAID', 'House account funding', null,
      ${houseFirstDeposit.amount}::numeric, ${houseFirstDeposit.amount}::numeric, 0, 0, 0, 0,
      ${sydneyAt(bookStart, '10:00')}, ${sydneyAt(bookStart, '10:00')}, ${sydneyAt(bookStart, '10:00')},
      ${E_DEP + A}, null, null, null, null, null`,
      houseAccountId,
    ),
  );
  progress.advance('account transactions', houseRowCount);
  for (const [lo, hi] of ranges(A, accountsPerChunk)) {
    const inRange = (a: string) => `(${a}) >= ${lo} and (${a}) < ${hi}`;
    await exec(
      trx,
      withRunningBalance(`${holderRows(`i.g > 0 and ${inRange('i.a')}`)}
      union all
      select ${R_DEP} + g.a, ${base.accounts} + g.a, 'DEPOSIT', 'PAID', 'Initial deposit by BPAY', null,
        g.first_deposit, g.first_deposit, 0, 0, 0, 0, ${firstDepositAt('g.a')}, ${firstDepositAt('g.a')}, ${firstDepositAt('g.a')},
        ${E_DEP} + g.a, null, null, null, null, null
      from g_acct g where ${inRange('g.a')}
      union all
      select ${R_DEP} + d, ${base.accounts} + ${topUpAccount('d')}, 'DEPOSIT', 'PAID', 'BPAY deposit', 'Top up',
        ${topUpAmount('d')}, ${topUpAmount('d')}, 0, 0, 0, 0, ${topUpAt('d')}, ${topUpAt('d')}, ${topUpAt('d')},
        ${E_DEP} + d, null, null, null, null, null
      from generate_series(${A + 1}, ${D - 1}) d where ${inRange(topUpAccount('d'))}
      union all
      select ${R_WD} + a, ${base.accounts} + a, 'WITHDRAWAL', 'PAID', 'Paid to the nominated bank account', null,
        -${withdrawalAmount('a')}, ${withdrawalAmount('a')}, 0, 0, 0, 0, ${paidAt('a')}, ${lodgedAt('a')}, ${lodgedAt('a')},
        ${E_WD} + a, null, null, null, ${base.withdrawals} + a, null
      from generate_series(${lo}, ${Math.min(hi, W) - 1}) a
      union all
      select ${R_TR} + 2 * x, ${base.accounts} + 2 * x, 'TRANSFER_OUT', 'PAID', 'Transfer between accounts', 'Transfer',
        -${transferAmount('x')}, ${transferAmount('x')}, 0, 0, 0, 0, ${transferAt('x')}, ${transferAt('x')}, ${transferAt('x')},
        ${E_TR} + x, null, null, null, null, ${base.accounts} + 2 * x + 1
      from generate_series(0, ${X - 1}) x where ${inRange('2 * x')}
      union all
      select ${R_TR} + 2 * x + 1, ${base.accounts} + 2 * x + 1, 'TRANSFER_IN', 'PAID', 'Transfer between accounts', 'Transfer',
        ${transferAmount('x')}, ${transferAmount('x')}, 0, 0, 0, 0, ${transferAt('x')}, ${transferAt('x')}, ${transferAt('x')},
        ${E_TR} + x, null, null, null, null, ${base.accounts} + 2 * x
      from generate_series(0, ${X - 1}) x where ${inRange('2 * x + 1')}`),
    );
    progress.advance('account transactions', Math.round(((hi - lo) / A) * (R_END - R_INV - houseRowCount)));
  }
  progress.end('account transactions');

  // --- ledger postings -----------------------------------------------------------------------
  const postingsTotal = await one<{ n: number }>(
    trx,
    `select (count(*) + ${D + W + I} + 2 * (select count(*) from g_loan where d0 is not null) + 3 * ${P}
             + (select count(*) from g_paid where tax > 0))::int as n
     from account_transactions where id >= ${R_INV} and id < ${R_END}`,
  );
  progress.begin('ledger postings', postingsTotal.n);
  const postingColumns = `insert into ledger_postings (entry_id, ledger_account_id, amount)`;
  for (const [lo, hi] of ranges(R_END - R_INV, rowsPerChunk)) {
    // each account row is its account's side of its entry; deposits and withdrawals also move the trust bank
    await exec(
      trx,
      `${postingColumns}
      select t.ledger_entry_id, ia.ledger_account_id, t.amount
      from account_transactions t join investment_accounts ia on ia.id = t.investment_account_id
      where t.id >= ${R_INV + lo} and t.id < ${R_INV + hi}
      union all
      select t.ledger_entry_id, ${trust}, -t.amount
      from account_transactions t
      where t.id >= ${Math.max(R_INV + lo, R_DEP)} and t.id < ${Math.min(R_INV + hi, R_TR)}`,
    );
    progress.advance('ledger postings', hi - lo);
  }
  for (const [lo, hi] of ranges(I, rowsPerChunk)) {
    await exec(
      trx,
      `${postingColumns}
      select ${E_INV} + i.j, ${LA_FUND} + i.n, (36 * i.u)::numeric from g_inv i where i.j >= ${lo} and i.j < ${hi}`,
    );
    progress.advance('ledger postings', hi - lo);
  }
  await exec(
    trx,
    `${postingColumns}
    select ${E_DISB} + l.n, ${LA_FUND} + l.n, -(36 * l.u_total)::numeric from g_loan l where l.d0 is not null
    union all
    select ${E_DISB} + l.n, ${trust}, (36 * l.u_total)::numeric from g_loan l where l.d0 is not null`,
  );
  for (const [lo, hi] of ranges(P, rowsPerChunk)) {
    const inRange = `gp.pidx >= ${lo} and gp.pidx < ${hi}`;
    await exec(
      trx,
      `${postingColumns}
      select ${E_RCPT} + gp.pidx, ${trust}, -(gp.principal + gp.interest) from g_paid gp where ${inRange}
      union all
      select ${E_RCPT} + gp.pidx, ${LA_COLL} + gp.n, gp.principal + gp.interest from g_paid gp where ${inRange}
      union all
      select ${E_FRAC} + gp.pidx, ${LA_COLL} + gp.n, -(gp.principal + gp.interest) from g_paid gp where ${inRange}
      union all
      select ${E_FRAC} + gp.pidx, ${taxPayable}, gp.tax from g_paid gp where ${inRange} and gp.tax > 0`,
    );
    progress.advance('ledger postings', 3 * (hi - lo));
  }
  progress.end('ledger postings');

  // --- indexes back, caches from the postings, sequences past the generated ids ----------------
  progress.begin('indexes', indexes.rows.length);
  for (const index of indexes.rows) {
    await exec(trx, index.definition);
    progress.advance('indexes', 1);
  }
  progress.end('indexes');

  progress.begin('balances', 3);
  await exec(
    trx,
    // a system account's cached sums live in its balance parts (migration 0210): all in part 0
    `with s as (
      select p.ledger_account_id,
        coalesce(sum(p.amount) filter (where e.finalised_at is not null), 0) as current,
        coalesce(sum(-p.amount) filter (where e.finalised_at is null and e.voided_at is null and p.amount < 0), 0) as debits,
        coalesce(sum(p.amount) filter (where e.finalised_at is null and e.voided_at is null and p.amount > 0), 0) as credits
      from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where (p.ledger_account_id >= ${LA_CASH} and p.ledger_account_id < ${LA_END})
         or p.ledger_account_id in (${houseLedger}, ${trust}, ${taxPayable})
      group by p.ledger_account_id
    ), accounts as (
      update ledger_accounts a set current_balance = s.current, pending_debits = s.debits, pending_credits = s.credits
      from s where a.id = s.ledger_account_id and not ledger_is_system_kind(a.kind)
    )
    update ledger_system_balance_parts b set
      current_balance = case when b.part = 0 then s.current else 0 end,
      pending_debits = case when b.part = 0 then s.debits else 0 end,
      pending_credits = case when b.part = 0 then s.credits else 0 end
    from s where b.ledger_account_id = s.ledger_account_id`,
  );
  progress.advance('balances', 1);
  // the house account's rows from before (the demo book) that come after generated ones in finalised order
  await exec(
    trx,
    `update account_transactions t set running_balance = s.rb
    from (
      select id, sum(case when status = 'CANCELLED' then 0 else amount end) over (order by finalised_date, id) as rb
      from account_transactions where investment_account_id = ${houseAccountId} and finalised_date is not null
    ) s
    where t.id = s.id and t.running_balance is distinct from s.rb`,
  );
  progress.advance('balances', 1);
  const sequences: Array<[string, number]> = [
    ['users', base.users + A],
    ['investors', base.investors + A],
    ['investment_groups', base.groups + G],
    ['ledger_accounts', LA_END],
    ['investment_accounts', base.accounts + A],
    ['bank_accounts', base.bankAccounts + A],
    ['clients', base.clients + C],
    ['loans', base.loans + L],
    ['repayments', base.repayments + totals.repayments],
    ['investments', base.investments + I],
    ['loan_transactions', base.loanTransactions + P],
    ['withdrawal_requests', base.withdrawals + W],
    ['ledger_entries', E_END],
    ['account_transactions', R_END],
  ];
  for (const [table, end] of sequences) {
    await exec(
      trx,
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(${end - 1}, (select max(id) from ${table})))`,
    );
  }
  progress.advance('balances', 1);
  progress.end('balances');

  // --- what the skipped triggers would have checked, and the book's own consistency ---------------
  const checks = await checkBook(trx, {
    entries: [E_INV, E_END],
    rows: [R_INV, R_END],
    accounts: [base.accounts, base.accounts + A],
    loans: [base.loans, base.loans + L],
    investments: [base.investments, base.investments + I],
    progress,
  });

  const rows = await one<BookRows>(
    trx,
    `select
      (select count(*)::int from users where id >= ${base.users}) as users,
      (select count(*)::int from investors where id >= ${base.investors}) as investors,
      (select count(*)::int from investment_groups where id >= ${base.groups}) as investment_groups,
      (select count(*)::int from investment_accounts where id >= ${base.accounts}) as investment_accounts,
      (select count(*)::int from bank_accounts where id >= ${base.bankAccounts}) as bank_accounts,
      (select count(*)::int from clients where id >= ${base.clients}) as clients,
      (select count(*)::int from loans where id >= ${base.loans}) as loans,
      (select count(*)::int from loan_details where loan_id >= ${base.loans}) as loan_details,
      (select count(*)::int from repayments where id >= ${base.repayments}) as repayments,
      (select count(*)::int from investments where id >= ${base.investments}) as investments,
      (select count(*)::int from loan_transactions where id >= ${base.loanTransactions}) as loan_transactions,
      (select count(*)::int from withdrawal_requests where id >= ${base.withdrawals}) as withdrawal_requests,
      (select count(*)::int from ledger_accounts where id >= ${LA_CASH}) as ledger_accounts,
      (select count(*)::int from ledger_entries where id >= ${E_INV}) as ledger_entries,
      (select count(*)::int from ledger_postings p where p.entry_id >= ${E_INV}) as ledger_postings,
      (select count(*)::int from account_transactions where id >= ${R_INV}) as account_transactions`,
  );

  // the audit trail records the load itself, as the system (platform/audit's systemAudit shape)
  await trx
    .insertInto('auditLog')
    .values({
      actorUserId: null,
      method: 'SYSTEM',
      route: 'bench:data',
      objectType: 'generatedBook',
      objectId: today,
      after: JSON.stringify({ scale: size.scale, rows, checks }),
    })
    .execute();

  return {
    size,
    today,
    rows,
    ids: {
      users: [base.users, base.users + A],
      investmentAccounts: [base.accounts, base.accounts + A],
      loans: [base.loans, base.loans + L],
      investments: [base.investments, base.investments + I],
      accountTransactions: [R_INV, R_END],
      ledgerEntries: [E_INV, E_END],
    },
  };
}

interface CheckRanges {
  entries: [number, number];
  rows: [number, number];
  accounts: [number, number];
  loans: [number, number];
  investments: [number, number];
  progress: ProgressReporter;
}

class BookCheckFailed extends Error {}

/** The references of account rows that migration 0191 checks with a trigger instead of foreign keys. */
const accountRowReferences: ReadonlyArray<[string, string]> = [
  ['investment_account_id', 'investment_accounts'],
  ['ledger_entry_id', 'ledger_entries'],
  ['loan_id', 'loans'],
  ['loan_transaction_id', 'loan_transactions'],
  ['investment_id', 'investments'],
  ['created_by', 'users'],
];

export { BookCheckFailed };

/**
 * The checks the skipped triggers and foreign keys would have made, plus the book's own rules.
 * Any failure throws, which rolls the whole load back.
 */
async function checkBook(trx: Tx, r: CheckRanges): Promise<Record<string, number>> {
  const foreignKeys = await sql<{ child: string; column: string; parent: string; parentColumn: string }>`
    select c.conrelid::regclass::text as child, a.attname as column, c.confrelid::regclass::text as parent,
           pa.attname as parent_column
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
    where c.contype = 'f' and array_length(c.conkey, 1) = 1
      and c.conrelid::regclass::text = any(${[...writtenTables]}::text[])
    order by 1, 2`.execute(trx);
  const multiColumn = await one<{ n: number }>(
    trx,
    `select count(*)::int as n from pg_constraint c
     where c.contype = 'f' and array_length(c.conkey, 1) > 1
       and c.conrelid::regclass::text = any(array['${writtenTables.join("','")}'])`,
  );
  if (multiColumn.n > 0)
    throw new BookCheckFailed('multi-column foreign keys are not checked by the generator; extend checkBook');

  // one pass per table finds the foreign-key columns that hold any value; only those need the anti-join
  const queries: Array<[string, string]> = [];
  const byTable = new Map<string, typeof foreignKeys.rows>();
  for (const fk of foreignKeys.rows) byTable.set(fk.child, [...(byTable.get(fk.child) ?? []), fk]);
  for (const [table, keys] of byTable) {
    const used = await one<Record<string, number>>(
      trx,
      `select ${keys.map((k, n) => `count(*) filter (where ${k.column} is not null)::int as c${n}`).join(', ')} from ${table}`,
    );
    keys.forEach((fk, n) => {
      if ((used[`c${n}`] ?? 0) === 0) return;
      queries.push([
        `foreign key ${fk.child}.${fk.column} -> ${fk.parent}.${fk.parentColumn}`,
        `select count(*)::int as n from ${fk.child} c
         where c.${fk.column} is not null
           and not exists (select 1 from ${fk.parent} p where p.${fk.parentColumn} = c.${fk.column})`,
      ]);
    });
  }
  // account rows' six always-set references are checked by a statement trigger (migration 0191),
  // not by foreign keys, so the catalogue above does not list them
  for (const [column, parent] of accountRowReferences)
    queries.push([
      `reference account_transactions.${column} -> ${parent}.id`,
      `select count(*)::int as n from account_transactions c
       where c.${column} is not null and not exists (select 1 from ${parent} p where p.id = c.${column})`,
    ]);
  const [e0, e1] = r.entries;
  const [t0, t1] = r.rows;
  const [a0, a1] = r.accounts;
  const [l0, l1] = r.loans;
  const [i0, i1] = r.investments;
  queries.push(
    [
      'entries that do not balance or have fewer than two postings',
      `select count(*)::int as n from (
        select e.id from ledger_entries e left join ledger_postings p on p.entry_id = e.id
        where e.id >= ${e0} and e.id < ${e1}
        group by e.id having count(p.id) < 2 or coalesce(sum(p.amount), 0) <> 0) x`,
    ],
    [
      'postings of generated entries with a zero amount',
      `select count(*)::int as n from ledger_postings where entry_id >= ${e0} and entry_id < ${e1} and amount = 0`,
    ],
    [
      'investment accounts whose rows do not add up to their cash ledger account',
      `select count(*)::int as n from investment_accounts ia
       join ledger_accounts la on la.id = ia.ledger_account_id
       left join (
         select investment_account_id,
           coalesce(sum(amount) filter (where status = 'PAID'), 0) as paid,
           coalesce(sum(-amount) filter (where status = 'PENDING' and amount < 0), 0) as pending_debits
         from account_transactions where investment_account_id >= ${a0} and investment_account_id < ${a1}
            or investment_account_id = ${houseAccountId}
         group by investment_account_id
       ) s on s.investment_account_id = ia.id
       where (ia.id >= ${a0} and ia.id < ${a1} or ia.id = ${houseAccountId})
         and (la.current_balance <> coalesce(s.paid, 0) or la.pending_debits <> coalesce(s.pending_debits, 0))`,
    ],
    [
      'investment accounts whose last running balance is not their current balance',
      `select count(*)::int as n from investment_accounts ia
       join ledger_accounts la on la.id = ia.ledger_account_id
       join lateral (
         select t.running_balance from account_transactions t
         where t.investment_account_id = ia.id and t.finalised_date is not null
         order by t.finalised_date desc, t.id desc limit 1
       ) lastrow on true
       where (ia.id >= ${a0} and ia.id < ${a1} or ia.id = ${houseAccountId})
         and lastrow.running_balance is distinct from la.current_balance`,
    ],
    [
      'account rows whose gross amount is not the absolute amount',
      `select count(*)::int as n from account_transactions where id >= ${t0} and id < ${t1} and gross_amount <> abs(amount)`,
    ],
    [
      'loans whose funded amount is not the sum of their investments',
      `select count(*)::int as n from loans l
       left join (select loan_id, sum(invested_amount) as invested from investments
                  where reversed_date is null group by loan_id) s on s.loan_id = l.id
       where l.id >= ${l0} and l.id < ${l1} and l.funded_amount <> coalesce(s.invested, 0)`,
    ],
    [
      'loans whose arrears status disagrees with their repayments',
      `select count(*)::int as n from loans l
       where l.id >= ${l0} and l.id < ${l1}
         and (l.status = 'ACTIVE_IN_ARREARS') <> exists (
           select 1 from repayments r where r.loan_id = l.id and r.status = 'IN_ARREARS')`,
    ],
    [
      'loans whose paid principal is not what their investments were repaid',
      `select count(*)::int as n from loans l
       join (select loan_id, sum(principal_paid) as paid from repayments group by loan_id) rp on rp.loan_id = l.id
       join (select loan_id, sum(principal_repaid) as repaid from investments group by loan_id) iv on iv.loan_id = l.id
       where l.id >= ${l0} and l.id < ${l1} and rp.paid <> iv.repaid`,
    ],
    [
      'investments whose repaid principal and interest differ from their repayment rows',
      `select count(*)::int as n from investments i
       left join (
         select investment_id, sum(principal_amount) as principal, sum(interest_amount) as interest
         from account_transactions where id >= ${t0} and id < ${t1} and type = 'REPAYMENT' group by investment_id
       ) s on s.investment_id = i.id
       where i.id >= ${i0} and i.id < ${i1}
         and (i.principal_repaid <> coalesce(s.principal, 0) or i.interest_repaid <> coalesce(s.interest, 0))`,
    ],
  );
  r.progress.begin('checks', queries.length);
  const results: Record<string, number> = {};
  for (const [label, text] of queries) {
    const row = await one<{ n: number }>(trx, text);
    if (row.n !== 0) throw new BookCheckFailed(`check failed: ${row.n} ${label}`);
    results[label] = row.n;
    r.progress.advance('checks', 1);
  }
  r.progress.end('checks');
  return results;
}
