import { malformedDataMessage } from '@lm/domain';
import { api } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { defineList } from '../../shared/list/list-types';

/** The client side of the clients API (investor-and-admin §2 "Clients", §7). */

export interface ClientRow {
  id: number;
  name: string;
  loanCount: number;
  createdAt: string;
}

export interface ClientView {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** /clients: filter ID (eq) and Name (contains); default sort id ascending (investor-and-admin §2, §9). */
export const clientsList = defineList<ClientRow>({
  id: 'clients',
  path: '/api/clients',
  title: 'Clients',
  defaultSort: { field: 'id', direction: 'asc' },
  columns: [
    { field: 'id', header: 'ID', width: 100 },
    { field: 'name', header: 'Name', flex: 2 },
    { field: 'loanCount', header: 'Loans', kind: 'integer', width: 110 },
    { field: 'createdAt', header: 'Created', kind: 'datetime', width: 200 },
  ],
  filterFields: [
    { id: 'id', label: 'ID', field: 'id', type: 'integer' },
    { id: 'name', label: 'Name', field: 'name', type: 'string' },
  ],
});

export const clientKey = (id: string | number) => ['client', String(id)] as const;

/** GET api/clients/{id}: exactly one client, or the malformed-data message. */
export function clientQuery(id: string) {
  return {
    queryKey: clientKey(id),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      if (!/^\d{1,15}$/.test(id)) throw new Error(malformedDataMessage('Client'));
      try {
        return (await api.get<ClientView>(`/api/clients/${id}`, signal ? { signal } : {})).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new Error(malformedDataMessage('Client'));
        throw error;
      }
    },
  };
}

export function createClient(name: string) {
  return api.post<ClientView>('/api/clients', { name });
}

/** Edit Client: the changed name and the id (PUT api/clients/{id}). */
export function editClient(id: number, name: string) {
  return api.put<ClientView>(`/api/clients/${id}`, { id, name });
}
