/** Investor groups (investor-and-admin §2 and §7): the statuses, the edit's fields and the labels (the form and body: investor-group-schemas.ts). */

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

export const investorGroupStatusLabels: Readonly<Record<InvestorGroupStatus, string>> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};
