import { roleLabels, type StaffMemberView, staffListTypes } from '@lm/domain';
import { api } from '../../shared/api/api-client';
import { defineList, pageSizesWithAll } from '../../shared/list/list-types';

/** The client side of the staff API (docs/api.md, "Investors, investor groups and staff"). */

const staffTypeLabels: Record<string, string> = Object.fromEntries(
  staffListTypes.map((type) => [type, roleLabels[type]]),
);

/** /staff: ID, Type, First Name, Last Name; page sizes with All; default sort id descending (§9). */
export const staffList = defineList<StaffMemberView>({
  id: 'staff',
  path: '/api/users',
  title: 'Staff',
  defaultSort: { field: 'id', direction: 'desc' },
  pageSizes: pageSizesWithAll,
  select: ['id', 'type', 'firstName', 'lastName'],
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
    queryFn: async () => (await api.get<StaffMemberView>(`/api/users/${encodeURIComponent(userId)}`)).data,
  };
}

export { staffTypeLabels };
