import { Role } from '../roles';

/**
 * What each role may group and total by in GET api/loans/statistics: only what its screens show.
 * MANAGEMENT's dashboards and lists show every field and total. SUPPORT and AUDITOR see the
 * reduced staff dashboard (spec core §2.4): its tables list loans by id, name, grace days,
 * marketplace expiry, funded date and status, with a count, and nothing else: no amounts, no
 * invested totals, no principal due. AUDITOR is refused the loan list, so without this limit it
 * could rebuild it with amounts through `groupBy=id,name,clientId,amount`.
 */
export const reducedDashboardLoanStatisticsFields: readonly string[] = [
  'id',
  'name',
  'gracePeriodDays',
  'marketplaceExpiryDate',
  'fundedDate',
  'status',
  'count',
];

/** The roles whose loan statistics are limited to the reduced staff dashboard's fields. */
export const reducedLoanStatisticsRoles: readonly Role[] = [Role.SUPPORT, Role.AUDITOR];

/** The fields (group fields and totals) a role may use in loan statistics; `null` means all of them. */
export function loanStatisticsFieldsOpenTo(role: Role): readonly string[] | null {
  return reducedLoanStatisticsRoles.includes(role) ? reducedDashboardLoanStatisticsFields : null;
}

/** Whether a role may group, select, filter or order loan statistics by this field. */
export function loanStatisticsFieldOpenTo(role: Role, field: string): boolean {
  const open = loanStatisticsFieldsOpenTo(role);
  return open === null || open.includes(field);
}

export const loanStatisticsAccessMessage = (field: string) =>
  `The loan statistics field '${field}' is not open to your role`;
