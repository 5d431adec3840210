import type { RawBuilder } from 'kysely';

/**
 * The contract of the list-query engine (DESIGN §5): each list endpoint declares one
 * `ListResource` — the fields a client may filter, sort and select, and the relations it may
 * expand — and hands the request's query to `runList`. All SQL here is written by us; what the
 * client sends only ever picks names from these whitelists or travels as a parameter.
 */

export type FieldType = 'string' | 'integer' | 'money' | 'decimal' | 'boolean' | 'date' | 'datetime';

export interface FieldDef {
  /** Trusted SQL expression written by us, e.g. 't.finalised_date' (never user input). */
  sql: string;
  type: FieldType;
  /** May appear in $filter (default true). */
  filter?: boolean;
  /** May appear in $orderby (default true). */
  sort?: boolean;
}

export interface RelationDef {
  /**
   * Trusted SQL join to one row at most, e.g. 'left join loans loan on loan.id = t.loan_id'.
   * Declare the joined table's id among `fields`: an expanded relation is null when all of its
   * fields are null (the join found nothing).
   */
  join: string;
  fields: Record<string, FieldDef>;
  /** Nested relations, e.g. repayment/loan; their joins may use this relation's alias. */
  relations?: Record<string, RelationDef>;
}

export interface ListResource {
  /** Used in messages, e.g. 'transactions'. */
  name: string;
  /** Trusted SQL FROM with alias, e.g. 'account_transactions t'. */
  from: string;
  /** API field name (camelCase) -> definition. */
  fields: Record<string, FieldDef>;
  /** Names usable in $expand and as path prefixes in $filter/$orderby ('loan/status'). */
  relations?: Record<string, RelationDef>;
  /** In $orderby syntax, e.g. 'finalisedDate desc'. */
  defaultOrderBy: string;
  /** When $top is absent (default 10). */
  defaultTop?: number;
  /** Unique field appended as the last sort key for stable paging (default 'id'). */
  idField?: string;
}

export interface ListOptions {
  /** An extra trusted condition, e.g. scoping to the caller's own accounts (may use the FROM alias). */
  where?: RawBuilder<unknown>;
}

export interface ListResult {
  rows: Record<string, unknown>[];
  /**
   * Present only with $count: the number of rows matching $filter (and `where`), before paging;
   * with $count=estimate, above countExactMax, the planner's estimate of it.
   */
  count?: number;
}
