import { moneyFields, Role, type RouteContract } from '@lm/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, demo, type TestApp } from '../../test-support/test-app';
import { PUBLIC, routeAccess, routeKey } from '../access/route-access';
import { registeredRoutes } from './openapi';

/**
 * Hostile input against every route of the contract, grouped by its OpenAPI tag (the feature):
 * no answer is ever a 5xx, and a 400 stores nothing. And the amount table: every money field of
 * every body refuses the classic coercions, each as a 400 naming the field.
 */

/**
 * Cases per feature: 500 in `npm test` (every route gets at least 20, about four minutes less than
 * 2,000 on a 2-core machine); FUZZ_CASES_PER_GROUP=2000 or more for a deeper run, FUZZ_SEED to vary.
 */
const casesPerGroup = Number(process.env.FUZZ_CASES_PER_GROUP ?? 500);

let t: TestApp;
const tokens = new Map<string, string>();
let contracts: RouteContract[] = [];

/**
 * A session per role. The fuzz may end them (a logout or a password change with the role's own
 * token ends its session at once), so each part of the file signs in afresh.
 */
async function signInEveryRole(): Promise<void> {
  tokens.set(Role.MANAGEMENT, await t.login(demo.management));
  tokens.set(Role.SUPPORT, await t.login(demo.support));
  tokens.set(Role.AUDITOR, await t.login(demo.auditor));
  tokens.set(Role.INVESTOR, await t.login(demo.investor));
  tokens.set(Role.INVESTOR_READ_ONLY, await t.login(demo.readOnly));
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  await signInEveryRole();
  contracts = registeredRoutes(t.app)
    .map((route) => route.contract)
    .filter((contract): contract is RouteContract => contract !== undefined);
}, 240_000);
afterAll(() => t?.close());

/** A token of a role the route admits (so the request reaches validation and the service). */
function tokenFor(contract: RouteContract): string | undefined {
  const access = routeAccess[routeKey(contract.method, contract.path)];
  if (access === undefined || access === PUBLIC) return undefined;
  return tokens.get(access[0] as string);
}

/** What the business tables hold: a 400 must leave it unchanged. */
async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ print: string }>`
    select concat_ws('|',
      (select count(*) from users), (select count(*) from investors), (select count(*) from investment_groups),
      (select count(*) from investment_accounts), (select count(*) from bank_accounts), (select count(*) from clients),
      (select count(*) from loans), (select count(*) from repayments), (select count(*) from loan_transactions),
      (select count(*) from investments), (select count(*) from withdrawal_requests),
      (select count(*) from account_transactions), (select count(*) from ledger_entries),
      (select count(*) from ledger_postings), (select count(*) from mandate_topups), (select count(*) from audit_log),
      (select md5(coalesce(string_agg(concat_ws(':', id, status, funded_amount, name), ',' order by id), '')) from loans),
      (select md5(coalesce(string_agg(concat_ws(':', id, current_balance, pending_debits), ',' order by id), '')) from ledger_account_balances),
      (select md5(coalesce(string_agg(concat_ws(':', id, email, first_name, last_name, status), ',' order by id), '')) from users),
      (select md5(coalesce(string_agg(concat_ws(':', id, comment, investor_comment, status), ',' order by id), '')) from account_transactions)
    ) as print`.execute(t.ctx.db);
  return rows[0]!.print;
}

/**
 * The fingerprint once the previous answer's after-response work (the route audit record of a
 * successful change is written in onResponse) has landed: read until two reads agree.
 */
async function settledFingerprint(): Promise<string> {
  let previous = await fingerprint();
  for (let attempt = 0; attempt < 10; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    const next = await fingerprint();
    if (next === previous) return next;
    previous = next;
  }
  return previous;
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    "'; drop table loans; --",
    '0x10',
    '1e2',
    'NaN',
    '-0',
    '9'.repeat(40),
  ),
  fc.string({ minLength: 2000, maxLength: 3000 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 555, 1001, 1e308, -0.01, 1.005, Number.MAX_SAFE_INTEGER, true, false, null),
  fc.constant([5]),
  fc.constant({ nested: { deep: ['\u0000'] } }),
  fc.array(fc.integer({ min: -2, max: 2000 }), { maxLength: 3 }),
);

/** The top-level field names of an object schema (through optional/nullable/pipe wrappers). */
function objectKeys(schema: z.ZodType | undefined): string[] {
  const def = (schema as unknown as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'pipe') return objectKeys(def.in as z.ZodType);
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') {
    return objectKeys(def.innerType as z.ZodType);
  }
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap(objectKeys);
  return [];
}

function bodyArbitrary(contract: RouteContract): fc.Arbitrary<unknown> {
  const keys = [...new Set(objectKeys(contract.body))];
  const shaped =
    keys.length === 0
      ? fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 4 })
      : fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: fc.array(shaped, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.anything() },
  );
}

const paramArbitrary = fc.oneof(
  fc.constantFrom('1', '2', '3', '555', '1001', '1002', '0', '-1', '1.5', '99999999999999999999', 'abc', '%00', '1e3'),
  fc.integer({ min: 1, max: 2000 }).map(String),
);
const queryArbitrary = fc.dictionary(
  fc.constantFrom('$filter', '$orderby', '$top', '$skip', '$select', '$expand', '$count', 'provider', 'x', '$bogus'),
  fc.oneof(hostileText, fc.constantFrom('id eq 1', 'id desc', '5', 'true', "status eq 'ACTIVE'")),
  { maxKeys: 3 },
);

