import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { describe, isMissingRoute } from '../api-client';
import { type BenchContext, endpointMissing, type SectionResult, skipped } from '../bench-context';
import { concurrentLoad, type LoadResult, median } from '../measure';
import { type CpuSplit, withCpuSplit } from '../process-cpu';
import { round } from './list-query';

const run = promisify(execFile);
const clients = 8;

function loadFigures(label: string, load: LoadResult) {
  return [
    { name: `${label} per second, ${clients} clients`, value: round(load.perSecond), unit: '/s' },
    { name: `${label} p50`, value: round(median(load.latencies)), unit: 'ms' },
  ];
}

/**
 * Deposits (trust bank -> investor cash) and transfers (investor cash -> investor cash) through
 * HTTP with 8 concurrent clients, each a balanced ledger entry with its account rows, running
 * balances, audit record and idempotency key, in one transaction.
 */
export async function moneyMovesSection(
  ctx: BenchContext,
  durationMs: number,
  pgbenchTps: number | null,
  serverPid: number,
): Promise<SectionResult> {
  const id = 'money';
  const title = 'POST /api/investmentAccounts/{id}/deposit and /transfer (8 concurrent clients)';
  const accounts = ctx.prepared.accounts;
  if (accounts.length < 2) return skipped(id, title, 'skipped: the book has fewer than two investor accounts to use');
  const token = await ctx.adminToken();
  const deposit = (accountId: number) =>
    ctx.api.call('POST', `/api/investmentAccounts/${accountId}/deposit`, {
      token,
      idempotent: true,
      body: {
        investmentAccountId: accountId,
        amount: 10,
        comment: 'Benchmark deposit',
        investorComment: 'Deposit',
        depositDate: ctx.today,
      },
    });
  const probe = await deposit(accounts[0]!);
  if (isMissingRoute(probe)) return skipped(id, title, endpointMissing);
  if (probe.status !== 200) return { ...skipped(id, title, `deposit refused: ${describe(probe)}`), status: 'failed' };

  const { value: deposits, cpu } = await withCpuSplit(serverPid, () =>
    concurrentLoad({
      clients,
      durationMs,
      operation: async (_client, index) => {
        const res = await deposit(accounts[index % accounts.length]!);
        return res.status === 200 ? true : describe(res);
      },
    }),
  );
  const pairs = Math.floor(accounts.length / 2);
  const transfer = (index: number) => {
    const pair = index % pairs;
    return ctx.api.call('POST', `/api/investmentAccounts/${accounts[2 * pair]}/transfer`, {
      token,
      idempotent: true,
      body: {
        toAccount: accounts[2 * pair + 1],
        amount: 1,
        transferDate: ctx.today,
        organisationComment: 'Benchmark transfer',
        toAccountComment: 'Transfer in',
        fromAccountComment: 'Transfer out',
      },
    });
  };
  const firstTransfer = await transfer(0);
  const transfers = isMissingRoute(firstTransfer)
    ? null
    : await concurrentLoad({
        clients,
        durationMs,
        operation: async (_client, index) => {
          const res = await transfer(index + 1);
          return res.status === 200 ? true : describe(res);
        },
      });
  const figures = [...loadFigures('deposits', deposits), ...(transfers ? loadFigures('transfers', transfers) : [])];
  if (pgbenchTps !== null) {
    figures.push({ name: 'pgbench TPC-B tps (8 clients, same server)', value: round(pgbenchTps), unit: '/s' });
    figures.push({ name: 'deposits / pgbench tps', value: round(deposits.perSecond / pgbenchTps), unit: 'x' });
    if (transfers) {
      figures.push({ name: 'transfers / pgbench tps', value: round(transfers.perSecond / pgbenchTps), unit: 'x' });
    }
  }
  if (cpu) figures.push(...cpuFigures(cpu, deposits.operations, pgbenchTps));
  let depositStatements: number | null = null;
  if (pgbenchTps !== null && ctx.target.databaseUrl) {
    ctx.log(`a deposit's statements through pgbench, 8 clients, ${durationMs / 1000} s ...`);
    depositStatements = await depositStatementsTps(ctx.target.databaseUrl, durationMs / 1000, token, accounts);
    figures.push({
      name: "a deposit's statements through pgbench, 8 clients (no server)",
      value: round(depositStatements),
      unit: '/s',
    });
    figures.push({
      name: "a deposit's statements / pgbench tps",
      value: round(depositStatements / pgbenchTps),
      unit: 'x',
    });
  }
  const failures = deposits.failures + (transfers?.failures ?? 0);
  return {
    id,
    title,
    status: failures === 0 ? 'measured' : 'failed',
    ...(failures === 0
      ? transfers
        ? {}
        : { reason: `transfers ${endpointMissing}` }
      : { reason: `${failures} requests failed: ${deposits.firstFailure ?? transfers?.firstFailure}` }),
    figures,
    details: {
      accountsUsed: accounts.length,
      deposits: deposits.operations,
      ...(depositStatements === null ? {} : { depositStatementsTps: depositStatements }),
      ...(cpu ? { depositsCpuSeconds: cpu } : {}),
      transfers: transfers?.operations ?? 0,
      ...(pgbenchTps === null ? { pgbench: 'not run: the target is the embedded database' } : {}),
    },
  };
}

/**
 * What one deposit costs each part of the machine (CPU time during the deposits divided by the
 * deposits made), beside what a deposit may cost in all for the deposits to reach half of
 * pgbench's TPC-B rate on these cores: the arithmetic of issue 19's aim, measured in every run.
 */
