import { idParam, Role, type RouteContract } from '@lm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../../test-support/test-app';
import { PUBLIC, routeAccess, routeKey } from '../access/route-access';
import { registeredRoutes } from './openapi';

/**
 * The small hostile cases, on every route of the contract: a NUL or a lone UTF-16 surrogate in any
 * query, path or body text, a numeric path id such as `0x10` or `1e3`, a date with a trailing NUL. Each is a 400
 * naming a field (the field's own rule, or the catch-all naming that field), never a 500, never
 * stored as U+FFFD, and nothing is stored.
 */

let t: TestApp;
const tokens = new Map<string, string>();
let contracts: RouteContract[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tokens.set(Role.MANAGEMENT, await t.login(demo.management));
  tokens.set(Role.SUPPORT, await t.login(demo.support));
  tokens.set(Role.AUDITOR, await t.login(demo.auditor));
  tokens.set(Role.INVESTOR, await t.login(demo.investor));
  tokens.set(Role.INVESTOR_READ_ONLY, await t.login(demo.readOnly));
  contracts = registeredRoutes(t.app)
    .map((route) => route.contract)
    .filter((contract): contract is RouteContract => contract !== undefined);
}, 120_000);
afterAll(() => t?.close());

function tokenFor(contract: RouteContract): string | undefined {
  const access = routeAccess[routeKey(contract.method, contract.path)];
  if (access === undefined || access === PUBLIC) return undefined;
  return tokens.get(access[0] as string);
}

/** The field names of an object schema, looking through pipes, optionals and unions. */
function fieldsOf(schema: unknown): string[] {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; depth < 8 && current; depth++) {
    const def = current._zod?.def as
      | { shape?: Record<string, unknown>; in?: unknown; innerType?: unknown; schema?: unknown; options?: unknown[] }
      | undefined;
    if (def?.shape) return Object.keys(def.shape);
    current = (def?.in ?? def?.innerType ?? def?.schema ?? def?.options?.[0]) as typeof current;
  }
  return [];
}

async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ print: string }>`
    select concat_ws('|', (select count(*) from users), (select count(*) from clients), (select count(*) from loans),
      (select count(*) from investment_groups), (select count(*) from account_transactions),
      (select count(*) from audit_log), (select count(*) from sessions where revoked_at is not null),
      (select md5(coalesce(string_agg(concat_ws(':', id, email, first_name, last_name, status), ',' order by id), '')) from users)
    ) as print`.execute(t.ctx.db);
  return rows[0]!.print;
}

interface Case {
  what: string;
  url: string;
  body?: string;
  field: string;
}

function casesOf(contract: RouteContract): Case[] {
  const url = contract.path.replace(/:[A-Za-z]+/g, '1');
  const cases: Case[] = [];
  for (const name of fieldsOf(contract.query)) {
    cases.push({ what: `NUL in query ${name}`, url: `${url}?${name}=a%00`, field: name });
    cases.push({ what: `date with a trailing NUL in query ${name}`, url: `${url}?${name}=2027-01-01%00`, field: name });
  }
  const paramShape = (contract.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  for (const name of contract.path.match(/:[A-Za-z]+/g) ?? []) {
    const param = name.slice(1);
    // a NUL in any path parameter; the number tricks in numeric ids (a named one, such as a report
    // id, refuses an unknown name its own way: 'Report is not valid')
    const numberTricks = paramShape[param] === idParam ? ['0x10', '1e3', '-1', '1.0'] : [];
    for (const bad of ['1%00', ...numberTricks]) {
      cases.push({
        what: `path ${param} ${bad}`,
        url: contract.path.replace(name, bad).replace(/:[A-Za-z]+/g, '1'),
        field: param,
      });
    }
  }
  if (contract.body && !contract.multipart) {
    const names = fieldsOf(contract.body);
    for (const name of names) {
      cases.push({ what: `NUL in body ${name}`, url, body: JSON.stringify({ [name]: 'a\u0000' }), field: name });
      cases.push({
        what: `lone surrogate in body ${name}`,
        url,
        body: JSON.stringify({ [name]: '\ud800x' }),
        field: name,
      });
      cases.push({
        what: `lone low surrogate in body ${name}`,
        url,
        body: JSON.stringify({ [name]: 'x\udc00' }),
        field: name,
      });
      cases.push({
        what: `date with a trailing NUL in body ${name}`,
        url,
        body: JSON.stringify({ [name]: '2027-01-01\u0000' }),
        field: name,
      });
    }
    cases.push({
      what: 'lone surrogate deep in an array',
      url,
      body: JSON.stringify([{ comment: 'ok', notes: ['fine', '\udfff'] }]),
      field: '0.notes.1',
    });
  }
  return cases;
}

describe('hostile text on every route', () => {
  it('answers 400 naming the field and stores nothing', async () => {
    expect(contracts.length).toBeGreaterThan(50);
    const before = await fingerprint();
    const wrong: string[] = [];
    let tried = 0;
    for (const contract of contracts) {
      const token = tokenFor(contract);
      for (const c of casesOf(contract)) {
        tried++;
        const res = await t.app.inject({
          method: contract.method,
          url: c.url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(c.body === undefined ? {} : { payload: c.body }),
        });
        const body = JSON.parse(res.body) as { code?: string; userMessage?: string; details?: { field?: string }[] };
        // the field's own rule (or another field's) may refuse first; either way a 400 naming a field
        const fields = (body.details ?? []).map((d) => d.field ?? '');
        const named = fields.some((f) => f === c.field || f.endsWith(`.${c.field}`));
        const ours = body.userMessage === 'The text contains characters that are not allowed';
        if (res.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || fields.length === 0 || (ours && !named)) {
          wrong.push(`${contract.method} ${contract.path} ${c.what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(300);
    expect(await fingerprint()).toBe(before);
  }, 300_000);

  it('keeps well-formed text: a pair of surrogates (an emoji) is stored as sent', async () => {
    const res = await t.call('POST', '/api/clients', {
      token: tokens.get(Role.MANAGEMENT),
      body: { name: 'Café 😀 Pty Ltd' },
    });
    expect([200, 400]).toContain(res.status);
    if (res.status === 200) expect(res.body.data.name).toBe('Café 😀 Pty Ltd');
    else expect(JSON.stringify(res.body.details)).not.toContain('"name"');
  });
});
