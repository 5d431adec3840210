import { AppError } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import {
  type FilterExpression,
  filterCharsMax,
  inValuesMax,
  isValidDate,
  isValidDateTime,
  parseFilter,
} from './filter-parser';
import { readListQuery } from './query-options';

/** A compact rendering of the tree, so each test reads as one line. */
function show(expression: FilterExpression): string {
  switch (expression.kind) {
    case 'and':
    case 'or':
      return `(${expression.operands.map(show).join(` ${expression.kind.toUpperCase()} `)})`;
    case 'not':
      return `NOT ${show(expression.operand)}`;
    case 'compare':
      return `${expression.field.path.join('.')} ${expression.operator} ${expression.value.kind}:${expression.value.kind === 'string' ? expression.value.value : expression.value.source}`;
    case 'in':
      return `${expression.field.path.join('.')} IN [${expression.values.map((v) => `${v.kind}:${v.kind === 'string' ? v.value : v.source}`).join(', ')}]`;
    case 'text':
      return `${expression.function}(${expression.field.path.join('.')}, ${expression.value.value})`;
    case 'isTrue':
      return `${expression.field.path.join('.')} IS TRUE`;
  }
}

const parsed = (text: string) => show(parseFilter(text));

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_QUERY');
    return (error as AppError).userMessage;
  }
  throw new Error('expected an INVALID_QUERY refusal');
}

describe('$filter comparisons', () => {
  it.each([
    ['id eq 5', 'id eq number:5'],
    ['id ne 5', 'id ne number:5'],
    ['id gt 5', 'id gt number:5'],
    ['id ge 5', 'id ge number:5'],
    ['id lt 5', 'id lt number:5'],
    ['id le 5', 'id le number:5'],
    ['id EQ 5', 'id eq number:5'],
  ])('%s', (text, expected) => expect(parsed(text)).toBe(expected));

  it('a value on the left is turned around', () => {
    expect(parsed('5 lt id')).toBe('id gt number:5');
    expect(parsed('5 ge id')).toBe('id le number:5');
    expect(parsed("'ACTIVE' eq status")).toBe('status eq string:ACTIVE');
  });

  it('nested fields through relations', () => {
    expect(parsed("loan/status eq 'ACTIVE'")).toBe('loan.status eq string:ACTIVE');
    expect(parsed("repayment/loan/client/name eq 'x'")).toBe('repayment.loan.client.name eq string:x');
  });
});

describe('$filter literals', () => {
  it('strings, with two quotes for one', () => {
    expect(parsed("name eq 'O''Brien'")).toBe("name eq string:O'Brien");
    expect(parsed("name eq ''")).toBe('name eq string:');
    expect(parsed("name eq ''''")).toBe("name eq string:'");
    expect(parsed("name eq 'a and b or (c)'")).toBe('name eq string:a and b or (c)');
    expect(parsed("name eq 'ünïcødé 😀'")).toBe('name eq string:ünïcødé 😀');
  });

  it('numbers keep their exact text', () => {
    expect(parsed('amount eq 120000.10')).toBe('amount eq number:120000.10');
    expect(parsed('amount ge -0.01')).toBe('amount ge number:-0.01');
    expect(parsed('id eq 123456789012345678901234567890')).toBe('id eq number:123456789012345678901234567890');
  });

  it('booleans and null, in any case', () => {
    expect(parsed('isForeign eq true')).toBe('isForeign eq boolean:true');
    expect(parsed('isForeign eq FALSE')).toBe('isForeign eq boolean:FALSE');
    expect(parsed('finalisedDate eq null')).toBe('finalisedDate eq null:null');
    expect(parsed('finalisedDate ne Null')).toBe('finalisedDate ne null:Null');
  });

  it('dates and date-times', () => {
    expect(parsed('dueDate ge 2027-03-05')).toBe('dueDate ge date:2027-03-05');
    expect(parsed('createdDate lt 2027-03-05T10:00:00+11:00')).toBe(
      'createdDate lt datetime:2027-03-05T10:00:00+11:00',
    );
    expect(parsed('createdDate lt 2027-03-04T23:00Z')).toBe('createdDate lt datetime:2027-03-04T23:00Z');
    expect(parsed('createdDate lt 2027-03-04T23:00:00.123456-05:30')).toBe(
      'createdDate lt datetime:2027-03-04T23:00:00.123456-05:30',
    );
  });

  it('calendar checks', () => {
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2027-02-29')).toBe(false);
    expect(isValidDate('2100-02-29')).toBe(false);
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('0000-01-01')).toBe(false);
    expect(isValidDate('2027-13-01')).toBe(false);
    expect(isValidDateTime('2027-03-05T24:00:00Z')).toBe(false);
    expect(isValidDateTime('2027-03-05T10:60:00Z')).toBe(false);
    expect(isValidDateTime('2027-03-05T10:00:00+15:00')).toBe(false);
    expect(isValidDateTime('2027-03-05T10:00:00')).toBe(false); // no offset: which instant?
  });
});

