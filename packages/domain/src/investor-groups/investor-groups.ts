import { z } from 'zod';
import {
  groupLabelLengthMax,
  groupNameLengthMax,
  notesLengthMax,
  peopleMessages,
  peopleOptionalEmail,
  peopleOptionalText,
  peopleRequiredText,
} from '../investors/people';

/** Investor groups (investor-and-admin §2 and §7): the edit's fields, form and body. */

// ---------------------------------------------------------------------------------------------
// Edit Investor Group: PUT api/investmentGroups/{id}

export const investorGroupStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type InvestorGroupStatus = (typeof investorGroupStatuses)[number];

export const investorGroupEditableFields = [
  'name',
  'acn',
  'abn',
  'email',
  'status',
  'entityType',
  'type',
  'notes',
] as const;
export type InvestorGroupEditableField = (typeof investorGroupEditableFields)[number];

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

export const investorGroupStatusLabels: Readonly<Record<InvestorGroupStatus, string>> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};
