import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { countExactMax, readListQuery } from './query-options';
import { runList } from './run-list';
import { type DemoBook, demoRepayments, getList, insertDemoBook, listServer } from './test-support/demo-resource';
import { planList } from './translate';
import type { ListResource } from './types';

let t: TestApp;
let book: DemoBook;
let server: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  book = await insertDemoBook(t.ctx.db);
  server = await listServer(t.ctx.db, demoRepayments);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

/** The ids a list answers, in order. */
async function ids(options: Record<string, string>): Promise<number[]> {
  const res = await getList(server, { $top: '1000', ...options });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((row: { id: number }) => row.id);
}

async function refused(options: Record<string, string>): Promise<string> {
  const res = await getList(server, options);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: 'INVALID_QUERY' });
  return res.body.userMessage;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('rows', () => {
  it('carry every field under its API name, typed for JSON, in the default order and page', async () => {
    const res = await getList(server, {});
    expect(res.status).toBe(200);
    expect(res.body.count).toBeUndefined();
    expect(res.body.data).toHaveLength(9);
    expect(res.body.data.map((row: { dueDate: string }) => row.dueDate)).toEqual([
      '2027-04-01',
      '2027-04-05',
      '2027-04-20',
      '2027-05-01',
      '2027-05-05',
      '2027-05-20',
      '2027-06-01',
      '2027-06-05',
      '2027-06-20',
    ]);
    expect(res.body.data[1]).toEqual({
      id: book.repayments.acme[0],
      loanId: book.loans.acme,
      dueDate: '2027-04-05',
      status: 'PAID',
      principalDue: 9439.94,
      interestDue: 1250,
      gstAmount: 1,
      stampDutyAmount: 2,
      isArchived: true,
      createdAt: '2027-03-01T00:00:00.000Z',
    });
  });

  it('the default page size is the resource default, 10 unless it says otherwise', async () => {
    const small: ListResource = { ...demoRepayments, defaultTop: 2 };
    expect((await runList(t.ctx.db, small, {})).rows).toHaveLength(2);
    const doubled: ListResource = { ...demoRepayments, from: 'repayments r cross join (values (1), (2)) twice (n)' };
    const page = await runList(t.ctx.db, doubled, { $count: 'true' });
    expect(page.rows).toHaveLength(10);
    expect(page.count).toBe(18);
  });
});

