import { type ListRow, notFound, peopleMessages, type StaffMemberView, type staffListShape } from '@lm/domain';
import type { AppContext } from '../platform/context';
import { runTypedList, type TypedListResult } from '../platform/list-query';
import { findStaffMember } from './staff.repository';
import { staffList, staffOnly } from './staff.resource';

/** One staff member of the listed types (the staff detail tab); other users are not found here. */
export async function staffMemberDetail(ctx: AppContext, userId: number): Promise<StaffMemberView> {
  const row = await findStaffMember(ctx.db, userId);
  if (!row) throw notFound(peopleMessages.staffNotFound);
  return row;
}

/** Staff of the types Management and Support, filtered and paged by the list query. */
export function listStaff(ctx: AppContext, query: unknown): Promise<TypedListResult<ListRow<typeof staffListShape>>> {
  return runTypedList(ctx.db, staffList, query, { where: staffOnly });
}
