import fs from 'node:fs';
import http from 'node:http';
import { addDays } from '@lm/domain';
import { sql } from 'kysely';
import type { Database } from '../../../packages/server/src/platform/db/database';
import type { BenchContext, SectionResult } from '../bench-context';
import { round } from './list-query';

/**
 * The Account Transactions Statement of one account with 100,000 rows (issue 14: under 10 s,
 * the server's peak memory growth under 100 MB), asked of the server over HTTP in each format.
 *
 * The account is made once per database, before the server starts (the embedded database admits
 * one process), by set-based SQL in one transaction: "Benchmark statement account" with rows
 * over the two years before today, three in four a BPAY deposit and one in four a transfer out to
 * a second account made with it. Each row is its own ledger entry (a deposit: trust bank to the
 * account's cash; a transfer: the account's cash to the other's), with running balances in
 * finalised order, so the ledger's triggers keep the cached balances and ledger:check holds.
 *
 * Memory: the server is the bench's child process; before each request the bench resets its peak
 * resident set (`/proc/<pid>/clear_refs` 5) and reads VmRSS, after the last byte it reads VmHWM:
 * the growth is the difference. Before the measured runs, one csv statement of the whole period
 * (recorded as the warm-up) brings the rows into the database's cache, so each format is measured
 * alike; then one short request per format loads that format's code (exceljs, pdfkit), so the
 * figure is what the rows cost, not the first import.
 */

export const statementAccountName = 'Benchmark statement account';
const counterpartAccountName = 'Benchmark statement counterpart';
export const statementRowsWanted = 100_000;
const formats = ['csv', 'xlsx', 'pdf'] as const;
const timeLimitMs = 10_000;
const growthLimitMb = 100;

export interface StatementAccount {
  accountId: number;
  rows: number;
  /** The statement's whole period: the Sydney dates of its first and last rows. */
  startDate: string;
  endDate: string;
  /** Seconds the account took to make, when this run made it. */
  madeInSeconds?: number;
}

