/**
 * Saved queries of a list screen (investor-and-admin §2 "a saved-query control"): a named list
 * state (filter, sort, page size: the list's URL query) kept in this browser's local storage.
 */
export interface SavedQuery {
  name: string;
  /** The list's URL search without the leading '?'. */
  search: string;
}

/** At most this many saved queries per list; saving another replaces the oldest. */
export const savedQueriesMax = 20;
export const savedQueryNameLengthMax = 60;

const storageKeyOf = (listId: string) => `lm.savedQueries.${listId}`;

function isSavedQuery(value: unknown): value is SavedQuery {
  const v = value as Partial<SavedQuery> | null;
  return typeof v?.name === 'string' && typeof v.search === 'string';
}

export function readSavedQueries(listId: string, storage: Storage = window.localStorage): SavedQuery[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKeyOf(listId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSavedQuery).slice(-savedQueriesMax) : [];
  } catch {
    return [];
  }
}

function write(listId: string, queries: readonly SavedQuery[], storage: Storage): void {
  try {
    storage.setItem(storageKeyOf(listId), JSON.stringify(queries));
  } catch {
    // storage disabled or full: the query is not kept
  }
}

/** Keeps only the list's own parameters (page, size, sort, f.*) of a search, in a stable order. */
export function listSearchOf(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'page' || key === 'size' || key === 'sort' || key.startsWith('f.')) kept.append(key, value);
  }
  return kept.toString();
}

/** Saves (or replaces, by name) a query; answers the new list. */
export function saveQuery(listId: string, query: SavedQuery, storage: Storage = window.localStorage): SavedQuery[] {
  const name = query.name.trim().slice(0, savedQueryNameLengthMax);
  if (!name) return readSavedQueries(listId, storage);
  const others = readSavedQueries(listId, storage).filter((q) => q.name !== name);
  const next = [...others, { name, search: listSearchOf(query.search) }].slice(-savedQueriesMax);
  write(listId, next, storage);
  return next;
}

export function deleteQuery(listId: string, name: string, storage: Storage = window.localStorage): SavedQuery[] {
  const next = readSavedQueries(listId, storage).filter((q) => q.name !== name);
  write(listId, next, storage);
  return next;
}
