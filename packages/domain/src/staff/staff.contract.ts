import { z } from 'zod';
import { defineRoute, idParams, listOf, listQuery, listShape } from '../contract';

/** The staff API (investor-and-admin §2 Staff, §7): users of the types Management and Support. */

/** The staff list (investor-and-admin §3, Staff member). */
export const staffListShape = listShape({
  id: 'integer',
  type: 'string',
  firstName: 'string',
  middleName: 'string?',
  lastName: 'string',
  email: 'string',
  mobileNumber1: 'string?',
  status: 'string',
});

/** One staff member (the staff detail tab). */
export const staffMemberViewSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
  mobileNumber1: z.string().nullable(),
  status: z.string(),
});
export type StaffMemberView = z.infer<typeof staffMemberViewSchema>;

export const staffListRoute = defineRoute({
  method: 'GET',
  path: '/api/users',
  tag: 'staff',
  summary: 'Staff',
  description: 'Users of the types Management and Support, id descending.',
  query: listQuery,
  response: listOf(staffListShape),
  list: true,
});

export const staffMemberRoute = defineRoute({
  method: 'GET',
  path: '/api/users/:id',
  tag: 'staff',
  summary: 'One staff member',
  params: idParams,
  response: staffMemberViewSchema,
});
