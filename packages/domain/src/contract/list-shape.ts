import { z } from 'zod';

/**
 * The declared fields of a list resource (DESIGN §5), in the domain so that the server's list
 * engine and the web's tables agree on one row type. A field kind ending in `?` may be null.
 * The server binds each field to its SQL; the row schema types the response.
 */
export type FieldKind = 'string' | 'integer' | 'money' | 'decimal' | 'boolean' | 'date' | 'datetime';
export type FieldSpec = FieldKind | `${FieldKind}?`;

export interface ListShape<
  F extends Record<string, FieldSpec> = Record<string, FieldSpec>,
  R extends Record<string, ListShape> = Record<string, ListShapeAny>,
> {
  fields: F;
  relations: R;
}
// biome-ignore lint/suspicious/noExplicitAny: the recursive default of a relation's shape
type ListShapeAny = ListShape<Record<string, FieldSpec>, any>;

type KindValue<K extends FieldKind> = K extends 'string' | 'date' | 'datetime'
  ? string
  : K extends 'boolean'
    ? boolean
    : number;
type SpecValue<S extends FieldSpec> = S extends `${infer K extends FieldKind}?`
  ? KindValue<K> | null
  : S extends FieldKind
    ? KindValue<S>
    : never;

/** One row of a list with every field returned (no $select), relations as expanded (or absent). */
export type ListRow<S extends ListShape> = { [K in keyof S['fields']]: SpecValue<S['fields'][K]> } & {
  [K in keyof S['relations']]?: ListRow<S['relations'][K]> | null;
};

export function listShape<
  const F extends Record<string, FieldSpec>,
  const R extends Record<string, ListShape> = Record<string, never>,
>(fields: F, relations?: R): ListShape<F, R> {
  return { fields, relations: (relations ?? {}) as R };
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

function kindSchema(kind: FieldKind): z.ZodType {
  switch (kind) {
    case 'string':
      return z.string();
    case 'integer':
      return z.number().int();
    case 'money':
    case 'decimal':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'date':
      return isoDate;
    case 'datetime':
      return z.string();
  }
}

function specSchema(spec: FieldSpec): z.ZodType {
  const nullable = spec.endsWith('?');
  const base = kindSchema((nullable ? spec.slice(0, -1) : spec) as FieldKind);
  return nullable ? base.nullable() : base;
}

/**
 * The schema of one returned row: a $select may leave any field out, an $expand adds a relation
 * (null when the join found nothing). Unknown keys are refused, so a field the shape does not
 * declare can never leave the server.
 */
export function listRowSchema<S extends ListShape>(shape: S): z.ZodType<Partial<ListRow<S>>> {
  const entries: Record<string, z.ZodType> = {};
  for (const [name, spec] of Object.entries(shape.fields)) entries[name] = specSchema(spec).optional();
  for (const [name, relation] of Object.entries(shape.relations)) {
    entries[name] = listRowSchema(relation).nullable().optional();
  }
  return z.strictObject(entries) as unknown as z.ZodType<Partial<ListRow<S>>>;
}

/** The `data` of a list response. */
export function listOf<S extends ListShape>(shape: S) {
  return z.array(listRowSchema(shape)) as unknown as z.ZodType<ListRow<S>[]>;
}

/**
 * The list options of DESIGN §5 as query parameters (also spelled without `$`, any case; the
 * server's list engine reads and checks them). Other parameters pass through to the route.
 */
export const listQuery = z.looseObject({
  $filter: z.string().optional().describe("OData filter, e.g. status eq 'ACTIVE' and amount gt 1000"),
  $orderby: z.string().optional().describe('Sort keys, e.g. createdDate desc,id'),
  $top: z.string().optional().describe('Page size, at most 1000'),
  $skip: z.string().optional().describe('Rows to skip'),
  $select: z.string().optional().describe('Fields to return, comma separated'),
  $expand: z.string().optional().describe('Relations to include, comma separated'),
  $count: z
    .string()
    .optional()
    .describe(
      "true to return the total count; estimate to count exactly up to 10,000 rows and return the database planner's estimate above that",
    ),
});