function requestArbitrary(contract: RouteContract) {
  const paramNames = [...contract.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  return fc.record({
    params: fc.tuple(...paramNames.map(() => paramArbitrary)),
    query: queryArbitrary,
    body: contract.method === 'GET' || contract.method === 'DELETE' ? fc.constant(undefined) : bodyArbitrary(contract),
  });
}

function urlOf(contract: RouteContract, params: string[], query: Record<string, string>): string {
  let index = 0;
  const path = contract.path.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(params[index++] ?? '1'));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

describe('every endpoint group under hostile input', () => {
  beforeEach(signInEveryRole);
  it('has contracts to fuzz', () => {
    expect(contracts.length).toBeGreaterThan(0);
  });

  const groups = [
    'platform',
    'session',
    'staff',
    'investors',
    'investor-groups',
    'accounts',
    'transactions',
    'withdrawals',
    'loans',
    'marketplace',
    'investments',
    'clients',
    'repayments',
    'portfolio',
    'onboarding',
  ];
  it.each(groups)(
    '%s: no 5xx, and a 400 stores nothing',
    async (group) => {
      const routes = contracts.filter((contract) => contract.tag === group && !contract.multipart && !contract.file);
      if (routes.length === 0) return;
      const failures: string[] = [];
      const perRoute = Math.max(20, Math.ceil(casesPerGroup / routes.length));
      // the state the next 400 must leave unchanged: read again only after an answer that may store
      let baseline = await settledFingerprint();
      for (const contract of routes) {
        const token = tokenFor(contract);
        await fc
          .assert(
            fc.asyncProperty(requestArbitrary(contract), async ({ params, query, body }) => {
              const url = urlOf(contract, params, query);
              const res = await t.call(contract.method, url, {
                ...(token ? { token } : {}),
                ...(body === undefined
                  ? {}
                  : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
              });
              if (res.status >= 500 && res.status !== 666) {
                failures.push(`${contract.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} -> ${res.status}`);
                return false;
              }
              if (res.status === 400) {
                if ((await fingerprint()) !== baseline) {
                  failures.push(`${contract.method} ${url} stored something and answered 400`);
                  return false;
                }
              } else if (contract.method !== 'GET') {
                baseline = await settledFingerprint();
              }
              return true;
            }),
            { numRuns: perRoute, seed: Number(process.env.FUZZ_SEED ?? 20261125), endOnFailure: true },
          )
          .catch(() => undefined);
      }
      expect(failures).toEqual([]);
    },
    600_000,
  );
});

/** Paths (in a body) of every field made by moneyInput: ['amount'], or [0, 'netAmount'] inside an array. */
function moneyPaths(schema: z.ZodType | undefined, prefix: (string | number)[] = []): (string | number)[][] {
  if (!schema) return [];
  if (moneyFields.has(schema)) return [prefix];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        moneyPaths(value, [...prefix, key]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
      return moneyPaths(def.innerType as z.ZodType, prefix);
    case 'pipe':
      return moneyPaths(def.in as z.ZodType, prefix);
    case 'array':
      return moneyPaths(def.element as z.ZodType, [...prefix, 0]);
    case 'union': {
      const found = (def.options as z.ZodType[]).map((option) => moneyPaths(option, prefix));
      return found.find((paths) => paths.length > 0) ?? [];
    }
    default:
      return [];
  }
}

function bodyWith(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [bodyWith(rest, value)];
  return { [head as string]: bodyWith(rest, value) };
}

describe('the amount table', () => {
  beforeAll(signInEveryRole);
  const refused: Array<[string, unknown]> = [
    ['"0x10"', '0x10'],
    ['true', true],
    ['[5]', [5]],
    ['"1e2"', '1e2'],
    ['1.005', 1.005],
    ['1e308', 1e308],
    ['"NaN"', 'NaN'],
    ['""', ''],
    ['null', null],
    ['-0.01', -0.01],
  ];

  it('finds the money fields of deposit, transfer, withdraw, invest, write-off, payout and receipts', () => {
    const withMoney = contracts.filter((contract) => moneyPaths(contract.body).length > 0).map((c) => c.path);
    expect(withMoney).toEqual(
      expect.arrayContaining([
        '/api/investmentAccounts/:id/deposit',
        '/api/investmentAccounts/:id/transfer',
        '/api/user/investmentAccounts/:accountId/withdraw',
      ]),
    );
  });

  it('refuses each coercion as a 400 naming the field, for every money field of every body', async () => {
    const problems: string[] = [];
    for (const contract of contracts) {
      for (const path of moneyPaths(contract.body)) {
        const field = path.join('.');
        const url = contract.path.replace(/:([A-Za-z0-9_]+)/g, '1');
        for (const [label, value] of refused) {
          const before = await settledFingerprint();
          const res = await t.call(contract.method, url, {
            ...(tokenFor(contract) ? { token: tokenFor(contract)! } : {}),
            body: JSON.stringify(bodyWith(path, value)),
            headers: { 'content-type': 'application/json' },
          });
          const named = (res.body?.details ?? []).some((d: { field?: string }) => d.field === field);
          if (res.status !== 400 || !named) {
            problems.push(
              `${contract.method} ${contract.path} ${field}=${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
            );
          }
          if ((await fingerprint()) !== before)
            problems.push(`${contract.method} ${contract.path} ${field}=${label}: stored`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
