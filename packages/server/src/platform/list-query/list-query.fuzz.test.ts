import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoRepayments, getList, insertDemoBook, listServer } from './test-support/demo-resource';

/**
 * Hostile and random list queries, sent through a real Fastify route with the application's
 * error handler, may only ever be answered 200 or 400 INVALID_QUERY with a message that names
 * the bad token — never a 500 — and nothing they carry reaches the SQL text.
 */

const runsPerProperty = 300;

let t: TestApp;
let server: FastifyInstance;
const outcomes = { ok: 0, refused: 0 };

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  await insertDemoBook(t.ctx.db);
  server = await listServer(t.ctx.db, demoRepayments);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

/** Whether a refusal names what was wrong: a quoted piece of the input, a character's code, or an over-long option. */
function namesTheBadToken(message: string, options: Record<string, string>): boolean {
  const inputs = Object.entries(options).flat();
  const quotes: number[] = [];
  for (let index = message.indexOf("'"); index >= 0; index = message.indexOf("'", index + 1)) quotes.push(index);
  for (let i = 0; i < quotes.length; i++) {
    for (let j = i + 1; j < quotes.length; j++) {
      let quoted = message.slice((quotes[i] as number) + 1, quotes[j]);
      if (quoted.endsWith('...')) quoted = quoted.slice(0, -3);
      if (quoted.length > 0 && inputs.some((input) => input.includes(quoted))) return true;
    }
  }
  for (const match of message.matchAll(/U\+([0-9A-F]{4,6})/g)) {
    const character = String.fromCodePoint(Number.parseInt(match[1] as string, 16));
    if (inputs.some((input) => input.includes(character))) return true;
  }
  const tooLong = /^(\$\w+) is too long \((\d+) characters/.exec(message);
  if (tooLong === null) return false;
  const option = tooLong[1] as string;
  return (options[option] ?? options[option.slice(1)])?.length === Number(tooLong[2]);
}

async function expectSafe(options: Record<string, string>): Promise<void> {
  const res = await getList(server, options);
  const context = `${JSON.stringify(options)} -> ${res.status} ${JSON.stringify(res.body)}`;
  if (res.status === 200) {
    outcomes.ok++;
    expect(res.body.success, context).toBe(true);
    expect(Array.isArray(res.body.data), context).toBe(true);
    expect(res.body.data.length, context).toBeLessThanOrEqual(1000);
    return;
  }
  outcomes.refused++;
  expect(res.status, context).toBe(400);
  expect(res.body.code, context).toBe('INVALID_QUERY');
  expect(namesTheBadToken(res.body.userMessage, options), context).toBe(true);
}

// ---- vocabulary ---------------------------------------------------------------------------------

const typedFields = {
  integer: ['id', 'loanId', 'loan/id', 'loan/client/id', 'loan/details/loanId'],
  string: ['status', 'loan/name', 'loan/thirdPartyId', 'loan/status', 'loan/client/name', 'loan/details/industryType'],
  money: ['principalDue', 'interestDue', 'stampDutyAmount', 'loan/amount', 'loan/details/companyRevenue'],
  decimal: ['loan/baseInterestRate'],
  boolean: ['isArchived'],
  date: ['dueDate'],
  datetime: ['createdAt', 'loan/fundedDate'],
} as const;
const badFields = [
  'gstAmount',
  'foo',
  'loan',
  'loan/foo',
  'nope/id',
  '__proto__',
  'constructor',
  'users',
  'password_hash',
];
const allFields = [...Object.values(typedFields).flat(), ...badFields];
const relations = ['loan', 'loan/client', 'loan/details', 'client', 'loan/loan', 'users', '__proto__'];

const hostile = [
  "'; drop table users; --",
  "x'; drop table users; --",
  '1; drop table users',
  "') or 1=1 --",
  '1 or 1=1',
  "' or ''='",
  'union select * from users',
  'id) union select password_hash from users --',
  '$1',
  '::text',
  '/* */',
  '--',
  ';',
  '"',
  '`',
  '\\',
  '\u0000',
  '😀',
  'ñ',
  '\u202e',
  '%',
  '&',
  '=',
  '#',
  '\n',
  'pg_sleep(10)',
  "'\\'",
  "E'\\x00'",
];

const stringLiteral = fc
  .oneof(fc.string(), fc.constantFrom('%', '_', '\\', "O'Brien", 'PAID', 'Acme', ...hostile))
  .map((s) => `'${s.replaceAll("'", "''")}'`);
const hugeInteger = fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }).map(String);
const decimalNumber = fc
  .tuple(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.nat({ max: 999999 }), fc.nat({ max: 4 }))
  .map(([whole, fraction, places]) =>
    places === 0 ? String(whole) : `${whole}.${String(fraction).padStart(places, '0').slice(0, places)}`,
  );
