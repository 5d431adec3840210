import { moneyStringToNumber, sydneyDate } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import { sydneyMidnight as sydneyDayStart } from '../db/sydney-sql';
import { invalidQuery, quoteToken } from './errors';
import {
  type ComparisonOperator,
  type FieldPath,
  type FilterExpression,
  isValidDate,
  isValidDateTime,
  type Literal,
} from './filter-parser';
import {
  countExactMax,
  defaultPageSize,
  type ListQuery,
  type OrderItem,
  type PathItem,
  parseOrderBy,
} from './query-options';
import type { FieldDef, FieldType, ListOptions, ListResource, RelationDef } from './types';

/**
 * Binds a parsed list query to one resource's whitelist and writes the SQL. Only the resource's
 * own trusted SQL goes in as text (`sql.raw`); every value from the client is a parameter, sent
 * as text and cast to the field's type by PostgreSQL. Comparisons use two-valued logic, as OData
 * does: `ne` is IS DISTINCT FROM, and `not` turns an unknown (null) into true.
 */

type Sql = RawBuilder<unknown>;

interface Scope {
  fields: Record<string, FieldDef>;
  relations?: Record<string, RelationDef>;
}

interface ResolvedField {
  def: FieldDef;
  expression: Sql;
  /** The relations the field is reached through, outermost first. */
  relationPath: string[];
}

const ownKey = (record: object | undefined, key: string): boolean => record !== undefined && Object.hasOwn(record, key);

/** What a client must write for each field type (used in messages). */
const expectedValue: Record<FieldType, string> = {
  string: 'a quoted string',
  integer: 'a whole number',
  money: 'an amount with at most two decimal places',
  decimal: 'a number',
  boolean: 'true or false',
  date: 'a date such as 2027-03-05',
  datetime: 'a date-time such as 2027-03-05T10:00:00+11:00, or a date',
};

const int8Min = -(2n ** 63n);
const int8Max = 2n ** 63n - 1n;

/**
 * A parameter sent as text and cast by PostgreSQL: no driver ever guesses its type. Dates and
 * date-times go through immutable casts (migration 0190): PostgreSQL's own casts from text to them
 * are only stable, so a filter would parse the text again for every row it scans.
 */
function parameter(text: string, sqlType: 'text' | 'bigint' | 'numeric' | 'boolean' | 'date' | 'timestamptz'): Sql {
  if (sqlType === 'text') return sql`cast(${text} as text)`;
  if (sqlType === 'date') return sql`list_query_date(cast(${text} as text))`;
  if (sqlType === 'timestamptz') return sql`list_query_timestamptz(cast(${text} as text))`;
  return sql`cast(cast(${text} as text) as ${sql.raw(sqlType)})`;
}

/** A typed value, or for a date-time field compared with a date, that Sydney calendar day. */
type TypedValue = { kind: 'value'; sql: Sql } | { kind: 'day'; date: string };

function sydneyMidnight(date: string, plusDays: 0 | 1): Sql {
  const day = plusDays === 0 ? parameter(date, 'date') : sql`(${parameter(date, 'date')} + 1)`;
  return sydneyDayStart(day);
}

const sqlOperator: Record<Exclude<ComparisonOperator, 'ne'>, string> = {
  eq: '=',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
};

function compareValue(expression: Sql, operator: ComparisonOperator, value: TypedValue): Sql {
  if (value.kind === 'value') {
    if (operator === 'ne') return sql`(${expression} is distinct from ${value.sql})`;
    return sql`(${expression} ${sql.raw(sqlOperator[operator])} ${value.sql})`;
  }
  // a date against a date-time: the whole Sydney day, as ranges an index can serve
  const start = sydneyMidnight(value.date, 0);
  const end = sydneyMidnight(value.date, 1);
  switch (operator) {
    case 'eq':
      return sql`(${expression} >= ${start} and ${expression} < ${end})`;
    case 'ne':
      return sql`(${expression} < ${start} or ${expression} >= ${end} or ${expression} is null)`;
    case 'gt':
      return sql`(${expression} >= ${end})`;
    case 'ge':
      return sql`(${expression} >= ${start})`;
    case 'lt':
      return sql`(${expression} < ${start})`;
    case 'le':
      return sql`(${expression} < ${end})`;
  }
}

/** Escapes LIKE's own characters so the client's text matches literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ListPlan {
  listQuery: RawBuilder<Record<string, unknown>>;
  /** $count=true: the exact total; $count=estimate: the total counted up to countExactMax + 1 rows. */
  countQuery: RawBuilder<{ total: number | string }> | null;
  /** $count=estimate: the planner's plan of the matching rows (EXPLAIN, nothing runs), for its row estimate. */
  estimateQuery: RawBuilder<Record<string, unknown>> | null;
  toRow(raw: Record<string, unknown>): Record<string, unknown>;
}

