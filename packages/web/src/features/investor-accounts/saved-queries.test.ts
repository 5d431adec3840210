import { describe, expect, it } from 'vitest';
import { deleteQuery, listSearchOf, readSavedQueries, savedQueriesMax, saveQuery } from './saved-queries';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('saved queries', () => {
  it('keeps the list parameters only, and replaces a query of the same name', () => {
    const storage = memoryStorage();
    expect(listSearchOf('?f.name=Ivy&reversals=hidden&sort=-id&page=2&inv.page=3')).toBe('f.name=Ivy&sort=-id&page=2');
    saveQuery('accounts', { name: ' Ivy ', search: '?f.name=Ivy' }, storage);
    saveQuery('accounts', { name: 'Ivy', search: '?f.name=Ivy&sort=-id' }, storage);
    expect(readSavedQueries('accounts', storage)).toEqual([{ name: 'Ivy', search: 'f.name=Ivy&sort=-id' }]);
    expect(readSavedQueries('other', storage)).toEqual([]);
    expect(deleteQuery('accounts', 'Ivy', storage)).toEqual([]);
  });

  it('keeps at most savedQueriesMax, dropping the oldest, and ignores what it cannot read', () => {
    const storage = memoryStorage();
    for (let i = 0; i <= savedQueriesMax; i++) saveQuery('accounts', { name: `q${i}`, search: `f.id=${i}` }, storage);
    const kept = readSavedQueries('accounts', storage);
    expect(kept).toHaveLength(savedQueriesMax);
    expect(kept[0]?.name).toBe('q1');
    storage.setItem('lm.savedQueries.broken', '{not json');
    expect(readSavedQueries('broken', storage)).toEqual([]);
    expect(saveQuery('accounts', { name: '   ', search: 'f.id=1' }, storage)).toHaveLength(savedQueriesMax);
  });
});
