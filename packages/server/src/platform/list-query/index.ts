export { runList } from './run-list';
export type { FieldDef, FieldType, ListOptions, ListResource, ListResult, RelationDef } from './types';
