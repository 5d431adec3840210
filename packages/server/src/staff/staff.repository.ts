import { staffListTypes } from '@lm/domain';
import type { Executor } from '../platform/db/database';

/** The columns of the specification's staff member (investor-and-admin §3, Staff member). */
const staffColumns = ['id', 'type', 'firstName', 'middleName', 'lastName', 'email', 'mobileNumber1', 'status'] as const;

/** One user of the listed staff types, or undefined. */
export function findStaffMember(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(staffColumns)
    .where('id', '=', userId)
    .where('type', 'in', staffListTypes)
    .executeTakeFirst();
}
