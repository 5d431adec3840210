export { bindListResource, type FieldSql, type ResourceSql, type TypedListResource } from './bind-resource';
export { runList, runTypedList, type TypedListResult } from './run-list';
export type { FieldDef, FieldType, ListOptions, ListResource, ListResult, RelationDef } from './types';