const dateLiteral = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dateTimeLiteral = fc
  .tuple(
    fc.date({ min: new Date('0001-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }),
    fc.constantFrom('Z', '+11:00', '-05:30', '+14:00', '+15:00', ''),
  )
  .map(([d, offset]) => `${d.toISOString().slice(0, 19)}${offset}`);
const oddLiteral = fc.constantFrom(
  'null',
  'true',
  'false',
  '2027-02-30',
  '2027-13-01',
  '0000-01-01',
  '2027-03-05T24:00:00Z',
  '1e309',
  '-0',
  '00001',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '0.105',
  "''",
  "'2027-03-05'",
  "'2027-03-05T10:00:00+11:00'",
  'NaN',
  'Infinity',
);

const literalFor: Record<keyof typeof typedFields, fc.Arbitrary<string>> = {
  integer: fc.oneof(fc.integer().map(String), hugeInteger),
  string: stringLiteral,
  money: fc.oneof(decimalNumber, fc.constantFrom('120000.10', '0.10', '9439.94')),
  decimal: decimalNumber,
  boolean: fc.constantFrom('true', 'false', 'TRUE'),
  date: fc.oneof(
    dateLiteral,
    dateLiteral.map((d) => `'${d}'`),
  ),
  datetime: fc.oneof(dateTimeLiteral, dateLiteral),
};
const anyLiteral = fc.oneof(stringLiteral, hugeInteger, decimalNumber, dateLiteral, dateTimeLiteral, oddLiteral);
const operator = fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'EQ', 'Gt');

/** A comparison that usually fits its field's type, and sometimes not. */
const comparison = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...(Object.keys(typedFields) as Array<keyof typeof typedFields>))
      .chain((type) =>
        fc
          .tuple(fc.constantFrom(...typedFields[type]), operator, literalFor[type])
          .map(([f, o, v]) => `${f} ${o} ${v}`),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...allFields), operator, anyLiteral).map(([f, o, v]) => `${f} ${o} ${v}`),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(anyLiteral, operator, fc.constantFrom(...allFields)).map(([v, o, f]) => `${v} ${o} ${f}`),
  },
);
const textFunction = fc
  .tuple(
    fc.constantFrom('contains', 'startswith', 'endswith', 'tolower'),
    fc.constantFrom(...allFields),
    fc.oneof(stringLiteral, anyLiteral),
  )
  .map(([fn, f, v]) => `${fn}(${f},${v})`);
const inList = fc
  .tuple(
    fc.constantFrom(...allFields),
    fc.array(fc.oneof(anyLiteral, fc.constant('null')), { minLength: 1, maxLength: 6 }),
  )
  .map(([f, values]) => `${f} in (${values.join(', ')})`);

const { filter: wellFormedFilter } = fc.letrec<{ filter: string }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    textFunction,
    inList,
    fc.constantFrom('isArchived', 'not isArchived', 'loan/thirdPartyId eq null', 'loan/details ne null'),
    fc.tuple(tie('filter'), fc.constantFrom('and', 'or', 'AND'), tie('filter')).map(([a, op, b]) => `${a} ${op} ${b}`),
    tie('filter').map((inner) => `not (${inner})`),
    tie('filter').map((inner) => `(${inner})`),
  ),
}));

/** A well-formed filter, sometimes with one character inserted or removed. */
const mutatedFilter = fc
  .tuple(
    wellFormedFilter,
    fc.option(fc.tuple(fc.nat(), fc.constantFrom('', "'", '(', ')', ',', '/', ' ', '\u0000', '😀'))),
  )
  .map(([text, mutation]) => {
    if (mutation === null) return text;
    const [at, insert] = mutation;
    const position = at % (text.length + 1);
    return insert === ''
      ? text.slice(0, position) + text.slice(position + 1)
      : text.slice(0, position) + insert + text.slice(position);
  });

const tokenSoup = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.constantFrom(...allFields, 'eq', 'ne', 'gt', 'and', 'or', 'not', 'in', 'contains', '(', ')', ',', "'", "''"),
        anyLiteral,
        fc.constantFrom(...hostile),
      ),
      { maxLength: 25 },
    ),
    fc.constantFrom(' ', '', '  '),
  )
  .map(([tokens, separator]) => tokens.join(separator));