interface OutputField {
  name: string;
  alias: string;
  type: FieldType;
  returned: boolean;
}

interface OutputRelation {
  name: string;
  fields: OutputField[];
  relations: OutputRelation[];
}

class ListTranslator {
  /** Joins by relation path ('repayment/loan'), parents before children. */
  private readonly filterJoins = new Map<string, string>();
  private readonly otherJoins = new Map<string, string>();

  constructor(private readonly resource: ListResource) {}

  private relationAt(path: string[]): RelationDef | undefined {
    let scope: Scope = this.resource;
    let relation: RelationDef | undefined;
    for (const name of path) {
      if (!ownKey(scope.relations, name)) return undefined;
      relation = scope.relations?.[name] as RelationDef;
      scope = relation;
    }
    return relation;
  }

  private useRelation(path: string[], joins: Map<string, string>): void {
    for (let length = 1; length <= path.length; length++) {
      const key = path.slice(0, length).join('/');
      const relation = this.relationAt(path.slice(0, length)) as RelationDef;
      if (!this.filterJoins.has(key) && !joins.has(key)) joins.set(key, relation.join);
    }
  }

  private resolve(item: { path: string[]; source: string }, option: string, joins: Map<string, string>): ResolvedField {
    const relationPath = item.path.slice(0, -1);
    const name = item.path.at(-1) ?? '';
    const scope: Scope | undefined = relationPath.length === 0 ? this.resource : this.relationAt(relationPath);
    if (scope === undefined || !ownKey(scope.fields, name)) {
      const isRelation = scope !== undefined && ownKey(scope.relations, name);
      throw invalidQuery(
        `Unknown field ${quoteToken(item.source)} in ${option}${isRelation ? ` (${quoteToken(item.source)} is a relation)` : ''}`,
      );
    }
    const def = scope.fields[name] as FieldDef;
    if (option === '$filter' && def.filter === false) {
      throw invalidQuery(`Field ${quoteToken(item.source)} cannot be used in $filter`);
    }
    if (option === '$orderby' && def.sort === false) {
      throw invalidQuery(`Field ${quoteToken(item.source)} cannot be used in $orderby`);
    }
    this.useRelation(relationPath, joins);
    return { def, expression: sql`(${sql.raw(def.sql)})`, relationPath };
  }

  // ---- $filter ------------------------------------------------------------------------------

  filter(expression: FilterExpression): Sql {
    switch (expression.kind) {
      case 'and':
      case 'or':
        return sql`(${sql.join(
          expression.operands.map((operand) => this.filter(operand)),
          sql.raw(` ${expression.kind} `),
        )})`;
      case 'not':
        return sql`((${this.filter(expression.operand)}) is not true)`;
      case 'isTrue': {
        const field = this.resolve(expression.field, '$filter', this.filterJoins);
        if (field.def.type !== 'boolean') {
          throw invalidQuery(
            `Expected a comparison after ${quoteToken(expression.field.source)} at position ${expression.field.position} in $filter`,
          );
        }
        return sql`(${field.expression} = true)`;
      }
      case 'compare': {
        const field = this.resolve(expression.field, '$filter', this.filterJoins);
        const { value, operator } = expression;
        if (value.kind === 'null') {
          if (operator === 'eq') return sql`(${field.expression} is null)`;
          if (operator === 'ne') return sql`(${field.expression} is not null)`;
          throw invalidQuery(
            `null cannot be compared with ${quoteToken(expression.operatorSource)} at position ${expression.position} in $filter (only eq null and ne null)`,
          );
        }
        return compareValue(field.expression, operator, this.typedValue(field, expression.field, value));
      }
      case 'in': {
        const field = this.resolve(expression.field, '$filter', this.filterJoins);
        const hasNull = expression.values.some((value) => value.kind === 'null');
        const typed = expression.values
          .filter((value) => value.kind !== 'null')
          .map((value) => this.typedValue(field, expression.field, value));
        const conditions: Sql[] = [];
        const plain = typed.flatMap((value) => (value.kind === 'value' ? [value.sql] : []));
        if (plain.length > 0) conditions.push(sql`${field.expression} in (${sql.join(plain)})`);
        for (const value of typed)
          if (value.kind === 'day') conditions.push(compareValue(field.expression, 'eq', value));
        if (hasNull) conditions.push(sql`${field.expression} is null`);
        return sql`(${sql.join(conditions, sql` or `)})`;
      }
      case 'text': {
        const field = this.resolve(expression.field, '$filter', this.filterJoins);
        if (field.def.type !== 'string') {
          throw invalidQuery(
            `${expression.function} needs a text field, and ${quoteToken(expression.field.source)} is ${field.def.type} (position ${expression.field.position} in $filter)`,
          );
        }
        const escaped = escapeLike(expression.value.value);
        const pattern =
          expression.function === 'contains'
            ? `%${escaped}%`
            : expression.function === 'startswith'
              ? `${escaped}%`
              : `%${escaped}`;
        return sql`(cast(${field.expression} as text) ilike ${parameter(pattern, 'text')} escape '\\')`;
      }
    }
  }

