import { addDays } from '../clock';
import type { FormValues } from './form-engine';
import { approvingIndividualsNeeded, type InvestorType, investorTypes } from './investor-application';
import type { DocumentMetadata } from './onboarding.contract';

/**
 * Valid applications for each investor type, for tests (API tests, browser journeys, the web's
 * development-only test-data button). Each passes `validateInvestorApplication` on the `today` it
 * was made for, with exactly the documents listed. Identifiers are valid check-digit numbers that
 * belong to no one.
 */

/** Valid identifiers for tests. */
export const sampleIdentifiers = {
  tfn: '123 456 782',
  otherTfn: '459 599 230',
  trusteeTfn: '565 051 603',
  /** An ACN and the ABN derived from it. */
  acn: '004 085 616',
  abn: '53 004 085 616',
  trusteeAcn: '123 456 780',
  trusteeAbn: '11 123 456 780',
  /** Invalid ones, one digit off. */
  invalidTfn: '123 456 783',
  invalidAbn: '53 004 085 617',
  invalidAcn: '004 085 617',
} as const;

/** The smallest file the server recognises as a pdf by its content. */
export const samplePdfText =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
  '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

export interface SampleApplication {
  investorType: InvestorType;
  applicationData: FormValues;
  /** One entry per document to send, in order (each file may be `samplePdfText`). */
  documentsMetadata: DocumentMetadata[];
}

const address = (line1: string) => ({
  line1,
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  country: 'Australia',
});

function approver(index: number, relationships: Record<string, boolean>, tag: string): FormValues {
  return {
    ...relationships,
    ...(relationships.beneficialOwner ? { ownershipPercent: 50 } : {}),
    title: index % 2 === 0 ? 'Ms' : 'Mr',
    firstName: ['Alex', 'Sam', 'Jo'][index % 3],
    lastName: `Approver${index + 1}`,
    email: `approver${index + 1}.${tag}@example.com`,
    contactNumber: `0400 000 0${String(10 + index)}`,
    dateOfBirth: '1975-06-15',
    address: address(`${index + 10} George Street`),
    driversLicenceNumber: `NSW${1000 + index}`,
    driversLicenceState: 'NSW',
  };
}

const relationshipsOf: Record<Exclude<InvestorType, 'INDIVIDUAL'>, Record<string, boolean>> = {
  COMPANY: { beneficialOwner: true, companyDirector: true },
  PARTNERSHIP: { partner: true },
  TRUST_INDIVIDUAL: { beneficialOwner: true, trustee: true, beneficiary: true },
  TRUST_CORPORATE: { beneficialOwner: true, companyDirector: true, trustee: true },
  SMSF_INDIVIDUAL: { beneficialOwner: true, trustee: true, beneficiary: true },
  SMSF_CORPORATE: { beneficialOwner: true, companyDirector: true, trustee: true },
};

const entityNames: Record<InvestorType, string> = {
  INDIVIDUAL: 'Taylor Investor',
  COMPANY: 'Harbour Holdings Pty Ltd',
  PARTNERSHIP: 'Taylor & Lee Partners',
  TRUST_INDIVIDUAL: 'Taylor Family Trust',
  TRUST_CORPORATE: 'Harbour Unit Trust',
  SMSF_INDIVIDUAL: 'Taylor Super Fund',
  SMSF_CORPORATE: 'Harbour Super Fund',
};

export interface SampleOptions {
  /** The business date the application is made on (certificate dates are a year before it). */
  today?: string;
  /** Makes the emails unique, so one test can submit several. */
  tag?: string;
  /** Number of approving individuals (default: the number the type needs, at least 1 for non-individuals). */
  approvers?: number;
}

/**
 * A valid application of the given type: SOPHISTICATED (with a certificate issued a year before
 * `today`) for the types whose Documents step shows, else ACCREDITATION_OTHER; an individual gives
 * a driver's licence; every approver a licence too.
 */
