import { staffListShape, staffListTypes } from '@lm/domain';
import { sql } from 'kysely';
import { bindListResource } from '../platform/list-query';

/** The staff list (investor-and-admin §2, Staff): default sort id descending (§9). */
export const staffList = bindListResource(staffListShape, {
  name: 'staff',
  from: 'users u',
  fields: {
    id: 'u.id',
    type: 'u.type',
    firstName: 'u.first_name',
    middleName: 'u.middle_name',
    lastName: 'u.last_name',
    email: 'u.email',
    mobileNumber1: 'u.mobile_number1',
    status: 'u.status',
  },
  defaultOrderBy: 'id desc',
});

/** Only users of the listed staff types. */
export const staffOnly = sql`u.type in (${sql.join([...staffListTypes])})`;
