import { getValue } from '@lm/domain';

/**
 * Where the stored application data (investor-and-admin §3, as the onboarding form definition
 * lays it out) keeps what the review and the approval read.
 */
export const certificateIssueDatePath = 'documents.sophisticatedInvestorCertificateIssueDate';

export interface Address {
  line1?: string;
  line2?: string;
  suburb?: string;
  state?: string;
  postcode?: string;
  country?: string;
}

function text(data: unknown, path: string): string | null {
  const value = getValue(data, path);
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

function address(data: unknown, path: string): Address | null {
  const value = getValue(data, path);
  return value !== null && typeof value === 'object' ? (value as Address) : null;
}

/** The fields of an application the review and the approval read, with the spec's names. */
export function applicationFacts(data: unknown) {
  return {
    title: text(data, 'register.title'),
    firstName: text(data, 'register.firstName') ?? '',
    middleName: text(data, 'register.middleName'),
    lastName: text(data, 'register.lastName') ?? '',
    email: (text(data, 'register.email') ?? '').toLowerCase(),
    contactNumber: text(data, 'register.contactNumber'),
    entityName: text(data, 'investingEntityDetails.name') ?? '',
    investorType: text(data, 'investingEntityDetails.investorType') ?? '',
    accreditationLevel: text(data, 'investingEntityDetails.investorAccreditationLevel') ?? '',
    mailingAddress: address(data, 'investingEntityDetails.mailingAddress'),
    registeredAddress:
      address(data, 'companyDetails.registeredAddress') ?? address(data, 'trusteeDetails.registeredAddress'),
    /** The entity's own TFN (as stored: encrypted). */
    taxFileNumber:
      text(data, 'entityTaxInformation.taxFileNumber') ?? text(data, 'corporateTaxInformation.taxFileNumber'),
    australianTaxRegistered: getValue(data, 'entityTaxInformation.australianTaxRegistered'),
    internationalTaxRegistered: getValue(data, 'entityTaxInformation.internationalTaxRegistered'),
    certificateIssueDate: text(data, certificateIssueDatePath),
  };
}

/** The approving individuals as submitted (approvals.approvalDetails), in order. */
export function approvalDetails(data: unknown): Array<Record<string, unknown>> {
  const items = getValue(data, 'approvals.approvalDetails');
  return Array.isArray(items) ? items.map((item) => (item && typeof item === 'object' ? item : {})) : [];
}
