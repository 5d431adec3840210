/**
 * `npm run bench`: measures the server against the generated book (npm run bench:data) and prints
 * a table; writes bench/results/<timestamp>.json and bench/results/latest.json.
 *
 * The target is the configured database: the embedded one in DATA_DIR, or PostgreSQL when
 * DATABASE_URL (or --pg-url) is set. The bench reads what it needs from the database first (the
 * embedded database allows one process), then starts its own server on a free port, logs in as
 * the demo admin, runs the sections, stops the server, and on a full run checks the ledger.
 * The write sections move money through the API, so the book changes with every run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routePreloadsFile, sydneyDate } from '@lm/domain';
import { checkLedger } from '../../packages/server/src/ledger/ledger-check';
import { Clock } from '../../packages/server/src/platform/clock';
import { loadConfig } from '../../packages/server/src/platform/config';
import { type Database, openDatabase } from '../../packages/server/src/platform/db/database';
import { defaultDistDir } from '../../packages/web/scripts/chunk-sizes';
import { ApiClient, demoAdmin } from './api-client';
import type { BenchContext, SectionResult, Target } from './bench-context';
import { timed } from './measure';
import { prepare } from './prepare';
import { browserSection } from './sections/browser';
import { dashboardSection } from './sections/dashboard';
import { bigLoanInvestments, investingSection } from './sections/investing';
import { listQuerySection, round } from './sections/list-query';
import { argon2Label, loginSection } from './sections/logins';
import { moneyMovesSection, pgbenchTps } from './sections/money-moves';
import { arrearsSection, fractionaliseOneSection, receiptsBatchSection } from './sections/repayments';
import { ensureStatementAccount, reportsSection, type StatementAccount, statementRowsWanted } from './sections/reports';
import { saleSection } from './sections/sale';
import { sessionCheckSection } from './sections/session-check';
import { buildWeb, webChunksSection } from './sections/web-chunks';
import { repoRoot, type ServerHandle, startServer } from './server-process';
import { type Settled, settleLikeAutovacuum } from './settle';

const usage = `Usage: npm run bench [-- --quick] [--pg-url postgres://...] [--reuse-web-build] [--web-dist DIR] [--no-ledger-check]

Measures the server on the generated book (npm run bench:data) of the configured database:
the embedded one in DATA_DIR (default ./data), or PostgreSQL with DATABASE_URL or --pg-url.
  --quick             short runs (a few seconds per figure, 1,000 receipts instead of 10,000)
  --pg-url URL        run against this PostgreSQL database (like DATABASE_URL)
  --reuse-web-build   read the chunk sizes from packages/web/dist (and serve it to the browser) instead of building the web
  --web-dist DIR      the browser section serves this build of the web app instead of building one, and the chunk sizes are read from it
  --browser-runs N    navigations per route in the browser section (default 7, 3 with --quick)
  --web-dist-b DIR    the browser section also serves this second build (from a second server: the same
                      PostgreSQL database, or a copy of the embedded one) and alternates the two at
                      every navigation, so that two builds are compared on the same minutes of the machine
  --browser-latency MS  the browser section adds this round-trip latency to every request (Chromium's
                      network emulation, 20 Mbit/s down), as a user away from the server has; default 0
  --no-ledger-check   skip the ledger check after the run
  --only a,b          run only these sections: web, browser, list, logins, money, investing,
                      fractionalise-one, receipts-batch, arrears, dashboard, sale, reports, session-check,
                      ledger-check`;

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function openTarget(target: Target): Promise<Database> {
  return target.kind === 'postgres'
    ? openDatabase({ databaseUrl: target.databaseUrl })
    : openDatabase({ pgliteDir: path.join(target.dataDir!, 'pgdata'), lockDir: target.dataDir });
}

function printTable(sections: SectionResult[]): void {
  const rows: Array<[string, string, string]> = [];
  for (const s of sections) {
    if (s.status !== 'measured') {
      rows.push([s.title, s.status === 'skipped' ? (s.reason ?? 'skipped') : `FAILED: ${s.reason ?? ''}`, '']);
    }
    for (const f of s.figures) rows.push([s.status === 'measured' ? s.title : '', f.name, `${f.value} ${f.unit}`]);
  }
  const widths = [0, 1, 2].map((i) => Math.min(80, Math.max(...rows.map((r) => r[i as 0 | 1 | 2].length))));
  let last = '';
  for (const [section, figure, value] of rows) {
    const shown = section === last ? '' : section;
    if (section) last = section;
    console.log(`${shown.padEnd(widths[0]!)}  ${figure.padEnd(widths[1]!)}  ${value.padStart(widths[2]!)}`);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      'pg-url': { type: 'string' },
      'reuse-web-build': { type: 'boolean', default: false },
      'web-dist': { type: 'string' },
      'web-dist-b': { type: 'string' },
      'browser-runs': { type: 'string' },
      'browser-latency': { type: 'string' },
      'no-ledger-check': { type: 'boolean', default: false },
      only: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const quick = values.quick === true;
  const config = loadConfig(values['pg-url'] ? { ...process.env, DATABASE_URL: values['pg-url'] } : process.env);
  const target: Target = config.databaseUrl
    ? { kind: 'postgres', databaseUrl: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
  const today = sydneyDate(new Clock(config.clockNow).now());
  const runId = new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);
  const seconds = quick ? 5 : 20;
  const log = (message: string) => console.error(`[bench] ${message}`);
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const sections: SectionResult[] = [];
  const only = values.only ? new Set(values.only.split(',').map((v) => v.trim())) : null;
  // fractionalising one repayment needs the loan the investing section fills
  if (only?.has('fractionalise-one')) only.add('investing');
  const wanted = (id: string) => only === null || only.has(id);

  log(`target: ${target.kind === 'postgres' ? redact(target.databaseUrl!) : `embedded database in ${target.dataDir}`}`);
  if (wanted('web')) {
    log('web chunk sizes ...');
    sections.push(
      await webChunksSection({
        reuseBuild: values['reuse-web-build'] === true,
        ...(values['web-dist'] ? { webDist: path.resolve(values['web-dist']) } : {}),
      }),
    );
  }

  log('reading the book and timing the list query directly ...');
  let database: Database;
  try {
    database = await openTarget(target);
  } catch (error) {
    console.error(`Cannot open the database: ${(error as Error).message}`);
    return 1;
  }
  let prepared: BenchContext['prepared'];
  let statementAccount: StatementAccount | undefined;
  try {
    prepared = await prepare(database, {
      quick,
      today,
      receiptsWanted: wanted('receipts-batch') ? (quick ? 1_000 : 10_000) : 0,
      listRuns: wanted('list') ? (quick ? 10 : 50) : 0,
    });
    // the reports section's account of 100,000 rows, made once per database while no server holds it
    if (wanted('reports')) statementAccount = await ensureStatementAccount(database, statementRowsWanted, today, log);
  } finally {
    await database.close();
  }
  if (prepared.book.accountTransactions < 1_000) {
    log(
      `warning: the database holds only ${prepared.book.accountTransactions} account transactions; generate a book first (npm run bench:data -- --scale 1)`,
    );
  }
  const pgbench =
    target.kind === 'postgres' && wanted('money')
      ? await (async () => {
          log(`pgbench TPC-B, 8 clients, ${seconds} s, on a scratch database ...`);
          return pgbenchTps(target.databaseUrl!, seconds);
        })()
      : null;

  // the browser section needs the server to serve a build of the web app
  let webDist: string | null = null;
  let webScratch: string | null = null;
  if (wanted('browser')) {
    if (values['web-dist']) webDist = path.resolve(values['web-dist']);
    else if (values['reuse-web-build'] && fs.existsSync(path.join(defaultDistDir, 'index.html')))
      webDist = defaultDistDir;
    else {
      log('building the web app for the browser section ...');
      webScratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-browser-'));
      await buildWeb(webScratch);
      webDist = webScratch;
    }
  }

  // a server's database: the PostgreSQL one, or the embedded one in `dataDir`
  const databaseEnv = (dataDir: string): Record<string, string> =>
    target.kind === 'postgres' ? { DATABASE_URL: target.databaseUrl! } : { DATA_DIR: dataDir };

  // a second build for the browser section: its own server, on the same PostgreSQL database or on
  // a copy of the embedded one taken before the first server opens it (one process per directory)
  const webDistB = wanted('browser') && values['web-dist-b'] ? path.resolve(values['web-dist-b']) : null;
  // a build made by vite alone has no route preloads: its pages would list no module preloads
  for (const dist of [webDist, webDistB]) {
    if (dist && !fs.existsSync(path.join(dist, routePreloadsFile))) {
      log(
        `warning: ${dist} has no ${routePreloadsFile}: its pages list no module preloads (npm run build -w @lm/web writes it)`,
      );
    }
  }
  let dataDirB: string | null = null;
  if (webDistB && target.kind !== 'postgres') {
    dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-b-'));
    fs.cpSync(target.dataDir!, dataDirB, { recursive: true, filter: (file) => path.basename(file) !== 'server.lock' });
  }

  /** The server's autovacuum (PostgreSQL), and what the bench vacuumed in its place before each section. */
  let autovacuum: 'on' | 'off' | null = null;
  const settledBefore: Record<string, Settled[]> = {};

  log('starting the server ...');
  const server = await startServer({
    ...databaseEnv(target.dataDir!),
    ...(webDist ? { BENCH_SERVE_WEB: '1', WEB_DIST_DIR: webDist } : {}),
  });
  let serverB: ServerHandle | null = null;
  const api = new ApiClient(server.url);
  const tokenReuseMs = 10 * 60_000;
  let admin: { token: string; at: number } | null = null;
  try {
    const ctx: BenchContext = {
      quick,
      target,
      today,
      prepared,
      api,
      adminToken: async () => {
        // access tokens live 15 minutes; a long section asks again and gets a fresh one after ten
        if (!admin || Date.now() - admin.at > tokenReuseMs) {
          admin = { token: await api.login(demoAdmin.email, demoAdmin.password), at: Date.now() };
        }
        return admin.token;
      },
      log,
      state: {},
    };
    try {
      await ctx.adminToken();
    } catch (error) {
      throw new Error(
        `${(error as Error).message}. The demo admin is seeded into the embedded database, or with SEED_DEMO=1 into PostgreSQL (when the book is generated).`,
      );
    }
    if (webDistB) {
      log("starting the second build's server ...");
      serverB = await startServer({
        ...databaseEnv(dataDirB!),
        BENCH_SERVE_WEB: '1',
        WEB_DIST_DIR: webDistB,
      });
    }
    const browserTargets = serverB
      ? [
          { label: 'A', baseUrl: server.url },
          { label: 'B', baseUrl: serverB.url },
        ]
      : [{ label: '', baseUrl: server.url }];
    const browserRuns = Number(values['browser-runs'] ?? (quick ? 3 : 7));
    const browserLatencyMs = Number(values['browser-latency'] ?? 0);
    if (!Number.isFinite(browserLatencyMs) || browserLatencyMs < 0)
      throw new Error('--browser-latency takes milliseconds');
    const steps: Array<[string, string, () => Promise<SectionResult>]> = [
      [
        'browser',
        'browser: first row of each route',
        () => browserSection(ctx, browserTargets, browserRuns, browserLatencyMs),
      ],
      ['list', 'list query', () => listQuerySection(ctx, quick ? 10 : 50)],
      ['logins', 'logins', () => loginSection(ctx, seconds * 1000)],
      ['money', 'deposits and transfers', () => moneyMovesSection(ctx, seconds * 1000, pgbench, server.pid)],
      [
        'investing',
        `investing (${bigLoanInvestments} into one loan, then many loans)`,
        () => investingSection(ctx, seconds * 1000, runId),
      ],
      [
        'fractionalise-one',
        'fractionalising one repayment across 1,000 investments',
        () => fractionaliseOneSection(ctx, quick ? 1 : 3, runId),
      ],
      ['receipts-batch', 'publishing and fractionalising a batch of receipts', () => receiptsBatchSection(ctx, runId)],
      ['arrears', 'arrears check', () => arrearsSection(ctx, quick ? 1 : 3)],
      ['dashboard', 'dashboard statistics', () => dashboardSection(ctx, quick ? 20 : 100)],
      ['sale', 'secondary sale: quote and sell with 5 buyers', () => saleSection(ctx, quick ? 20 : 100, runId)],
      [
        'reports',
        `reports: a statement of ${statementRowsWanted.toLocaleString('en-AU')} rows in each format`,
        () => reportsSection(ctx, server.pid, statementAccount),
      ],
    ];
    for (const [id, label, step] of steps) {
      if (!wanted(id)) continue;
      if (target.kind === 'postgres') {
        // a server without autovacuum: what it would have cleared by now, outside the timing
        const settled = await settleLikeAutovacuum(target.databaseUrl!);
        if (settled === null) autovacuum = 'on';
        else {
          autovacuum = 'off';
          if (settled.length > 0) {
            settledBefore[id] = settled;
            log(`autovacuum is off: vacuumed ${settled.map((t) => t.table).join(', ')} before the section`);
          }
        }
      }
      log(`${label} ...`);
      try {
        sections.push(await step());
      } catch (error) {
        sections.push({ id, title: label, status: 'failed', reason: (error as Error).message, figures: [] });
      }
    }
    api.close();
  } finally {
    log('stopping the server ...');
    await server.stop();
    await serverB?.stop();
    if (dataDirB) fs.rmSync(dataDirB, { recursive: true, force: true });
    if (webScratch) fs.rmSync(webScratch, { recursive: true, force: true });
  }

  // the session check's cost: the server started again without it, then with it (the embedded
  // database admits one process at a time, so this runs once the main server has stopped)
  if (wanted('session-check')) {
    log('per-request session check: without it, then with it ...');
    const serverEnv: Record<string, string> = databaseEnv(target.dataDir!);
    try {
      sections.push(
        await sessionCheckSection((env) => startServer({ ...serverEnv, ...env }), seconds * 1000, quick ? 200 : 1000),
      );
    } catch (error) {
      sections.push({
        id: 'session-check',
        title: 'per-request session check',
        status: 'failed',
        reason: (error as Error).message,
        figures: [],
      });
    }
  }

  if (!values['no-ledger-check'] && (only ? only.has('ledger-check') : !quick)) {
    log('checking the ledger after the run ...');
    const checked = await timed(async () => {
      const db = await openTarget(target);
      try {
        return await checkLedger(db.db);
      } finally {
        await db.close();
      }
    });
    sections.push({
      id: 'ledger-check',
      title: 'ledger check after the run (npm run ledger:check)',
      status: checked.value.problems.length === 0 ? 'measured' : 'failed',
      ...(checked.value.problems.length === 0
        ? {}
        : {
            reason: checked.value.problems
              .slice(0, 3)
              .map((p) => `${p.invariant}: ${p.detail}`)
              .join('; '),
          }),
      figures: [
        { name: 'broken invariants', value: checked.value.problems.length, unit: '' },
        { name: 'check time', value: round(checked.ms / 1000), unit: 's' },
      ],
      details: checked.value.counts,
    });
  }

  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    quick,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageBefore: loadBefore.map(round),
      loadAverageAfter: os.loadavg().map(round),
    },
    target: {
      database: target.kind,
      ...(target.kind === 'postgres' ? { databaseUrl: redact(target.databaseUrl!) } : { dataDir: target.dataDir }),
    },
    book: prepared.book,
    ...(autovacuum ? { autovacuum, vacuumedBeforeSections: settledBefore } : {}),
    argon2: argon2Label,
    sections,
  };
  const resultsDir = path.join(repoRoot, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);

  console.log(
    `\nBenchmark on the ${target.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database: ` +
      `${prepared.book.loans.toLocaleString('en-AU')} loans, ${prepared.book.investmentAccounts.toLocaleString('en-AU')} accounts, ` +
      `${prepared.book.investments.toLocaleString('en-AU')} investments, ${prepared.book.accountTransactions.toLocaleString('en-AU')} account transactions; ` +
      `${os.cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} at the start${quick ? '; quick run' : ''}` +
      (autovacuum === 'off'
        ? '; the server has autovacuum off: before each section the bench vacuumed the tables autovacuum would have (JSON: vacuumedBeforeSections)'
        : '') +
      '\n',
  );
  printTable(sections);
  console.log(`\nWritten to ${path.relative(process.cwd(), file)} and bench/results/latest.json`);
  return sections.some((s) => s.status === 'failed') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