  private typedValue(field: ResolvedField, path: FieldPath, value: Literal): TypedValue {
    const type = field.def.type;
    const mismatch = (detail = expectedValue[type]) =>
      invalidQuery(
        `Value ${quoteToken(value.source)} at position ${value.position} does not fit ${type} field ${quoteToken(path.source)} in $filter: expected ${detail}`,
      );
    const isNumber = value.kind === 'number';
    switch (type) {
      case 'string':
        if (value.kind !== 'string') throw mismatch();
        return { kind: 'value', sql: parameter(value.value, 'text') };
      case 'integer': {
        if (!isNumber || value.source.includes('.')) throw mismatch();
        const n = BigInt(value.source);
        if (n < int8Min || n > int8Max) throw mismatch('a whole number in range');
        return { kind: 'value', sql: parameter(value.source, 'bigint') };
      }
      case 'money':
        if (!isNumber || (value.source.split('.')[1]?.length ?? 0) > 2) throw mismatch();
        return { kind: 'value', sql: parameter(value.source, 'numeric') };
      case 'decimal':
        if (!isNumber) throw mismatch();
        return { kind: 'value', sql: parameter(value.source, 'numeric') };
      case 'boolean':
        if (value.kind !== 'boolean') throw mismatch();
        return { kind: 'value', sql: parameter(value.value ? 'true' : 'false', 'boolean') };
      case 'date': {
        const text = value.kind === 'date' ? value.source : value.kind === 'string' ? value.value : null;
        if (text === null || !isValidDate(text)) throw mismatch();
        return { kind: 'value', sql: parameter(text, 'date') };
      }
      case 'datetime': {
        const text =
          value.kind === 'date' || value.kind === 'datetime'
            ? value.source
            : value.kind === 'string'
              ? value.value
              : null;
        if (text !== null && isValidDateTime(text)) return { kind: 'value', sql: parameter(text, 'timestamptz') };
        if (text !== null && isValidDate(text)) return { kind: 'day', date: text };
        throw mismatch();
      }
    }
  }

  // ---- $orderby -----------------------------------------------------------------------------

  orderBy(items: OrderItem[]): Sql {
    const keys = items.map((item) => ({ item, field: this.resolve(item, '$orderby', this.otherJoins) }));
    const idField = this.resource.idField ?? 'id';
    const first = items[0];
    if (!keys.some(({ item }) => item.path.length === 1 && item.path[0] === idField)) {
      // a unique last key, in the first key's direction, makes paging stable
      const item: OrderItem = { path: [idField], source: idField, descending: first?.descending ?? false };
      keys.push({ item, field: this.resolve(item, '', this.otherJoins) });
    }
    return sql.join(
      keys.map(({ item, field }) => sql`${field.expression} ${sql.raw(item.descending ? 'desc' : 'asc')}`),
    );
  }

  // ---- $select and $expand ------------------------------------------------------------------

