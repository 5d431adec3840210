import type { ListResource } from '../platform/list-query';

/** The columns of the specification's staff member (investor-and-admin §3, Staff member). */
export const staffColumns = [
  'id',
  'type',
  'firstName',
  'middleName',
  'lastName',
  'email',
  'mobileNumber1',
  'status',
] as const;

/** The staff list (investor-and-admin §2, Staff): default sort id descending (§9). */
export const staffList: ListResource = {
  name: 'staff',
  from: 'users u',
  fields: {
    id: { sql: 'u.id', type: 'integer' },
    type: { sql: 'u.type', type: 'string' },
    firstName: { sql: 'u.first_name', type: 'string' },
    middleName: { sql: 'u.middle_name', type: 'string' },
    lastName: { sql: 'u.last_name', type: 'string' },
    email: { sql: 'u.email', type: 'string' },
    mobileNumber1: { sql: 'u.mobile_number1', type: 'string' },
    status: { sql: 'u.status', type: 'string' },
  },
  defaultOrderBy: 'id desc',
};
