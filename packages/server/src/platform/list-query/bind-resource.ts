import type { FieldKind, FieldSpec, ListRow, ListShape } from '@lm/domain';
import type { FieldDef, ListResource, RelationDef } from './types';

/** The SQL of one declared field: the expression, or the expression with its filter/sort flags. */
export type FieldSql = string | { sql: string; filter?: boolean; sort?: boolean };

export interface RelationSql<S extends ListShape> {
  join: string;
  fields: { [K in keyof S['fields']]: FieldSql };
  relations?: { [K in keyof S['relations']]: RelationSql<S['relations'][K]> };
}

export interface ResourceSql<S extends ListShape> {
  name: string;
  from: string;
  fields: { [K in keyof S['fields']]: FieldSql };
  relations?: { [K in keyof S['relations']]: RelationSql<S['relations'][K]> };
  defaultOrderBy: string;
  defaultTop?: number;
  idField?: string;
}

/** A list resource whose rows have the type of its domain shape. */
export interface TypedListResource<S extends ListShape> extends ListResource {
  /** Type only: the row the shape declares. */
  readonly row?: ListRow<S>;
}

function kindOf(spec: FieldSpec): FieldKind {
  return (spec.endsWith('?') ? spec.slice(0, -1) : spec) as FieldKind;
}

function bindFields(
  shapeFields: Record<string, FieldSpec>,
  fieldSql: Record<string, FieldSql>,
): Record<string, FieldDef> {
  const fields: Record<string, FieldDef> = {};
  for (const [name, spec] of Object.entries(shapeFields)) {
    const bound = fieldSql[name];
    if (bound === undefined) throw new Error(`list field '${name}' has no SQL`);
    fields[name] = typeof bound === 'string' ? { sql: bound, type: kindOf(spec) } : { ...bound, type: kindOf(spec) };
  }
  return fields;
}

function bindRelations(
  shape: ListShape,
  relationSql: Record<string, RelationSql<ListShape>> | undefined,
): Record<string, RelationDef> {
  const relations: Record<string, RelationDef> = {};
  for (const [name, relationShape] of Object.entries(shape.relations)) {
    const bound = relationSql?.[name];
    if (!bound) throw new Error(`list relation '${name}' has no SQL`);
    relations[name] = {
      join: bound.join,
      fields: bindFields(relationShape.fields, bound.fields as Record<string, FieldSql>),
      relations: bindRelations(relationShape, bound.relations as Record<string, RelationSql<ListShape>> | undefined),
    };
  }
  return relations;
}

/**
 * Binds a domain list shape (the fields a client may see, with their kinds) to the SQL that
 * reads them. The compiler checks that every declared field and relation has its SQL, so the
 * rows a list answers always have the shape's type.
 */
export function bindListResource<S extends ListShape>(shape: S, definition: ResourceSql<S>): TypedListResource<S> {
  const resource: ListResource = {
    name: definition.name,
    from: definition.from,
    fields: bindFields(shape.fields, definition.fields as Record<string, FieldSql>),
    relations: bindRelations(shape, definition.relations as Record<string, RelationSql<ListShape>> | undefined),
    defaultOrderBy: definition.defaultOrderBy,
  };
  if (definition.defaultTop !== undefined) resource.defaultTop = definition.defaultTop;
  if (definition.idField !== undefined) resource.idField = definition.idField;
  return resource;
}