  output(
    select: PathItem[] | null,
    expand: PathItem[],
  ): {
    columns: Sql[];
    fields: OutputField[];
    relations: OutputRelation[];
  } {
    const columns: Sql[] = [];
    const column = (def: FieldDef): string => {
      const alias = `c${columns.length}`;
      columns.push(sql`(${sql.raw(def.sql)}) as ${sql.raw(alias)}`);
      return alias;
    };

    // which relations to expand, and which of their fields a $select asked for
    const expanded = new Map<string, Set<string> | null>();
    const expandPath = (path: string[], source: string, option: string) => {
      if (this.relationAt(path) === undefined)
        throw invalidQuery(`Unknown relation ${quoteToken(source)} in ${option}`);
      for (let length = 1; length <= path.length; length++) {
        const key = path.slice(0, length).join('/');
        if (!expanded.has(key)) expanded.set(key, null);
      }
    };
    for (const item of expand) expandPath(item.path, item.source, '$expand');

    let rootNames: string[];
    if (select === null) {
      rootNames = Object.keys(this.resource.fields);
    } else {
      rootNames = [];
      for (const item of select) {
        if (item.path.length === 1) {
          this.resolve(item, '$select', this.otherJoins);
          if (!rootNames.includes(item.source)) rootNames.push(item.source);
          continue;
        }
        // relation/field: expands the relation and returns only the fields selected from it
        const relationPath = item.path.slice(0, -1);
        const name = item.path.at(-1) ?? '';
        const relation = this.relationAt(relationPath);
        if (relation === undefined || !ownKey(relation.fields, name)) {
          throw invalidQuery(`Unknown field ${quoteToken(item.source)} in $select`);
        }
        expandPath(relationPath, item.source, '$select');
        const key = relationPath.join('/');
        const chosen = expanded.get(key) ?? new Set<string>();
        chosen.add(name);
        expanded.set(key, chosen);
      }
    }

    const fields = rootNames.map((name) => {
      const def = this.resource.fields[name] as FieldDef;
      return { name, alias: column(def), type: def.type, returned: true };
    });

    const build = (scope: Scope, prefix: string[]): OutputRelation[] => {
      const result: OutputRelation[] = [];
      for (const [name, relation] of Object.entries(scope.relations ?? {})) {
        const path = [...prefix, name];
        const key = path.join('/');
        if (!expanded.has(key)) continue;
        this.useRelation(path, this.otherJoins);
        const chosen = expanded.get(key) ?? null;
        // every field is read, so that "the join found nothing" can be told apart
        const relationFields = Object.entries(relation.fields).map(([fieldName, def]) => ({
          name: fieldName,
          alias: column(def),
          type: def.type,
          returned: chosen === null || chosen.has(fieldName),
        }));
        result.push({ name, fields: relationFields, relations: build(relation, path) });
      }
      return result;
    };
    return { columns, fields, relations: build(this.resource, []) };
  }

  joins(which: 'filter' | 'all'): Sql {
    const joins = which === 'filter' ? this.filterJoins : new Map([...this.filterJoins, ...this.otherJoins]);
    const list = [...joins.values()];
    return list.length === 0
      ? sql``
      : sql.join(
          list.map((join) => sql.raw(join)),
          sql` `,
        );
  }
}

/** The JSON value of a column: money exact to the cent, dates as YYYY-MM-DD, instants as ISO strings. */
export function toJsonValue(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'money':
      return moneyStringToNumber(String(value));
    case 'decimal':
    case 'integer':
      return Number(value);
    case 'boolean':
      return value === true || value === 't' || value === 'true';
    case 'date':
      return value instanceof Date ? sydneyDate(value) : String(value).slice(0, 10);
    case 'datetime':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    case 'string':
      return String(value);
  }
}

function assemble(
  raw: Record<string, unknown>,
  fields: OutputField[],
  relations: OutputRelation[],
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of fields) if (field.returned) row[field.name] = toJsonValue(field.type, raw[field.alias]);
  for (const relation of relations) {
    const found = relation.fields.some((field) => raw[field.alias] !== null && raw[field.alias] !== undefined);
    row[relation.name] = found ? assemble(raw, relation.fields, relation.relations) : null;
  }
  return row;
}

/** Plans the SQL of one list request; a bad token anywhere is an INVALID_QUERY naming it. */
export function planList(resource: ListResource, query: ListQuery, options: ListOptions = {}): ListPlan {
  const translator = new ListTranslator(resource);
  const conditions: Sql[] = [];
  if (query.filter !== null) conditions.push(translator.filter(query.filter));
  if (options.where !== undefined) conditions.push(sql`(${options.where})`);
  const orderBy = translator.orderBy(query.orderBy ?? parseOrderBy(resource.defaultOrderBy));
  const { columns, fields, relations } = translator.output(query.select, query.expand);
  const where = conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
  const top = query.top ?? resource.defaultTop ?? defaultPageSize;

  const listQuery = sql<
    Record<string, unknown>
  >`select ${sql.join(columns)} from ${sql.raw(resource.from)} ${translator.joins('all')} where ${where} order by ${orderBy} limit ${parameter(String(top), 'bigint')} offset ${parameter(String(query.skip), 'bigint')}`;
  const matching = sql`select 1 from ${sql.raw(resource.from)} ${translator.joins('filter')} where ${where}`;
  const countQuery =
    query.count === 'exact'
      ? sql<{
          total: number | string;
        }>`select count(*) as total from ${sql.raw(resource.from)} ${translator.joins('filter')} where ${where}`
      : query.count === 'estimate'
        ? sql<{
            total: number | string;
          }>`select count(*) as total from (${matching} limit ${sql.lit(countExactMax + 1)}) as counted`
        : null;
  const estimateQuery =
    query.count === 'estimate' ? sql<Record<string, unknown>>`explain (format json) ${matching}` : null;
  return { listQuery, countQuery, estimateQuery, toRow: (raw) => assemble(raw, fields, relations) };
}