export function sampleApplication(type: InvestorType, options: SampleOptions = {}): SampleApplication {
  const today = options.today ?? '2027-03-05';
  const tag = options.tag ?? type.toLowerCase();
  const documents: DocumentMetadata[] = [];
  const withDocuments = type === 'INDIVIDUAL' || type === 'TRUST_INDIVIDUAL' || type === 'TRUST_CORPORATE';
  const data: FormValues = {
    register: {
      title: 'Ms',
      firstName: 'Taylor',
      lastName: 'Investor',
      dateOfBirth: '1980-02-29',
      email: `taylor.${tag}@example.com`,
      contactNumber: '0400 000 001',
    },
    investingEntityDetails: {
      investorType: type,
      investorAccreditationLevel: withDocuments ? 'SOPHISTICATED' : 'ACCREDITATION_OTHER',
      name: entityNames[type],
      ...(['INDIVIDUAL', 'TRUST_INDIVIDUAL', 'SMSF_INDIVIDUAL', 'PARTNERSHIP'].includes(type)
        ? { mailingAddress: address('1 Martin Place') }
        : {}),
    },
    entityTaxInformation: {
      australianTaxRegistered: true,
      taxFileNumber: sampleIdentifiers.tfn,
      internationalTaxRegistered: false,
    },
    investmentMandate: {
      facilitySize: 'ANY',
      maximumExposure: '25',
      reinvestment: { reinvestmentOption: 'ALL_MONEY' },
      investmentAllocation: { agreeMandateInstructions: true, authorisedApprovalMandate: true },
    },
    finalVerification: { authorisedAndAgreed: true, creditCheckConsent: true },
  };

  if (type === 'INDIVIDUAL') {
    data.individualDetails = { driversLicenceNumber: '12345678', driversLicenceState: 'NSW' };
    documents.push({ key: 'driversLicence', fileName: 'drivers-licence.pdf' });
  }
  if (type === 'PARTNERSHIP') {
    data.partnershipDetails = {
      name: entityNames.PARTNERSHIP,
      incorporationDate: '2015-07-01',
      settlementDate: '2015-07-15',
    };
  }
  if (type === 'COMPANY') {
    data.companyDetails = {
      incorporationDate: '2012-03-01',
      type: 'PTY_LTD',
      acn: sampleIdentifiers.acn,
      abn: sampleIdentifiers.abn,
      publicCompany: false,
      publicParentCompany: false,
      registeredAddress: address('100 Pitt Street'),
      principalAddressSameRegisteredAddress: true,
    };
  }
  if (type === 'TRUST_CORPORATE' || type === 'SMSF_CORPORATE') {
    data.trusteeDetails = {
      trusteeName: 'Harbour Trustee Pty Ltd',
      incorporationDate: '2010-01-20',
      type: type === 'SMSF_CORPORATE' ? 'SUPERANNUATION' : 'UNIT',
      acn: sampleIdentifiers.trusteeAcn,
      abn: sampleIdentifiers.trusteeAbn,
      registeredAddress: address('200 Pitt Street'),
      principalAddressSameRegisteredAddress: true,
    };
  }
  if (type === 'COMPANY' || type === 'TRUST_CORPORATE' || type === 'SMSF_CORPORATE') {
    data.corporateTaxInformation = {
      ...(type === 'COMPANY' ? {} : { taxFileNumber: sampleIdentifiers.trusteeTfn }),
      taxStatus: { nonFinancialInstitution: true },
    };
  }
  if (type !== 'INDIVIDUAL') {
    const count = options.approvers ?? Math.max(1, approvingIndividualsNeeded[type]);
    const approvalDetails = Array.from({ length: count }, (_, index) => approver(index, relationshipsOf[type], tag));
    data.approvals = {
      approvalCount: count,
      ...(type === 'PARTNERSHIP' ? {} : { allBeneficialOwnersIncluded: true }),
      approvalDetails,
    };
    for (let index = 0; index < count; index++) {
      documents.push({ key: `approvals.${index}.driversLicence`, fileName: `approver-${index + 1}-licence.pdf` });
    }
  }
  if (withDocuments) {
    data.documents = { sophisticatedInvestorCertificateIssueDate: addDays(today, -365) };
    documents.push({ key: 'sophisticatedInvestorCertificate', fileName: 'certificate.pdf' });
    if (type !== 'INDIVIDUAL') documents.push({ key: 'trustDeed', fileName: 'trust-deed.pdf' });
  }
  return { investorType: type, applicationData: data, documentsMetadata: documents };
}

/** One valid application of each of the seven investor types. */
export function sampleApplications(options: Omit<SampleOptions, 'tag'> & { tag?: string } = {}): SampleApplication[] {
  return investorTypes.map((type) =>
    sampleApplication(type, { ...options, tag: `${type.toLowerCase()}${options.tag ? `.${options.tag}` : ''}` }),
  );
}
