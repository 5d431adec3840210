// Without the domain's rules or zod: the first page of a list is asked for with it as the app starts
// (shared/list/list-page.ts).

/**
 * Whether a condition is one bracketed group, its first parenthesis closing at its end:
 * `(a eq 1 or b eq 2)` is, `(a eq 1) or (b eq 2)` is not. Parentheses in string literals
 * ('...', a quote doubled) do not count.
 */
function isOneGroup(condition: string): boolean {
  if (!condition.startsWith('(') || !condition.endsWith(')')) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < condition.length; i++) {
    const char = condition[i];
    if (inString) {
      if (char === "'") inString = false; // a doubled quote closes and reopens at once
    } else if (char === "'") inString = true;
    else if (char === '(') depth++;
    else if (char === ')') {
      depth--;
      if (depth === 0 && i < condition.length - 1) return false;
    }
  }
  return depth === 0 && !inString;
}

/**
 * Joins conditions with and. With more than one, each is put in parentheses (unless it already is
 * one bracketed group), so an or inside a part never binds across the and:
 * `(a eq 1) or (b eq 2)` with `c eq 3` is `((a eq 1) or (b eq 2)) and (c eq 3)`.
 */
export function combineFilters(...conditions: (string | null | undefined)[]): string | undefined {
  const present = conditions
    .filter((c): c is string => typeof c === 'string')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return present.map((c) => (isOneGroup(c) ? c : `(${c})`)).join(' and ');
}
