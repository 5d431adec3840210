import {
  type ClientCreateBody,
  type clientListShape,
  type ListRow,
  malformedDataMessage,
  type RouteData,
} from '@lm/domain';
import { clientCreateRoute, clientEditRoute, clientGetRoute } from '@lm/domain/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/api-error';
import { callRoute } from '../../shared/api/call-route';
import { defineList } from '../../shared/list/list-types';
import { listKey } from '../../shared/list/use-list';
import { clientTexts } from './client-texts';
import { clientsListRequest } from './clients-list-request';

/** The client side of the clients API (investor-and-admin §2 "Clients", §7). */

export type ClientRow = ListRow<typeof clientListShape>;
export type ClientView = RouteData<typeof clientGetRoute>;

/** /clients: filter ID (eq) and Name (contains); default sort id ascending (investor-and-admin §2, §9). */
export const clientsList = defineList<ClientRow>({
  ...clientsListRequest,
  title: 'Clients',
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
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<ClientView> => {
      if (!/^\d{1,15}$/.test(id)) throw new Error(malformedDataMessage('Client'));
      try {
        return (await callRoute(clientGetRoute, { params: { id }, ...(signal ? { signal } : {}) })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new Error(malformedDataMessage('Client'));
        throw error;
      }
    },
  };
}

/** The client of the detail tab (its errors are shown in place, not toasted). */
export function useClientQuery(id: string) {
  return useQuery({ ...clientQuery(id), meta: { silent: true } });
}

/** New Client (POST api/clients): the client list refetches; the caller goes to the new client. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: ClientCreateBody['name']) => callRoute(clientCreateRoute, { body: { name } }),
    meta: { successMessage: clientTexts.created },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey(clientsList) });
    },
  });
}

/** Edit Client: the changed name and the id (PUT api/clients/{id}); the client and the list refetch. */
export function useEditClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callRoute(clientEditRoute, { params: { id: String(id) }, body: { id, name } }),
    meta: { successMessage: clientTexts.edited },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clientKey(id) });
      void queryClient.invalidateQueries({ queryKey: listKey(clientsList) });
    },
  });
}