function cpuFigures(cpu: CpuSplit, operations: number, pgbenchTps: number | null) {
  // ms to three places: a deposit's share is a fraction of a millisecond
  const perDeposit = (seconds: number) => Math.round((seconds / Math.max(1, operations)) * 1e6) / 1000;
  const figures = [{ name: 'CPU per deposit: the server', value: perDeposit(cpu.server), unit: 'ms' }];
  if (cpu.postgres !== null) {
    figures.push({ name: 'CPU per deposit: PostgreSQL', value: perDeposit(cpu.postgres), unit: 'ms' });
  }
  figures.push(
    { name: "CPU per deposit: the bench's HTTP client", value: perDeposit(cpu.client), unit: 'ms' },
    { name: 'machine idle during the deposits', value: round(cpu.idleShare * 100), unit: '%' },
  );
  if (pgbenchTps !== null) {
    figures.push({
      name: `CPU a deposit may cost in all at 0.5x of TPC-B (${cpu.cores} cores)`,
      value: round((cpu.cores / (0.5 * pgbenchTps)) * 1000),
      unit: 'ms',
    });
  }
  return figures;
}

/**
 * What the database alone does with deposits: pgbench (8 clients, prepared statements) sends the
 * statements the server sends for `POST /api/investmentAccounts/{id}/deposit` with an
 * Idempotency-Key (ledger/round-trips.test.ts counts them): the session check, the key's claim,
 * `ledger_post_money` with a movement of the shape the server builds, a read of the new row with
 * the nine tables its view joins (written here by hand, not the list engine's SQL), the key's DONE
 * and COMMIT, for the same accounts and session as the HTTP figure. The difference from the HTTP
 * figure is the server's (and the HTTP client's) share of the machine. The deposits are real:
 * they are written to the book like the others.
 */
export async function depositStatementsTps(
  databaseUrl: string,
  seconds: number,
  accessToken: string,
  accounts: readonly number[],
): Promise<number> {
  const claims = decodeJwt(accessToken);
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId) || typeof claims.sid !== 'string' || !/^[0-9a-f-]{36}$/.test(claims.sid)) {
    throw new Error('the access token has no user id or session id');
  }
  // pgbench reads ":name" as a variable, so the route's pattern is written with braces here
  const route = '/api/investmentAccounts/{id}/deposit';
  const key = `'pgbench-' || :client_id::text || '-' || :k::text`;
  const script = `\\set i random(1, ${accounts.length})
\\set k random(1, 1000000000000)
begin;
select user_id, revoked_at from sessions where id = '${claims.sid}';
select idempotency_claim(${userId}::bigint, ${key}, 'POST ${route}', '${'0'.repeat(64)}', now(), '10000ms') as claimed;
select ledger_post_money(jsonb_build_object('now', now(), 'kind', 'DEPOSIT', 'description', 'Deposit into investment account', 'pending', false, 'created_by', ${userId}, 'effective_date', now(), 'rows', jsonb_build_array(jsonb_build_object('type', 'DEPOSIT', 'amount', '10.00', 'comment', 'Benchmark deposit', 'investor_comment', 'Deposit', 'effective_date', now(), 'investment_account_id', (array[${accounts.join(',')}]::bigint[])[:i::int])), 'other_postings', jsonb_build_array(jsonb_build_object('system_kind', 'TRUST_BANK', 'amount', '-10.00')), 'audit', jsonb_build_object('actor_user_id', ${userId}, 'method', 'POST', 'route', '${route}', 'object_type', 'accountTransaction', 'object_id', null, 'address', '127.0.0.1', 'after', jsonb_build_object('amount', 10, 'comment', 'Benchmark deposit'), 'with_entry_id', true, 'with_transaction_ids', false))) as moved;
select t.*, ia.name, ia.type, ia.investment_group_id, ial.current_balance, ial.available_balance, ia.bpay_biller_code, ia.bpay_reference_number, ia.is_foreign, wr.status, wr.amount, wba.name, wba.account_number, wba.bsb_number, llt.type, llt.net_amount, tl.name, tl.third_party_id, tl.status, cpa.name from account_transactions t left join investment_accounts ia on ia.id = t.investment_account_id left join ledger_accounts ial on ial.id = ia.ledger_account_id left join withdrawal_requests wr on wr.id = t.withdrawal_request_id left join bank_accounts wba on wba.id = wr.bank_account_id left join loan_transactions llt on llt.id = t.loan_transaction_id left join loans tl on tl.id = t.loan_id left join investment_accounts cpa on cpa.id = t.counterpart_account_id where t.ledger_entry_id = (select currval(pg_get_serial_sequence('ledger_entries', 'id'))) order by t.finalised_date desc, t.id desc limit 100;
update idempotency_keys set state = 'DONE', response_status = 200, response_body = '{"success": true}'::jsonb where user_id = ${userId} and key = ${key};
commit;
`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-deposit-'));
  const file = path.join(dir, 'deposit.sql');
  fs.writeFileSync(file, script);
  try {
    const { stdout } = await run(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', '8', '-j', '2', '-T', String(seconds), '-f', file, databaseUrl],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    return tpsOf(stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function tpsOf(stdout: string): number {
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`cannot read pgbench's tps from:\n${stdout}`);
  return Number(match[1]);
}

/**
 * pgbench's TPC-B-like transaction on a scratch database of the same PostgreSQL server:
 * `pgbench -i`, then `pgbench -c 8 -j 2 -T seconds`; the scratch database is dropped after.
 */
export async function pgbenchTps(databaseUrl: string, seconds: number): Promise<number> {
  const name = `lm_bench_pgbench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  try {
    await run('pgbench', ['-i', '-q', url.toString()], { maxBuffer: 16 * 1024 * 1024 });
    const { stdout } = await run('pgbench', ['-c', '8', '-j', '2', '-T', String(seconds), url.toString()], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return tpsOf(stdout);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