describe('$filter', () => {
  it('money compares exactly to the cent', async () => {
    expect(await ids({ $filter: 'loan/amount eq 120000.10' })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: 'loan/amount eq 120000.1' })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: 'loan/amount eq 120000.20' })).toEqual(book.repayments.bright);
    expect(await ids({ $filter: 'loan/amount gt 120000.10' })).toEqual(book.repayments.bright);
    expect(sorted(await ids({ $filter: 'loan/amount le 120000.10' }))).toEqual(
      sorted([...book.repayments.acme, ...book.repayments.obrien]),
    );
    expect(await ids({ $filter: 'principalDue eq 0.10' })).toEqual([book.repayments.obrien[0]]);
    expect(await ids({ $filter: 'principalDue lt 0.11 and principalDue gt 0.09' })).toEqual([
      book.repayments.obrien[0],
    ]);
  });

  it('every comparison operator', async () => {
    const [a0, a1, a2] = book.repayments.acme as [number, number, number];
    expect(await ids({ $filter: `id eq ${a1}` })).toEqual([a1]);
    expect(await ids({ $filter: `loanId eq ${book.loans.acme} and id ne ${a1}` })).toEqual([a0, a2]);
    expect(await ids({ $filter: `loanId eq ${book.loans.acme} and id gt ${a1}` })).toEqual([a2]);
    expect(await ids({ $filter: `loanId eq ${book.loans.acme} and id ge ${a1}` })).toEqual([a1, a2]);
    expect(await ids({ $filter: `loanId eq ${book.loans.acme} and id lt ${a1}` })).toEqual([a0]);
    expect(await ids({ $filter: `loanId eq ${book.loans.acme} and id le ${a1}` })).toEqual([a0, a1]);
    expect(await ids({ $filter: `${a1} lt id and loanId eq ${book.loans.acme}` })).toEqual([a2]);
  });

  it('and, or, not and parentheses', async () => {
    const obrien = book.loans.obrien;
    expect(await ids({ $filter: `status eq 'PAID' and loanId eq ${obrien} or status eq 'CLOSED_PAYOUT'` })).toEqual(
      book.repayments.obrien,
    );
    expect(await ids({ $filter: `status eq 'PAID' and (loanId eq ${obrien} or status eq 'CLOSED_PAYOUT')` })).toEqual(
      book.repayments.obrien.slice(0, 2),
    );
    expect(await ids({ $filter: `not (status eq 'UNPAID') and loanId ne ${obrien}` })).toEqual([
      book.repayments.acme[0],
    ]);
  });

  it('nested fields through relations, two levels deep', async () => {
    expect(await ids({ $filter: "loan/client/name eq 'Acme Pty Ltd'" })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: "loan/status eq 'FUNDING'" })).toEqual(book.repayments.bright);
    expect(await ids({ $filter: "loan/details/industryType eq 'Services'" })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: 'loan/details/companyRevenue eq 1500000.55' })).toEqual(book.repayments.acme);
  });

  it('contains, startswith and endswith ignore case and match %, _ and \\ literally', async () => {
    expect(await ids({ $filter: "contains(loan/client/name,'PTY')" })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: "startswith(loan/client/name,'acme')" })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: "endswith(loan/client/name,'HOLDINGS')" })).toEqual(book.repayments.obrien);
    expect(await ids({ $filter: "contains(loan/client/name,'%')" })).toEqual(book.repayments.bright);
    expect(await ids({ $filter: "contains(loan/client/name,'_')" })).toEqual(book.repayments.bright);
    expect(await ids({ $filter: "contains(loan/client/name,'t_c')" })).toEqual(book.repayments.bright);
    expect(await ids({ $filter: "contains(loan/client/name,'a%d')" })).toEqual([]);
    expect(await ids({ $filter: "contains(loan/client/name,'\\')" })).toEqual([]);
    expect(await ids({ $filter: "contains(loan/client/name,'o''b')" })).toEqual(book.repayments.obrien);
    expect(sorted(await ids({ $filter: "not contains(loan/client/name,'pty')" }))).toEqual(
      sorted([...book.repayments.bright, ...book.repayments.obrien]),
    );
  });

  it('in lists, with null among the values', async () => {
    expect(await ids({ $filter: `status in ('PAID', 'CLOSED_PAYOUT') and loanId eq ${book.loans.obrien}` })).toEqual(
      book.repayments.obrien,
    );
    expect(sorted(await ids({ $filter: "loan/thirdPartyId in ('TP-3', null)" }))).toEqual(
      sorted([...book.repayments.bright, ...book.repayments.obrien]),
    );
  });

  it('null: eq null is IS NULL, ne null is IS NOT NULL, and ne treats null as different', async () => {
    expect(await ids({ $filter: 'loan/thirdPartyId eq null' })).toEqual(book.repayments.bright);
    expect(sorted(await ids({ $filter: 'loan/thirdPartyId ne null' }))).toEqual(
      sorted([...book.repayments.acme, ...book.repayments.obrien]),
    );
    const notTp1 = sorted([...book.repayments.bright, ...book.repayments.obrien]);
    expect(sorted(await ids({ $filter: "loan/thirdPartyId ne 'TP-1'" }))).toEqual(notTp1);
    expect(sorted(await ids({ $filter: "not (loan/thirdPartyId eq 'TP-1')" }))).toEqual(notTp1);
    expect(await ids({ $filter: 'loan/details/loanId eq null and loan/fundedDate eq null' })).toEqual(
      book.repayments.bright,
    );
  });

  it('booleans, alone or compared', async () => {
    expect(await ids({ $filter: 'isArchived' })).toEqual([book.repayments.acme[0]]);
    expect(await ids({ $filter: 'isArchived eq true' })).toEqual([book.repayments.acme[0]]);
    expect(await ids({ $filter: 'not isArchived' })).toHaveLength(8);
    expect(await ids({ $filter: 'isArchived ne true' })).toHaveLength(8);
  });

  it('dates, written bare or quoted', async () => {
    expect(await ids({ $filter: 'dueDate ge 2027-05-01 and dueDate lt 2027-06-01' })).toEqual([
      book.repayments.obrien[1],
      book.repayments.acme[1],
      book.repayments.bright[1],
    ]);
    expect(await ids({ $filter: "dueDate eq '2027-04-05'" })).toEqual([book.repayments.acme[0]]);
  });

  it('date-times compare as instants; a date means that whole Sydney day', async () => {
    const fundedOn5March = sorted([...book.repayments.acme, ...book.repayments.obrien]);
    // Acme at 00:30 and O'Brien at 23:59:59 on 5 March in Sydney (UTC+11)
    expect(sorted(await ids({ $filter: 'loan/fundedDate eq 2027-03-05' }))).toEqual(fundedOn5March);
    expect(sorted(await ids({ $filter: 'loan/fundedDate ge 2027-03-05 and loan/fundedDate le 2027-03-05' }))).toEqual(
      fundedOn5March,
    );
    expect(await ids({ $filter: 'loan/fundedDate gt 2027-03-05' })).toEqual([]);
    expect(await ids({ $filter: 'loan/fundedDate lt 2027-03-05' })).toEqual([]);
    expect(sorted(await ids({ $filter: 'loan/fundedDate ne 2027-03-04' }))).toEqual(sorted(await ids({})));
    expect(await ids({ $filter: 'loan/fundedDate lt 2027-03-05T12:00:00+11:00' })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: 'loan/fundedDate eq 2027-03-04T13:30:00Z' })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: "loan/fundedDate eq '2027-03-05T00:30:00+11:00'" })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: 'loan/fundedDate in (2027-03-05, 2027-03-06)' })).toHaveLength(6);
    expect(await ids({ $filter: 'createdAt ge 2027-03-03T00:00:00Z' })).toEqual(book.repayments.obrien);
  });

  it('decimals compare exactly', async () => {
    expect(await ids({ $filter: 'loan/baseInterestRate eq 12.5' })).toEqual(book.repayments.acme);
    expect(await ids({ $filter: 'loan/baseInterestRate lt 10' })).toEqual(book.repayments.bright);
  });
});

