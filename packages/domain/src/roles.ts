/** The five roles of DESIGN §1, and the groups the specification's route table names. */
export const Role = {
  INVESTOR: 'INVESTOR',
  INVESTOR_READ_ONLY: 'INVESTOR_READ_ONLY',
  MANAGEMENT: 'MANAGEMENT',
  SUPPORT: 'SUPPORT',
  AUDITOR: 'AUDITOR',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const allRoles: readonly Role[] = Object.values(Role);
export const investorRoles: readonly Role[] = [Role.INVESTOR, Role.INVESTOR_READ_ONLY];
export const staffRoles: readonly Role[] = [Role.MANAGEMENT, Role.SUPPORT, Role.AUDITOR];
/** "administrator and one other staff role (read mode for the other)" */
export const backOfficeRoles: readonly Role[] = [Role.MANAGEMENT, Role.SUPPORT];
export const managementOnly: readonly Role[] = [Role.MANAGEMENT];
/** The investor list is also open to the fifth role. */
export const investorListRoles: readonly Role[] = [Role.MANAGEMENT, Role.SUPPORT, Role.AUDITOR];
/** Reports: one investor role and the administrator role. */
export const reportRoles: readonly Role[] = [Role.INVESTOR, Role.MANAGEMENT];
/** Edit investors, edit groups and send reset-password mails: management and support. */
export const investorEditorRoles: readonly Role[] = [Role.MANAGEMENT, Role.SUPPORT];

export function isInvestorRole(role: Role): boolean {
  return investorRoles.includes(role);
}

export function isStaffRole(role: Role): boolean {
  return staffRoles.includes(role);
}

export const roleLabels: Record<Role, string> = {
  INVESTOR: 'Investor',
  INVESTOR_READ_ONLY: 'Investor (read only)',
  MANAGEMENT: 'Management',
  SUPPORT: 'Support',
  AUDITOR: 'Auditor',
};
