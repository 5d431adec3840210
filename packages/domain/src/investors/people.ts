/**
 * Investors, investor groups and staff (investor-and-admin §2 and §7): the texts, limits and
 * labels of the investor and investor-group edits, shared by the server and the screens (their
 * schemas are people-schemas.ts).
 */

export const personNameLengthMax = 100;
export const phoneLengthMax = 20;
export const phoneDigitsMin = 6;
export const notesLengthMax = 4000;
export const groupNameLengthMax = 200;
export const groupLabelLengthMax = 100;
export const emailLengthMax = 254;
/** The role (user type) as a client may echo it in an edit. */
export const userTypeLengthMax = 50;

export const peopleMessages = {
  // the specification's texts, word for word
  investorEdited: 'Investor was successfully edited',
  investorGroupEdited: 'Investor Group was successfully edited',
  emailInvalid: 'Please input a valid email address.',
  // ours: the specification gives no text for these
  roleNotEditable: 'The role of a user cannot be changed here.',
  emailNotEditable: 'The email address of a user cannot be changed here.',
  userIdReadOnly: 'The id of a user is read-only.',
  groupIdReadOnly: 'The id of an investor group is read-only.',
  investorNotFound: 'Investor not found.',
  investorGroupNotFound: 'Investor group not found.',
  staffNotFound: 'Staff member not found.',
  firstNameRequired: 'Please input a first name',
  lastNameRequired: 'Please input a last name',
  groupNameRequired: 'Please input a name',
  phoneInvalid: 'Please input a valid phone number',
  notEditable: (fields: readonly string[]) => `These fields cannot be changed here: ${fields.join(', ')}`,
  tooLong: (max: number) => `Please input at most ${max} characters`,
} as const;

/** Australian and international numbers as people type them: digits, spaces, + ( ) -. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9 ()-]+$/.test(value)) return false;
  return value.replace(/[^0-9]/g, '').length >= phoneDigitsMin;
}

// ---------------------------------------------------------------------------------------------
// Edit Investor: PUT api/users/{id}

/** The fields the Edit Investor dialog may change: names, mobile numbers, contact number, notes. */
export const investorEditableFields = [
  'firstName',
  'middleName',
  'lastName',
  'mobileNumber1',
  'mobileNumber2',
  'homePhone',
  'notes',
] as const;
export type InvestorEditableField = (typeof investorEditableFields)[number];

/** Why an edit of a user must be refused (a change of id, role or email), or null. */
export function userEditRefusal(
  current: { id: number; email: string; type: string },
  body: { id?: number | undefined; email?: string | undefined; type?: string | undefined },
): { code: 'BAD_REQUEST' | 'RULE_REFUSED'; message: string } | null {
  if (body.id !== undefined && body.id !== current.id) {
    return { code: 'BAD_REQUEST', message: peopleMessages.userIdReadOnly };
  }
  if (body.type !== undefined && body.type !== current.type) {
    return { code: 'RULE_REFUSED', message: peopleMessages.roleNotEditable };
  }
  if (body.email !== undefined && body.email.trim().toLowerCase() !== current.email.trim().toLowerCase()) {
    return { code: 'RULE_REFUSED', message: peopleMessages.emailNotEditable };
  }
  return null;
}

/** Labels of the people screens (values as the server stores them). */
export const userStatusLabels: Readonly<Record<string, string>> = {
  ACTIVE: 'Active',
  UNCONFIRMED: 'Unconfirmed',
  DISABLED: 'Disabled',
};

/** The investor types of the application (investor-and-admin §3, investingEntityDetails). */
export const investorTypeLabels: Readonly<Record<string, string>> = {
  INDIVIDUAL: 'Individual',
  COMPANY: 'Company',
  PARTNERSHIP: 'Partnership',
  TRUST_INDIVIDUAL: 'Trust (individual trustee)',
  TRUST_CORPORATE: 'Trust (corporate trustee)',
  SMSF_INDIVIDUAL: 'SMSF (individual trustee)',
  SMSF_CORPORATE: 'SMSF (corporate trustee)',
};

export const accreditationLevelLabels: Readonly<Record<string, string>> = {
  SOPHISTICATED: 'Sophisticated',
  PROFESSIONAL: 'Professional',
  ACCREDITATION_OTHER: 'Other',
};

/** What GET api/investors/statistics can group by. */
export const investorStatisticsGroupBy = ['status', 'investorType', 'type'] as const;
export type InvestorStatisticsGroupBy = (typeof investorStatisticsGroupBy)[number];

/**
 * A tax file number as staff screens show it: only the last three digits (the rest is masked),
 * so that the full number stays where it is needed, in the tax reports.
 */
export function maskTaxFileNumber(tfn: string | null): string | null {
  if (tfn === null) return null;
  const digits = tfn.replace(/[^0-9]/g, '');
  if (digits.length <= 3) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 3)}${digits.slice(-3)}`;
}