describe('$filter functions and lists', () => {
  it('contains, startswith, endswith', () => {
    expect(parsed("contains(name,'ab')")).toBe('contains(name, ab)');
    expect(parsed("startswith(name, 'ab')")).toBe('startswith(name, ab)');
    expect(parsed("EndsWith(loan/name,'%_')")).toBe('endswith(loan.name, %_)');
  });

  it('a function compared with a boolean', () => {
    expect(parsed("contains(name,'ab') eq true")).toBe('contains(name, ab)');
    expect(parsed("contains(name,'ab') eq false")).toBe('NOT contains(name, ab)');
    expect(parsed("contains(name,'ab') ne true")).toBe('NOT contains(name, ab)');
    expect(parsed("contains(name,'ab') ne false")).toBe('contains(name, ab)');
  });

  it('in lists, null among them', () => {
    expect(parsed("status in ('A','B')")).toBe('status IN [string:A, string:B]');
    expect(parsed('id in (1, 2, null)')).toBe('id IN [number:1, number:2, null:null]');
    expect(parsed('id in (1)')).toBe('id IN [number:1]');
  });

  it('a boolean field on its own', () => {
    expect(parsed('isForeign')).toBe('isForeign IS TRUE');
    expect(parsed('not isForeign')).toBe('NOT isForeign IS TRUE');
  });
});

describe('$filter precedence: not > and > or', () => {
  it('and binds tighter than or', () => {
    expect(parsed('a eq 1 or b eq 2 and c eq 3')).toBe('(a eq number:1 OR (b eq number:2 AND c eq number:3))');
    expect(parsed('a eq 1 and b eq 2 or c eq 3')).toBe('((a eq number:1 AND b eq number:2) OR c eq number:3)');
  });

  it('not binds tighter than and', () => {
    expect(parsed('not a eq 1 and b eq 2')).toBe('(NOT a eq number:1 AND b eq number:2)');
    expect(parsed('not not a eq 1')).toBe('NOT NOT a eq number:1');
  });

  it('parentheses override', () => {
    expect(parsed('(a eq 1 or b eq 2) and c eq 3')).toBe('((a eq number:1 OR b eq number:2) AND c eq number:3)');
    expect(parsed('not (a eq 1 or b eq 2)')).toBe('NOT (a eq number:1 OR b eq number:2)');
    expect(parsed('((((a eq 1))))')).toBe('a eq number:1');
  });

  it('chains of and/or are flat', () => {
    expect(parsed('a eq 1 and b eq 2 and c eq 3')).toBe('(a eq number:1 AND b eq number:2 AND c eq number:3)');
  });
});

describe('$filter errors name the bad token', () => {
  it.each([
    ['id eq 5)', "Unexpected token ')' at position 7 in $filter"],
    ['(id eq 5', "Unexpected end of $filter after '5'"],
    ['id eq', "Unexpected end of $filter after 'eq'"],
    ['id eq 5 id eq 6', "Unexpected token 'id' at position 8 in $filter"],
    ['id eq eq', "Unexpected token 'eq' at position 6 in $filter"],
    ['and id eq 1', "Unexpected token 'and' at position 0 in $filter"],
    ["name eq 'abc", "Unterminated string ''abc' at position 8 in $filter: close it with '"],
    ['id eq 5 ; drop', "Unexpected character ';' at position 8 in $filter"],
    ['id eq 12abc', "Invalid value '12abc' at position 6 in $filter"],
    ['id eq 1.2.3', "Invalid value '1.2.3' at position 6 in $filter"],
    ['dueDate eq 2027-02-30', "Invalid date '2027-02-30' at position 11 in $filter"],
    ['createdDate eq 2027-03-05T25:00:00Z', "Invalid date-time '2027-03-05T25:00:00Z' at position 15 in $filter"],
    [
      "tolower(name) eq 'x'",
      "Unknown function 'tolower' at position 0 in $filter (use contains, startswith or endswith)",
    ],
    ["contains('x', name)", "The first argument of contains at position 0 in $filter must be a field, not 'x'"],
    ['contains(name, 5)', "The second argument of contains at position 0 in $filter must be a quoted string, not '5'"],
    ["contains(name,'x') eq 5", "Unexpected token '5' at position 22 in $filter"],
    [
      'a eq b',
      "Comparing field 'a' with field 'b' at position 2 in $filter is not supported: compare a field with a value",
    ],
    ['1 eq 2', "The comparison at position 2 in $filter needs a field on one side, not only '1' and '2'"],
    ['5', "Unexpected end of $filter after '5'"],
    ['id in 5', "Unexpected token '5' at position 6 in $filter"],
    ['id in ()', "Unexpected token ')' at position 7 in $filter"],
    ['id in (1 2)', "Unexpected token '2' at position 9 in $filter"],
    ['id in (1, other)', "Expected a value in the list of 'id' in $filter, not the field 'other' (position 10)"],
    ['loan/ eq 1', "Unexpected character '/' at position 4 in $filter"],
    ['id eq 5\u0001', 'Unexpected character U+0001 at position 7 in $filter'],
    ["name eq 'a\u0000b'", 'Character U+0000 at position 10 is not allowed in $filter'],
    ['naïve eq 1', "Unexpected character 'ï' at position 2 in $filter"],
    ['id eq -', "Unexpected character '-' at position 6 in $filter"],
  ])('%s', (text, message) => expect(refusal(() => parseFilter(text))).toBe(message));

  it('a long token is cut in the message', () => {
    const long = `id eq 1 '${'x'.repeat(100)}'`;
    expect(refusal(() => parseFilter(long))).toBe(`Unexpected token ''${'x'.repeat(39)}...' at position 8 in $filter`);
  });

  it(`nesting is at most 20 levels (parentheses and not)`, () => {
    expect(parsed(`${'('.repeat(20)}a eq 1${')'.repeat(20)}`)).toBe('a eq number:1');
    expect(refusal(() => parseFilter(`${'('.repeat(21)}a eq 1${')'.repeat(21)}`))).toBe(
      "$filter nests deeper than 20 levels at '(' (position 20)",
    );
    expect(refusal(() => parseFilter(`${'not '.repeat(21)}a eq 1`))).toBe(
      "$filter nests deeper than 20 levels at 'not' (position 80)",
    );
  });

  it(`at most ${inValuesMax} values in a list`, () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
    expect(parsed(`id in (${values(inValuesMax)})`)).toMatch(/^id IN \[/);
    expect(refusal(() => parseFilter(`id in (${values(inValuesMax + 1)})`))).toBe(
      "More than 100 values in the list of 'id' at position 0 in $filter",
    );
  });

  it(`at most ${filterCharsMax} characters`, () => {
    const atLimit = `name eq '${'x'.repeat(filterCharsMax - 10)}'`;
    expect(atLimit.length).toBe(filterCharsMax);
    expect(parsed(atLimit)).toMatch(/^name eq string:x+$/);
    expect(refusal(() => parseFilter(`${atLimit} `))).toBe('$filter is too long (4001 characters; at most 4000)');
  });
});

