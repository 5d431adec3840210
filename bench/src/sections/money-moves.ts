import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, isMissingRoute } from '../api-client';
import { type BenchContext, endpointMissing, type SectionResult, skipped } from '../bench-context';
import { concurrentLoad, type LoadResult, median } from '../measure';
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

  const deposits = await concurrentLoad({
    clients,
    durationMs,
    operation: async (_client, index) => {
      const res = await deposit(accounts[index % accounts.length]!);
      return res.status === 200 ? true : describe(res);
    },
  });
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
      transfers: transfers?.operations ?? 0,
      ...(pgbenchTps === null ? { pgbench: 'not run: the target is the embedded database' } : {}),
    },
  };
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
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    if (!match) throw new Error(`cannot read pgbench's tps from:\n${stdout}`);
    return Number(match[1]);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