/** Finds the benchmark's statement account, or makes it with `rows` rows. */
export async function ensureStatementAccount(
  database: Database,
  rows: number,
  today: string,
  log: (message: string) => void,
): Promise<StatementAccount> {
  const db = database.db;
  const find = async (): Promise<StatementAccount | undefined> => {
    const found = await sql<{ id: number; rows: number; first: string; last: string }>`
      select a.id, count(t.id)::int as rows,
        (min(t.finalised_date) at time zone 'Australia/Sydney')::date::text as first,
        (max(t.finalised_date) at time zone 'Australia/Sydney')::date::text as last
      from investment_accounts a join account_transactions t on t.investment_account_id = a.id
      where a.name = ${statementAccountName}
      group by a.id order by a.id desc limit 1`.execute(db);
    const row = found.rows[0];
    return row && row.rows >= rows
      ? { accountId: Number(row.id), rows: row.rows, startDate: row.first, endDate: row.last }
      : undefined;
  };
  const existing = await find();
  if (existing) return existing;
  log(`making an account with ${rows.toLocaleString('en-AU')} rows for the statement ...`);
  const started = performance.now();
  const days = 730;
  const start = addDays(today, -days);
  // seconds between rows, so the last lands the day before today
  const stepSeconds = Math.floor(((days - 1) * 86_400) / rows);
  const accountId = await db.transaction().execute(async (trx) => {
    const run = (text: string) => sql.raw(text).execute(trx);
    const trust = await sql<{ id: number }>`select id from ledger_accounts where kind = 'TRUST_BANK'`.execute(trx);
    const trustId = trust.rows[0]?.id;
    if (trustId === undefined) throw new Error('the database has no trust bank ledger account');
    const made: number[] = [];
    for (const name of [statementAccountName, counterpartAccountName]) {
      const ledger = await sql<{ id: number }>`
        insert into ledger_accounts (kind, name) values ('INVESTOR_CASH', ${`Cash of ${name}`}) returning id`.execute(
        trx,
      );
      const account = await sql<{ id: number }>`
        insert into investment_accounts (name, ledger_account_id, creation_date)
        values (${name}, ${ledger.rows[0]!.id}, ${`${start}T00:00:00+10:00`}) returning id`.execute(trx);
      made.push(Number(account.rows[0]!.id));
    }
    const [account, counterpart] = made as [number, number];
    const ledgerOf = `(select ledger_account_id from investment_accounts where id = %)`;
    // k: the row's number; every fourth a transfer out (smaller than the deposits, so the balance only grows)
    await run(`
      create temp table g_statement on commit drop as
      select k, (k % 4 = 3) as transfer,
        ((date '${start}' + time '09:00') at time zone 'Australia/Sydney') + make_interval(secs => k * ${stepSeconds}) as at,
        case when k % 4 = 3 then (10 + ((k * 2654435761) % 4000) / 100.0)::numeric(20,2)
             else (50 + ((k * 2246822519) % 95000) / 100.0)::numeric(20,2) end as amount,
        nextval(pg_get_serial_sequence('ledger_entries', 'id')) as entry_id,
        nextval(pg_get_serial_sequence('account_transactions', 'id')) as row_id,
        case when k % 4 = 3 then nextval(pg_get_serial_sequence('account_transactions', 'id')) end as twin_row_id
      from generate_series(0, ${rows - 1}) k`);
    await run(`
      insert into ledger_entries (id, kind, description, created_at, effective_date, finalised_at)
      select entry_id, case when transfer then 'TRANSFER' else 'DEPOSIT' end,
        case when transfer then 'Transfer from investment account ${account} to ${counterpart}'
             else 'Deposit into investment account ${account}' end, at, at, at
      from g_statement`);
    const txColumns = `id, investment_account_id, type, status, comment, investor_comment, amount, gross_amount,
      finalised_date, created_date, effective_date, ledger_entry_id, counterpart_account_id, running_balance`;
    await run(`
      insert into account_transactions (${txColumns})
      select row_id, ${account}, case when transfer then 'TRANSFER_OUT' else 'DEPOSIT' end, 'PAID',
        case when transfer then 'Transfer between accounts' else 'BPAY deposit' end,
        case when transfer then 'Transfer to account ${counterpart}' else 'BPAY deposit ' || lpad((k * 7919 % 1000000)::text, 6, '0') end,
        case when transfer then -amount else amount end, amount, at, at, at, entry_id,
        case when transfer then ${counterpart} end,
        sum(case when transfer then -amount else amount end) over (order by at, row_id)
      from g_statement`);
    await run(`
      insert into account_transactions (${txColumns})
      select twin_row_id, ${counterpart}, 'TRANSFER_IN', 'PAID', 'Transfer between accounts',
        'Transfer from account ${account}', amount, amount, at, at, at, entry_id, ${account},
        sum(amount) over (order by at, twin_row_id)
      from g_statement where transfer`);
    await run(`
      insert into ledger_postings (entry_id, ledger_account_id, amount)
      select entry_id, ${ledgerOf.replace('%', String(account))}, case when transfer then -amount else amount end
      from g_statement
      union all
      select entry_id, case when transfer then ${ledgerOf.replace('%', String(counterpart))} else ${trustId} end,
        case when transfer then amount else -amount end
      from g_statement`);
    return account;
  });
  await sql`analyze account_transactions`.execute(db);
  const made = await find();
  if (!made || made.accountId !== accountId) throw new Error('the statement account was not made');
  return { ...made, madeInSeconds: round((performance.now() - started) / 1000) };
}

function residentKb(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Resets the process's peak resident set to its current one; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface Download {
  status: number;
  bytes: number;
  ms: number;
  firstByteMs: number;
  contentType: string;
  /** The start of the body, for a refusal's message and a sanity check of the file. */
  head: string;
}

/** POSTs a report request and reads the reply to its last byte, counting bytes, keeping none. */
function download(baseUrl: string, path: string, token: string, body: unknown): Promise<Download> {
  const payload = Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': String(payload.length),
        },
      },
      (response) => {
        const firstByteMs = performance.now() - started;
        let bytes = 0;
        let head = '';
        response.on('data', (chunk: Buffer) => {
          if (head.length < 200) head += chunk.subarray(0, 200).toString('latin1');
          bytes += chunk.length;
        });
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            ms: performance.now() - started,
            firstByteMs,
            contentType: String(response.headers['content-type'] ?? ''),
            head,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Samples the server's resident set while `work` runs; answers its peak growth over the start. */
async function withMemory<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; startMb: number; peakGrowthMb: number; sampledGrowthMb: number; peakFrom: string }> {
  const reset = resetPeak(pid);
  const start = residentKb(pid);
  let sampledPeak = start.rss;
  const timer = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, residentKb(pid).rss);
  }, 20);
  try {
    const value = await work();
    const end = residentKb(pid);
    sampledPeak = Math.max(sampledPeak, end.rss);
    const peak = reset ? end.hwm : sampledPeak;
    return {
      value,
      startMb: start.rss / 1024,
      peakGrowthMb: (peak - start.rss) / 1024,
      sampledGrowthMb: (sampledPeak - start.rss) / 1024,
      peakFrom: reset ? 'VmHWM after clear_refs' : 'VmRSS sampled every 20 ms',
    };
  } finally {
    clearInterval(timer);
  }
}

