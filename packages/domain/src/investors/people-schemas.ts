import { z } from 'zod';
import { textInput } from '../contract';
import {
  emailLengthMax,
  investorStatisticsGroupBy,
  isPhoneNumber,
  notesLengthMax,
  peopleMessages,
  personNameLengthMax,
  phoneLengthMax,
  userTypeLengthMax,
} from './people';

/**
 * The people edits' field schemas and request bodies (investor-and-admin §2, §7): apart from the
 * texts, limits and labels of people.ts, which the screens read as they paint, because building them
 * needs zod (docs/decisions/014-route-refs.md).
 */

/** A required text: no control characters, trimmed, not empty (shared by the people edits). */
export function peopleRequiredText(max: number, emptyMessage: string) {
  return textInput(max, { tooLong: peopleMessages.tooLong(max) }).refine((v) => v.length > 0, emptyMessage);
}

/** An optional text: no control characters, trimmed; empty or null is stored as null. */
export function peopleOptionalText(max: number) {
  return textInput(max, { tooLong: peopleMessages.tooLong(max) })
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));
}

function optionalPhone() {
  return textInput(phoneLengthMax, { tooLong: peopleMessages.tooLong(phoneLengthMax) })
    .refine((v) => v === '' || isPhoneNumber(v), peopleMessages.phoneInvalid)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));
}

/** An optional email address: no control characters, trimmed, lower case; empty is null. */
export function peopleOptionalEmail() {
  return textInput(emailLengthMax, { tooLong: peopleMessages.tooLong(emailLengthMax) })
    .refine((v) => v === '' || z.email().safeParse(v).success, peopleMessages.emailInvalid)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v.toLowerCase()));
}

const investorEditShape = {
  firstName: peopleRequiredText(personNameLengthMax, peopleMessages.firstNameRequired),
  middleName: peopleOptionalText(personNameLengthMax),
  lastName: peopleRequiredText(personNameLengthMax, peopleMessages.lastNameRequired),
  mobileNumber1: optionalPhone(),
  mobileNumber2: optionalPhone(),
  homePhone: optionalPhone(),
  notes: peopleOptionalText(notesLengthMax),
};

/** The Edit Investor form: every editable field. */
export const investorEditForm = z.object(investorEditShape);
export type InvestorEditForm = z.input<typeof investorEditForm>;

/**
 * The body of PUT api/users/{id}: the changed editable fields, optionally with the read-only id,
 * email and type (role) as the client holds them. A different id, email or type is refused by the
 * service (`userEditRefusal`); any other field is refused here.
 */
export const editUserBody = z.strictObject(
  {
    ...z.object(investorEditShape).partial().shape,
    id: z.number().int().positive().optional(),
    email: textInput(emailLengthMax).optional(),
    type: textInput(userTypeLengthMax).optional(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? peopleMessages.notEditable(issue.keys) : undefined),
  },
);
export type EditUserBody = z.infer<typeof editUserBody>;

/** The query of GET api/investors/statistics: `groupBy` a comma-separated list (default status). */
export const investorStatisticsQuery = z.object({
  groupBy: z
    .string()
    .max(100)
    .optional()
    .transform((v) => [...new Set((v ?? 'status').split(',').map((part) => part.trim()))].filter(Boolean))
    .pipe(z.array(z.enum(investorStatisticsGroupBy))),
});
