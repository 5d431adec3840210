import type { HistoryEntity, HistoryEntry } from '@lm/domain';
import { historyRoute } from '@lm/domain/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../api/call-route';

/** The query key prefix of every record history: a change anywhere may invalidate it. */
export const historyKey = (entity?: HistoryEntity, id?: string) =>
  ['history', ...(entity ? [entity] : []), ...(id ? [id] : [])] as const;

/** GET api/audit/{entity}/{id}: one page of a record's history, newest first, with the total. */
export function useRecordHistory(entity: HistoryEntity, id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...historyKey(entity, id), page, pageSize],
    queryFn: async ({ signal }): Promise<{ entries: HistoryEntry[]; count: number }> => {
      const response = await callRoute(historyRoute, {
        params: { entity, id },
        query: { $top: String(pageSize), $skip: String(page * pageSize), $count: 'true' },
        signal,
      });
      return { entries: response.data, count: response.count ?? response.data.length };
    },
    enabled: /^\d{1,15}$/.test(id),
    placeholderData: keepPreviousData,
    // a change made on another screen shows as soon as the tab opens again
    staleTime: 0,
    meta: { silent: true },
  });
}
