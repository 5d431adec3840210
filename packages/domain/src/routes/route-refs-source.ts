import type { RouteContract } from '../contract';

/** Where the references live, from the domain package's folder. */
export const routeRefsFile = 'src/routes/index.ts';

/** An export of the domain that is a route's contract (made by `defineRoute`). */
export function isRouteContract(value: unknown): value is RouteContract {
  if (typeof value !== 'object' || value === null) return false;
  const contract = value as Partial<RouteContract>;
  return (
    typeof contract.method === 'string' &&
    typeof contract.path === 'string' &&
    typeof contract.tag === 'string' &&
    contract.response !== undefined
  );
}

/**
 * The text of `@lm/domain/routes`: a plain `{ method, path }` for every route contract the domain
 * exports, under the contract's name and typed by it, so a screen calls a route without loading its
 * schemas (docs/decisions/014-route-refs.md). Sorted by name; the type check fails on a reference
 * whose method or path no longer matches its contract, and route-refs.test.ts on a stale file.
 */
export function routeRefsSource(domainExports: Record<string, unknown>): string {
  const names = Object.keys(domainExports)
    .filter((name) => isRouteContract(domainExports[name]))
    .sort();
  const lines = names.map((name) => {
    const { method, path } = domainExports[name] as RouteContract;
    return [
      `export const ${name}: RouteRef<typeof contracts.${name}> = {`,
      `  method: '${method}',`,
      `  path: '${path}',`,
      '};',
    ].join('\n');
  });
  return [
    '// Made by `npm run routes -w @lm/domain` from the route contracts (src/routes/write-route-refs.ts):',
    '// each route as plain data, typed by its contract. Do not edit; route-refs.test.ts fails when stale.',
    "import type { RouteRef } from '../contract';",
    "import type * as contracts from '../index';",
    '',
    lines.join('\n\n'),
    '',
  ].join('\n');
}