export async function reportsSection(
  ctx: BenchContext,
  serverPid: number,
  account: StatementAccount | undefined,
): Promise<SectionResult> {
  const id = 'reports';
  const title = `Account Transactions Statement of one account with ${statementRowsWanted.toLocaleString('en-AU')} rows`;
  if (!account) return { id, title, status: 'failed', reason: 'no statement account was made', figures: [] };
  const path = '/api/reports/account-transactions-statement';
  const request = (format: string, startDate: string, endDate: string) => ({
    format,
    accountId: account.accountId,
    startDate,
    endDate,
  });
  const figures: SectionResult['figures'] = [];
  const runs: Array<Record<string, unknown>> = [];
  let failure: string | undefined;
  const warmToken = await ctx.adminToken();
  const warmUp = await withMemory(serverPid, () =>
    download(ctx.api.baseUrl, path, warmToken, request('csv', account.startDate, account.endDate)),
  );
  if (warmUp.value.status !== 200) failure = `warm-up: HTTP ${warmUp.value.status} ${warmUp.value.head.slice(0, 160)}`;
  ctx.log(
    `  warm-up (csv, not a figure): ${round(warmUp.value.ms / 1000)} s, peak growth ${round(warmUp.peakGrowthMb)} MB`,
  );
  for (const format of failure ? [] : formats) {
    // one day's statement first: the format's code is loaded before the measured run
    const warm = await download(
      ctx.api.baseUrl,
      path,
      await ctx.adminToken(),
      request(format, account.endDate, account.endDate),
    );
    if (warm.status !== 200) {
      failure = `${format}: HTTP ${warm.status} ${warm.head.slice(0, 160)}`;
      break;
    }
    const token = await ctx.adminToken();
    const measured = await withMemory(serverPid, () =>
      download(ctx.api.baseUrl, path, token, request(format, account.startDate, account.endDate)),
    );
    const d = measured.value;
    if (d.status !== 200) {
      failure = `${format}: HTTP ${d.status} ${d.head.slice(0, 160)}`;
      break;
    }
    ctx.log(
      `  ${format}: ${round(d.ms / 1000)} s, ${round(d.bytes / 2 ** 20)} MB, peak growth ${round(measured.peakGrowthMb)} MB`,
    );
    figures.push(
      { name: `${format}: time to the last byte`, value: round(d.ms / 1000), unit: 's' },
      { name: `${format}: file`, value: round(d.bytes / 2 ** 20), unit: 'MB' },
      { name: `${format}: server peak RSS growth`, value: round(measured.peakGrowthMb), unit: 'MB' },
    );
    runs.push({
      format,
      ms: round(d.ms),
      firstByteMs: round(d.firstByteMs),
      bytes: d.bytes,
      contentType: d.contentType,
      serverRssAtStartMb: round(measured.startMb),
      peakGrowthMb: round(measured.peakGrowthMb),
      sampledGrowthMb: round(measured.sampledGrowthMb),
      peakFrom: measured.peakFrom,
      withinLimits: d.ms < timeLimitMs && measured.peakGrowthMb < growthLimitMb,
    });
  }
  return {
    id,
    title,
    status: failure ? 'failed' : 'measured',
    ...(failure ? { reason: failure } : {}),
    figures,
    details: {
      accountId: account.accountId,
      rows: account.rows,
      period: { startDate: account.startDate, endDate: account.endDate },
      ...(account.madeInSeconds === undefined ? {} : { accountMadeInSeconds: account.madeInSeconds }),
      limits: { timeMs: timeLimitMs, peakGrowthMb: growthLimitMb },
      warmUp: {
        format: 'csv',
        ms: round(warmUp.value.ms),
        bytes: warmUp.value.bytes,
        serverRssAtStartMb: round(warmUp.startMb),
        peakGrowthMb: round(warmUp.peakGrowthMb),
      },
      runs,
    },
  };
}