describe('the other options', () => {
  it('reads every option, with or without $, in any case', () => {
    const query = readListQuery({
      $filter: 'id eq 1',
      orderBy: 'name desc, id',
      top: '25',
      $SKIP: '50',
      select: 'id,name',
      $expand: 'loan,loan/client',
      count: 'TRUE',
      pending: 'true', // the route's own parameter
    });
    expect(query.filter && show(query.filter)).toBe('id eq number:1');
    expect(query.orderBy).toEqual([
      { path: ['name'], source: 'name', descending: true },
      { path: ['id'], source: 'id', descending: false },
    ]);
    expect(query.top).toBe(25);
    expect(query.skip).toBe(50);
    expect(query.count).toBe('exact');
    expect(query.select?.map((item) => item.source)).toEqual(['id', 'name']);
    expect(query.expand.map((item) => item.path)).toEqual([['loan'], ['loan', 'client']]);
  });

  it('empty options are absent', () => {
    const query = readListQuery({ $filter: '  ', $top: '', $select: '*' });
    expect(query).toMatchObject({ filter: null, top: null, select: null, skip: 0, count: 'none', orderBy: null });
  });

  it.each([
    [{ $top: '1001' }, "$top must be a whole number from 0 to 1000, not '1001'"],
    [{ $top: '-1' }, "$top must be a whole number from 0 to 1000, not '-1'"],
    [{ $top: '1e3' }, "$top must be a whole number from 0 to 1000, not '1e3'"],
    [{ $skip: 'x' }, "$skip must be a whole number from 0 to 9007199254740991, not 'x'"],
    [
      { $skip: '99999999999999999' },
      "$skip must be a whole number from 0 to 9007199254740991, not '99999999999999999'",
    ],
    [{ $count: 'yes' }, "$count must be true, false or estimate, not 'yes'"],
    [
      { $search: 'x' },
      "Unknown query option '$search' (use $filter, $orderby, $top, $skip, $select, $expand or $count)",
    ],
    [{ $top: ['1', '2'] }, "Query option '$top' is given more than once"],
    [{ $top: '1', top: '2' }, "Query option $top is given twice, as '$top' and 'top'"],
    [{ $orderby: 'name up' }, "Unknown sort direction 'up' in $orderby (use asc or desc)"],
    [{ $orderby: 'name asc desc' }, "Unexpected 'desc' in $orderby"],
    [{ $orderby: 'name,,id' }, "Unexpected ',' at position 5 in $orderby"],
    [{ $orderby: 'name,' }, "Unexpected end of $orderby after ','"],
    [{ $select: 'id name' }, "Unexpected 'id name' in $select"],
    [{ $expand: ',loan' }, "Unexpected ',' at position 0 in $expand"],
    [
      { $orderby: Array.from({ length: 21 }, () => 'id').join(',') },
      "Too many sort keys in $orderby at 'id' (at most 20)",
    ],
  ])('%j', (query, message) => expect(refusal(() => readListQuery(query))).toBe(message));
});
