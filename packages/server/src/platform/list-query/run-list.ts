import type { Executor } from '../db/database';
import { countExactMax, pageSizeMax, parseOrderBy, readListQuery } from './query-options';
import { type ListPlan, planList } from './translate';
import type { FieldDef, ListOptions, ListResource, ListResult, RelationDef } from './types';

const namePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const checkedResources = new WeakSet<ListResource>();

/**
 * Asserts that a resource definition is sound (our own mistake, not the client's, so a plain
 * Error): names usable in the grammar, no field named like a relation, a unique id field to
 * page by, a default order that resolves.
 */
function checkResource(resource: ListResource): void {
  if (checkedResources.has(resource)) return;
  const where = `list resource '${resource.name}'`;
  const checkScope = (fields: Record<string, FieldDef>, relations: Record<string, RelationDef> | undefined) => {
    for (const name of [...Object.keys(fields), ...Object.keys(relations ?? {})]) {
      if (!namePattern.test(name)) throw new Error(`${where}: '${name}' is not a plain name`);
    }
    for (const name of Object.keys(relations ?? {})) {
      if (Object.hasOwn(fields, name)) throw new Error(`${where}: '${name}' is both a field and a relation`);
    }
    for (const relation of Object.values(relations ?? {})) checkScope(relation.fields, relation.relations);
  };
  checkScope(resource.fields, resource.relations);
  const idField = resource.idField ?? 'id';
  if (!Object.hasOwn(resource.fields, idField)) throw new Error(`${where}: the id field '${idField}' is not a field`);
  const top = resource.defaultTop;
  if (top !== undefined && (!Number.isInteger(top) || top < 0 || top > pageSizeMax)) {
    throw new Error(`${where}: defaultTop must be a whole number from 0 to ${pageSizeMax}`);
  }
  try {
    planList(resource, { ...readListQuery({}), orderBy: parseOrderBy(resource.defaultOrderBy) });
  } catch (error) {
    throw new Error(`${where}: defaultOrderBy '${resource.defaultOrderBy}' is not valid: ${(error as Error).message}`);
  }
  checkedResources.add(resource);
}

/**
 * Runs one list request (DESIGN §5): reads `$filter $orderby $top $skip $select $expand $count`
 * from the request's query, checks every name against the resource's whitelist and answers the
 * page of rows (and the total with $count=true). A bad token is an AppError('INVALID_QUERY').
 */
export async function runList(
  db: Executor,
  resource: ListResource,
  query: unknown,
  options: ListOptions = {},
): Promise<ListResult> {
  checkResource(resource);
  const plan = planList(resource, readListQuery(query), options);
  // the page and the count at once: on PostgreSQL on two of the pool's connections, so the reply
  // waits for the slower of the two rather than their sum (in a transaction, or on the embedded
  // database, they queue on the one connection)
  const [page, counted] = await Promise.all([plan.listQuery.execute(db), plan.countQuery?.execute(db)]);
  const result: ListResult = { rows: page.rows.map(plan.toRow) };
  if (counted) {
    result.count = Number(counted.rows[0]?.total ?? 0);
    if (plan.estimateQuery && result.count > countExactMax) {
      result.count = Math.max(result.count, await estimatedRows(db, plan.estimateQuery));
    }
  }
  return result;
}

/** The value of an object's key, matched without regard to case, spaces or underscores (the result's keys may be camelCased). */
function keyed(object: unknown, name: string): unknown {
  if (object === null || typeof object !== 'object') return undefined;
  const wanted = name.replace(/[\s_]/g, '').toLowerCase();
  const key = Object.keys(object).find((k) => k.replace(/[\s_]/g, '').toLowerCase() === wanted);
  return key === undefined ? undefined : (object as Record<string, unknown>)[key];
}

/** The planner's estimate of the rows a query returns: the top node's "Plan Rows" of its JSON plan. */
async function estimatedRows(db: Executor, explain: NonNullable<ListPlan['estimateQuery']>): Promise<number> {
  const { rows } = await explain.execute(db);
  const value = rows[0] === undefined ? undefined : Object.values(rows[0])[0];
  const plans = typeof value === 'string' ? JSON.parse(value) : value;
  const estimate = keyed(keyed(Array.isArray(plans) ? plans[0] : undefined, 'Plan'), 'Plan Rows');
  return typeof estimate === 'number' && Number.isFinite(estimate) ? Math.round(estimate) : 0;
}

export interface TypedListResult<Row> {
  rows: Row[];
  count?: number;
}

/** `runList` over a resource bound to a domain shape: the rows have the shape's row type. */
export async function runTypedList<Row>(
  db: Executor,
  resource: { readonly row?: Row } & ListResource,
  query: unknown,
  options: ListOptions = {},
): Promise<TypedListResult<Row>> {
  return (await runList(db, resource, query, options)) as TypedListResult<Row>;
}
