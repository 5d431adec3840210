import { z } from 'zod';
import { groupLabelLengthMax, groupNameLengthMax, notesLengthMax, peopleMessages } from '../investors/people';
import { peopleOptionalEmail, peopleOptionalText, peopleRequiredText } from '../investors/people-schemas';
import { investorGroupStatuses } from './investor-groups';

/**
 * The Edit Investor Group form and body (investor-and-admin §2, §7): apart from the statuses,
 * fields and labels of investor-groups.ts, which the screens read as they paint, because building
 * them needs zod (docs/decisions/014-route-refs.md).
 */

const investorGroupEditShape = {
  name: peopleRequiredText(groupNameLengthMax, peopleMessages.groupNameRequired),
  acn: peopleOptionalText(groupLabelLengthMax),
  abn: peopleOptionalText(groupLabelLengthMax),
  email: peopleOptionalEmail(),
  status: z.enum(investorGroupStatuses),
  entityType: peopleOptionalText(groupLabelLengthMax),
  type: peopleOptionalText(groupLabelLengthMax),
  notes: peopleOptionalText(notesLengthMax),
};

/** The Edit Investor Group form: everything except the id. */
export const investorGroupEditForm = z.object(investorGroupEditShape);
export type InvestorGroupEditForm = z.input<typeof investorGroupEditForm>;

/** The body of PUT api/investmentGroups/{id}: the changed fields and the (read-only) id. */
export const editInvestorGroupBody = z.strictObject(
  {
    ...z.object(investorGroupEditShape).partial().shape,
    id: z.number().int().positive().optional(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? peopleMessages.notEditable(issue.keys) : undefined),
  },
);
export type EditInvestorGroupBody = z.infer<typeof editInvestorGroupBody>;
