import { type ListRow, type RouteData, roleLabels, type staffListShape, staffListTypes } from '@lm/domain';
import { staffMemberRoute } from '@lm/domain/routes';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../shared/api/call-route';
import { defineList } from '../../shared/list/list-types';
import { staffListRequest } from './staff-list-request';

/** The client side of the staff API (docs/api.md, "Investors, investor groups and staff"). */

export type StaffRow = ListRow<typeof staffListShape>;
export type StaffMember = RouteData<typeof staffMemberRoute>;

const staffTypeLabels: Record<string, string> = Object.fromEntries(
  staffListTypes.map((type) => [type, roleLabels[type]]),
);

/** /staff: ID, Type, First Name, Last Name; page sizes with All; default sort id descending (§9). */
export const staffList = defineList<StaffRow>({
  ...staffListRequest,
  title: 'Staff',
  columns: [
    { field: 'id', header: 'ID', width: 90 },
    { field: 'type', header: 'Type', kind: 'enum', labels: staffTypeLabels },
    { field: 'firstName', header: 'First Name' },
    { field: 'lastName', header: 'Last Name' },
  ],
  filterFields: [
    { id: 'id', label: 'ID', field: 'id', type: 'integer' },
    {
      id: 'type',
      label: 'Type',
      field: 'type',
      type: 'selection',
      options: staffListTypes.map((type) => ({ value: type, label: roleLabels[type] })),
    },
    { id: 'firstName', label: 'First Name', field: 'firstName', type: 'string' },
    { id: 'lastName', label: 'Last Name', field: 'lastName', type: 'string' },
  ],
});

export function staffMemberQuery(userId: string) {
  return {
    queryKey: ['staff-member', userId] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<StaffMember> =>
      (await callRoute(staffMemberRoute, { params: { id: userId }, ...(signal ? { signal } : {}) })).data,
  };
}

/** The staff member of the detail tab (its errors are shown in place, not toasted). */
export function useStaffMemberQuery(userId: string) {
  return useQuery({ ...staffMemberQuery(userId), meta: { silent: true } });
}

export { staffTypeLabels };
