import { notFound, peopleMessages, type StaffMemberView, staffListTypes } from '@lm/domain';
import { sql } from 'kysely';
import type { AppContext } from '../platform/context';
import { type ListResult, runList } from '../platform/list-query';
import { staffColumns, staffList } from './staff.repository';

/** One staff member of the listed types (the staff detail tab); other users are not found here. */
export async function staffMemberDetail(ctx: AppContext, userId: number): Promise<StaffMemberView> {
  const row = await ctx.db
    .selectFrom('users')
    .select(staffColumns)
    .where('id', '=', userId)
    .where('type', 'in', staffListTypes)
    .executeTakeFirst();
  if (!row) throw notFound(peopleMessages.staffNotFound);
  return row;
}

/** Staff of the types Management and Support, filtered and paged by the list query. */
export async function listStaff(ctx: AppContext, query: unknown): Promise<ListResult> {
  return runList(ctx.db, staffList, query, { where: sql`u.type in (${sql.join([...staffListTypes])})` });
}
