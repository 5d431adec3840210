import fs from 'node:fs';

/** `import ... from '...'`, `export ... from '...'` and `import('...')`, in single or double quotes. */
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The specifiers a TypeScript source file imports or re-exports, statically or on demand. Read
 * with a pattern, not a parser: enough for the import-boundary check (check-boundaries.ts) and the
 * web's route test, which walk the project's own sources.
 */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(importPattern)) found.push((match[1] ?? match[2]) as string);
  return found;
}