describe('$orderby and paging', () => {
  it('sorts by several keys, through relations, asc by default', async () => {
    const byAmount = await ids({ $orderby: 'loan/amount desc,dueDate' });
    expect(byAmount).toEqual([...book.repayments.bright, ...book.repayments.acme, ...book.repayments.obrien]);
    const byClient = await ids({ $orderby: 'loan/client/name, dueDate desc' });
    expect(byClient).toEqual([
      ...[...book.repayments.acme].reverse(),
      ...[...book.repayments.bright].reverse(),
      ...[...book.repayments.obrien].reverse(),
    ]);
  });

  it('pages are stable when the sort key ties: the id is the last key', async () => {
    // every repayment of a loan shares its createdAt
    const all = await ids({ $orderby: 'createdAt desc' });
    expect(all).toHaveLength(9);
    const pages: number[] = [];
    for (let skip = 0; skip < 9; skip += 2)
      pages.push(...(await ids({ $orderby: 'createdAt desc', $top: '2', $skip: String(skip) })));
    expect(pages).toEqual(all);
    expect(all.slice(0, 3)).toEqual([...book.repayments.obrien].reverse()); // ties in the first key's direction
  });

  it('$top, $skip and $count', async () => {
    const res = await getList(server, { $filter: "status eq 'UNPAID'", $top: '2', $skip: '1', $count: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(res.body.data.map((row: { id: number }) => row.id)).toEqual([
      book.repayments.acme[1],
      book.repayments.bright[1],
    ]);
    const none = await getList(server, { $top: '0', $count: 'true' });
    expect(none.body).toEqual({ success: true, data: [], count: 9 });
    const past = await getList(server, { $skip: '100', count: 'true' });
    expect(past.body).toEqual({ success: true, data: [], count: 9 });
  });

  it('$count=estimate counts exactly up to countExactMax and asks the planner above it', async () => {
    const few = await getList(server, { $filter: "status eq 'UNPAID'", $top: '1', $count: 'estimate' });
    expect(few.body.count).toBe(5);
    // 9 repayments x 1,000 = 9,000 rows: still counted
    const thousandfold: ListResource = {
      ...demoRepayments,
      from: 'repayments r cross join generate_series(1, 1000) as many (n)',
    };
    expect((await runList(t.ctx.db, thousandfold, { $count: 'estimate', $top: '0' })).count).toBe(9 * 1000);
    // 9 x 2,000 = 18,000 rows: the planner's estimate, never at or below the cap
    const twothousandfold: ListResource = {
      ...demoRepayments,
      from: 'repayments r cross join generate_series(1, 2000) as many (n)',
    };
    const estimated = await runList(t.ctx.db, twothousandfold, { $count: 'ESTIMATE', $top: '3' });
    expect(estimated.rows).toHaveLength(3);
    expect(Number.isInteger(estimated.count)).toBe(true);
    expect(estimated.count).toBeGreaterThan(countExactMax);
    const exact = await runList(t.ctx.db, twothousandfold, { $count: 'true', $top: '0' });
    expect(exact.count).toBe(18_000);
  });

  it('dates and date-times in $filter are constants when PostgreSQL plans, not parsed again for every row', async () => {
    const plan = planList(
      demoRepayments,
      readListQuery({ $filter: 'createdAt ge 2027-03-01T00:00:00+11:00 and dueDate le 2027-05-01', $count: 'true' }),
    );
    const explained = await sql<Record<string, string>>`explain (costs off) ${plan.countQuery!}`.execute(t.ctx.db);
    const text = explained.rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toContain("'2027-02-28 13:00:00+00'::timestamp with time zone");
    expect(text).toContain("'2027-05-01'::date");
    expect(text).not.toMatch(/list_query_|::text\)::(date|timestamp)/);
    expect(await ids({ $filter: 'createdAt ge 2027-03-01T00:00:00+11:00 and dueDate le 2027-05-01' })).toEqual(
      await ids({ $filter: "createdAt ge '2027-03-01T00:00:00+11:00' and dueDate le '2027-05-01'" }),
    );
  });

  it('the un-prefixed spellings work too', async () => {
    const res = await getList(server, {
      filter: `loanId eq ${book.loans.acme}`,
      orderBy: 'dueDate desc',
      top: '2',
      skip: '0',
      select: 'id',
      count: 'true',
    });
    expect(res.body).toEqual({
      success: true,
      data: [{ id: book.repayments.acme[2] }, { id: book.repayments.acme[1] }],
      count: 3,
    });
  });
});

describe('$select and $expand', () => {
  it('$select returns only the fields asked for', async () => {
    const res = await getList(server, { $select: 'principalDue,id', $filter: `id eq ${book.repayments.obrien[0]}` });
    expect(res.body.data).toEqual([{ principalDue: 0.1, id: book.repayments.obrien[0] }]);
  });

  it('$expand nests each relation under its name, null when the join found nothing', async () => {
    const res = await getList(server, {
      $expand: 'loan/client,loan/details',
      $select: 'id',
      $filter: `id in (${book.repayments.acme[0]}, ${book.repayments.bright[0]})`,
      $orderby: 'id',
    });
    expect(res.body.data).toEqual([
      {
        id: book.repayments.acme[0],
        loan: {
          id: book.loans.acme,
          name: 'Acme fit-out',
          thirdPartyId: 'TP-1',
          amount: 120000.1,
          baseInterestRate: 12.5,
          status: 'ACTIVE',
          fundedDate: '2027-03-04T13:30:00.000Z',
          client: { id: book.clients.acme, name: 'Acme Pty Ltd' },
          details: { loanId: book.loans.acme, industryType: 'Services', companyRevenue: 1500000.55 },
        },
      },
      {
        id: book.repayments.bright[0],
        loan: {
          id: book.loans.bright,
          name: 'Bright fleet',
          thirdPartyId: null,
          amount: 120000.2,
          baseInterestRate: 9.75,
          status: 'FUNDING',
          fundedDate: null,
          client: { id: book.clients.bright, name: 'Bright_Co 100%' },
          details: null,
        },
      },
    ]);
  });

  it('a relation field in $select expands that relation with only the fields chosen', async () => {
    const res = await getList(server, {
      $select: 'id,loan/name,loan/client/name',
      $filter: `id eq ${book.repayments.obrien[2]}`,
    });
    expect(res.body.data).toEqual([
      { id: book.repayments.obrien[2], loan: { name: "O'Brien stock", client: { name: "O'Brien Holdings" } } },
    ]);
  });

  it('relations used only in $filter and $orderby are joined but not returned', async () => {
    const res = await getList(server, {
      $filter: "loan/client/name eq 'Acme Pty Ltd'",
      $orderby: 'loan/name,dueDate',
      $select: 'id,status',
      $count: 'true',
    });
    expect(res.body).toEqual({
      success: true,
      data: book.repayments.acme.map((id, index) => ({ id, status: index === 0 ? 'PAID' : 'UNPAID' })),
      count: 3,
    });
  });
});

describe('a trusted extra condition', () => {
  it('scopes the rows and the count', async () => {
    const scoped = await runList(
      t.ctx.db,
      demoRepayments,
      { $filter: "status ne 'PAID'", $count: 'true' },
      { where: sql`r.loan_id = ${book.loans.obrien}` },
    );
    expect(scoped.count).toBe(1);
    expect(scoped.rows.map((row) => row.id)).toEqual([book.repayments.obrien[2]]);
  });
});

describe('whitelists and values: a 400 naming the bad token', () => {
  it.each([
    [{ $filter: "foo eq 'x'" }, "Unknown field 'foo' in $filter"],
    [{ $filter: "loan/foo eq 'x'" }, "Unknown field 'loan/foo' in $filter"],
    [{ $filter: "nope/status eq 'x'" }, "Unknown field 'nope/status' in $filter"],
    [{ $filter: "loan eq 'x'" }, "Unknown field 'loan' in $filter ('loan' is a relation)"],
    [{ $filter: 'constructor eq 1' }, "Unknown field 'constructor' in $filter"],
    [{ $filter: '__proto__ eq 1' }, "Unknown field '__proto__' in $filter"],
    [{ $filter: 'gstAmount eq 1' }, "Field 'gstAmount' cannot be used in $filter"],
    [{ $orderby: 'stampDutyAmount' }, "Field 'stampDutyAmount' cannot be used in $orderby"],
    [{ $orderby: 'foo desc' }, "Unknown field 'foo' in $orderby"],
    [{ $orderby: 'loan/nope' }, "Unknown field 'loan/nope' in $orderby"],
    [{ $select: 'id,foo' }, "Unknown field 'foo' in $select"],
    [{ $select: 'loan' }, "Unknown field 'loan' in $select ('loan' is a relation)"],
    [{ $select: 'loan/nope' }, "Unknown field 'loan/nope' in $select"],
    [{ $expand: 'loan/nope' }, "Unknown relation 'loan/nope' in $expand"],
    [{ $expand: 'status' }, "Unknown relation 'status' in $expand"],
    [
      { $filter: "id eq 'abc'" },
      "Value 'abc' at position 6 does not fit integer field 'id' in $filter: expected a whole number",
    ],
    [
      { $filter: 'id eq 1.5' },
      "Value '1.5' at position 6 does not fit integer field 'id' in $filter: expected a whole number",
    ],
    [
      { $filter: 'id eq 9223372036854775808' },
      "Value '9223372036854775808' at position 6 does not fit integer field 'id' in $filter: expected a whole number in range",
    ],
    [
      { $filter: "principalDue eq 'abc'" },
      "Value 'abc' at position 16 does not fit money field 'principalDue' in $filter: expected an amount with at most two decimal places",
    ],
    [
      { $filter: 'principalDue eq 0.105' },
      "Value '0.105' at position 16 does not fit money field 'principalDue' in $filter: expected an amount with at most two decimal places",
    ],
    [
      { $filter: 'status eq 5' },
      "Value '5' at position 10 does not fit string field 'status' in $filter: expected a quoted string",
    ],
    [
      { $filter: 'isArchived eq 1' },
      "Value '1' at position 14 does not fit boolean field 'isArchived' in $filter: expected true or false",
    ],
    [
      { $filter: 'dueDate eq 2027-03-05T00:00:00Z' },
      "Value '2027-03-05T00:00:00Z' at position 11 does not fit date field 'dueDate' in $filter: expected a date such as 2027-03-05",
    ],
    [
      { $filter: "dueDate eq '2027-02-30'" },
      "Value '2027-02-30' at position 11 does not fit date field 'dueDate' in $filter: expected a date such as 2027-03-05",
    ],
    [
      { $filter: "createdAt gt 'soon'" },
      "Value 'soon' at position 13 does not fit datetime field 'createdAt' in $filter: expected a date-time such as 2027-03-05T10:00:00+11:00, or a date",
    ],
    [
      { $filter: 'loan/baseInterestRate eq true' },
      "Value 'true' at position 25 does not fit decimal field 'loan/baseInterestRate' in $filter: expected a number",
    ],
    [
      { $filter: 'id gt null' },
      "null cannot be compared with 'gt' at position 3 in $filter (only eq null and ne null)",
    ],
    [
      { $filter: "contains(principalDue,'1')" },
      "contains needs a text field, and 'principalDue' is money (position 9 in $filter)",
    ],
    [{ $filter: 'status' }, "Expected a comparison after 'status' at position 0 in $filter"],
    [{ $filter: 'id eq 5)' }, "Unexpected token ')' at position 7 in $filter"],
  ])('%j', async (options, message) => expect(await refused(options)).toBe(message));
});

describe('resource definitions are checked', () => {
  it('a missing id field or an unusable default order is our mistake, not the client’s', async () => {
    const noId: ListResource = { ...demoRepayments, idField: 'nope' };
    await expect(runList(t.ctx.db, noId, {})).rejects.toThrow("the id field 'nope' is not a field");
    const badOrder: ListResource = { ...demoRepayments, defaultOrderBy: 'nope desc' };
    await expect(runList(t.ctx.db, badOrder, {})).rejects.toThrow("defaultOrderBy 'nope desc' is not valid");
    const clash: ListResource = {
      ...demoRepayments,
      fields: { ...demoRepayments.fields, loan: { sql: 'r.id', type: 'integer' } },
    };
    await expect(runList(t.ctx.db, clash, {})).rejects.toThrow("'loan' is both a field and a relation");
  });
});