const deepNesting = fc
  .tuple(fc.nat({ max: 45 }), fc.nat({ max: 45 }), fc.constantFrom('(', 'not ', 'not (', '((not '))
  .map(([open, close, opener]) => `${opener.repeat(open)}id eq 1${')'.repeat(close)}`);

const randomText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(...hostile),
);

const filterText = fc.oneof(
  { weight: 4, arbitrary: mutatedFilter },
  { weight: 2, arbitrary: tokenSoup },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: fc.constantFrom('0', '9', '.', '-'), minLength: 1, maxLength: 300 })
      .map((n) => `id eq ${n}`),
  },
  { weight: 1, arbitrary: fc.nat({ max: 3 }).map((extra) => `status eq '${'x'.repeat(3990 + extra)}'`) },
);

const sortableFields = allFields.filter((f) => f !== 'stampDutyAmount');
const orderByText = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...sortableFields, 'stampDutyAmount') },
          { weight: 1, arbitrary: randomText },
        ),
        fc.constantFrom('', ' asc', ' desc', ' DESC', ' up', ' desc desc', '; drop table users'),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((items) => items.map(([f, d]) => `${f}${d}`).join(',')),
  randomText,
);
const selectText = fc.oneof(
  fc
    .array(fc.constantFrom(...allFields, 'loan/name', 'loan/client/name', '*'), { minLength: 1, maxLength: 5 })
    .map((fs) => fs.join(',')),
  randomText,
);
const expandText = fc.oneof(
  fc.array(fc.constantFrom(...relations), { minLength: 1, maxLength: 4 }).map((rs) => rs.join(',')),
  randomText,
);
const numberText = fc.oneof(
  fc.nat({ max: 1200 }).map(String),
  fc.integer({ min: -5, max: 5 }).map(String),
  hugeInteger,
  fc.constantFrom('1e3', '10.5', '0x10', ' 7', '', 'NaN', '9007199254740991', '9007199254740992'),
  randomText,
);
const countText = fc.oneof(fc.constantFrom('true', 'false', 'TRUE', '1', 'yes'), randomText);

/** No lone surrogate: such a string cannot travel in a URL. */
const isWellFormed = (text: string) => !/[\uD800-\uDFFF]/.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));
const wellFormedUnicode = (options: Record<string, string>) => Object.values(options).every((v) => isWellFormed(v));

const listOptions = fc
  .record(
    {
      $filter: filterText,
      $orderby: orderByText,
      $top: numberText,
      $skip: numberText,
      $select: selectText,
      $expand: expandText,
      $count: countText,
    },
    { requiredKeys: [] },
  )
  .map(
    (options) =>
      Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Record<string, string>,
  )
  .filter(wellFormedUnicode);

describe('hostile and random list queries', () => {
  it('$filter alone: only 200 or a 400 naming the bad token', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterText.filter((f) => isWellFormed(f)),
        (filter) => expectSafe({ $filter: filter }),
      ),
      { numRuns: runsPerProperty },
    );
  });

  it('every option together, also under the un-prefixed names', async () => {
    await fc.assert(
      fc.asyncProperty(listOptions, fc.boolean(), (options, bare) =>
        expectSafe(bare ? Object.fromEntries(Object.entries(options).map(([k, v]) => [k.slice(1), v])) : options),
      ),
      { numRuns: runsPerProperty },
    );
  });

  it('random option names and values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.oneof(fc.constantFrom('$filter', '$top', '$foo', 'filter', 'top'), fc.string({ maxLength: 8 })),
          randomText,
          {
            maxKeys: 4,
          },
        ),
        (options) => {
          fc.pre(wellFormedUnicode(options) && Object.keys(options).every((k) => isWellFormed(k) && k !== ''));
          return expectSafe(options);
        },
      ),
      { numRuns: runsPerProperty },
    );
  });

  it('the generators reached the database as well as the parser', () => {
    // a property that only ever met refusals would prove little about the SQL
    expect(outcomes.ok).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(100);
  });

  it('afterwards every table is still there and unchanged', async () => {
    const users = await sql<{ present: boolean }>`select to_regclass('public.users') is not null as present`.execute(
      t.ctx.db,
    );
    expect(users.rows[0]?.present).toBe(true);
    const counted = await sql<{ clients: number; loans: number; repayments: number }>`
      select (select count(*) from clients) as clients, (select count(*) from loans) as loans,
             (select count(*) from repayments) as repayments`.execute(t.ctx.db);
    expect(counted.rows[0]).toEqual({ clients: 3, loans: 3, repayments: 9 });
    await t.ctx.db.selectFrom('users').select('id').execute();
  });
});
