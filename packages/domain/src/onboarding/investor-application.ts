import { addDays } from '../clock';
import { accreditationLevelLabels, investorTypeLabels } from '../investors/people';
import {
  type Condition,
  certificateExpiryDate,
  type FieldDefinition,
  type FieldOption,
  type FormDefinition,
  type Rule,
  type SectionDefinition,
} from './form-engine';
import { onboardingMessages as messages } from './onboarding-messages';

/**
 * The public investor application (investor-and-admin §2 "Public investor application", §3
 * "Onboarding application", §5 "Investor application"), defined once in the form engine: the
 * screen at /invest renders it and the server validates every submission with it.
 */

/** Application statuses: pending while finalisedDate is empty, then approved or denied. */
export const applicationStatuses = ['PENDING', 'APPROVED', 'DENIED'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const investorTypes = [
  'INDIVIDUAL',
  'COMPANY',
  'PARTNERSHIP',
  'TRUST_INDIVIDUAL',
  'TRUST_CORPORATE',
  'SMSF_INDIVIDUAL',
  'SMSF_CORPORATE',
] as const;
export type InvestorType = (typeof investorTypes)[number];

export const accreditationLevels = ['SOPHISTICATED', 'PROFESSIONAL', 'ACCREDITATION_OTHER'] as const;
export type AccreditationLevel = (typeof accreditationLevels)[number];

/** The accreditation level for which no Documents step is shown (spec §2: "the excluded value"). */
export const documentsExcludedAccreditationLevel: AccreditationLevel = 'ACCREDITATION_OTHER';

/** Approving individuals needed per investor type (DESIGN §1 onboarding). */
export const approvingIndividualsNeeded: Record<InvestorType, number> = {
  INDIVIDUAL: 0,
  COMPANY: 1,
  PARTNERSHIP: 2,
  TRUST_INDIVIDUAL: 1,
  TRUST_CORPORATE: 1,
  SMSF_INDIVIDUAL: 1,
  SMSF_CORPORATE: 1,
};

/** approvalCount 0 to 20 (spec §9). */
export const approvalCountMax = 20;

/** A beneficial owner holds at least this share of a company or trust, and must be an approving individual. */
export const beneficialOwnershipPercentMin = 25;

/** The staff and the investor are told this many days before a sophisticated-investor certificate expires. */
export const certificateExpiryNoticeDays = 30;

/**
 * Where a sophisticated-investor certificate issued on `issueDate` stands on `today`: `expired`
 * from its expiry date (two years on), `expiringSoon` within the notice days before it, else
 * `valid`. Investing is refused while it is expired; the investor is told while it expires soon.
 */
export function certificateStatus(issueDate: string, today: string): 'valid' | 'expiringSoon' | 'expired' {
  const expiry = certificateExpiryDate(issueDate);
  if (expiry <= today) return 'expired';
  if (expiry <= addDays(today, certificateExpiryNoticeDays)) return 'expiringSoon';
  return 'valid';
}

export const titles = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr'] as const;
export const driversLicenceStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'VIC', 'WA'] as const;
export const addressStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export const companyTypes = ['LTD', 'PTY_LTD'] as const;
export const companyTypeLabels: Record<(typeof companyTypes)[number], string> = {
  LTD: 'Limited (Ltd)',
  PTY_LTD: 'Proprietary limited (Pty Ltd)',
};
export const trustTypes = ['DISCRETIONARY', 'UNIT', 'HYBRID', 'FIXED', 'SUPERANNUATION', 'OTHER'] as const;

/** Choice lists DESIGN §1 fixes. */
export const facilitySizes = ['ANY', '250000', '500000'] as const;
export const facilitySizeLabels: Record<(typeof facilitySizes)[number], string> = {
  ANY: 'Any loan size',
  '250000': 'Loans up to $250,000',
  '500000': 'Loans up to $500,000',
};
export const maximumExposures = ['25', '50', '75', '100'] as const;
export const reinvestmentOptions = ['ALL_MONEY', 'PRINCIPAL_ONLY', 'NO_MONEY'] as const;
export const reinvestmentOptionLabels: Record<(typeof reinvestmentOptions)[number], string> = {
  ALL_MONEY: 'Option 1: reinvest all money received (principal and interest)',
  PRINCIPAL_ONLY: 'Option 2: reinvest principal only; interest is paid to my nominated bank account',
  NO_MONEY: 'Option 3: reinvest nothing; all money received is paid to my nominated bank account',
};

/** The relationship flags of an approving individual, and the investor types each is offered to. */
export const approverRelationships = {
  beneficialOwner: ['COMPANY', 'TRUST_INDIVIDUAL', 'TRUST_CORPORATE', 'SMSF_INDIVIDUAL', 'SMSF_CORPORATE'],
  companyDirector: ['COMPANY', 'TRUST_CORPORATE', 'SMSF_CORPORATE'],
  beneficiary: ['TRUST_INDIVIDUAL', 'SMSF_INDIVIDUAL', 'SMSF_CORPORATE'],
  trustee: ['TRUST_INDIVIDUAL', 'TRUST_CORPORATE', 'SMSF_INDIVIDUAL', 'SMSF_CORPORATE'],
  partner: ['PARTNERSHIP'],
} as const satisfies Record<string, readonly InvestorType[]>;
export type ApproverRelationship = keyof typeof approverRelationships;

export const approverRelationshipLabels: Record<ApproverRelationship, string> = {
  beneficialOwner: 'Beneficial owner (25% or more)',
  companyDirector: 'Company director',
  beneficiary: 'Beneficiary',
  trustee: 'Trustee',
  partner: 'Partner',
};

/** Investor types grouped as the segments are shown. */
export const investorTypeGroups = {
  mailingAddress: ['INDIVIDUAL', 'TRUST_INDIVIDUAL', 'SMSF_INDIVIDUAL', 'PARTNERSHIP'],
  individual: ['INDIVIDUAL'],
  partnership: ['PARTNERSHIP'],
  company: ['COMPANY'],
  corporateTrustee: ['TRUST_CORPORATE', 'SMSF_CORPORATE'],
  corporateTax: ['COMPANY', 'TRUST_CORPORATE', 'SMSF_CORPORATE'],
  /** Types whose beneficial owners of 25% or more must all be approving individuals. */
  beneficialOwners: ['COMPANY', 'TRUST_INDIVIDUAL', 'TRUST_CORPORATE', 'SMSF_INDIVIDUAL', 'SMSF_CORPORATE'],
  /** Types for which the Documents step may show (with a certificate-needing accreditation level). */
  documents: ['INDIVIDUAL', 'TRUST_INDIVIDUAL', 'TRUST_CORPORATE'],
  trustDeed: ['TRUST_INDIVIDUAL', 'TRUST_CORPORATE', 'SMSF_INDIVIDUAL', 'SMSF_CORPORATE'],
} as const satisfies Record<string, readonly InvestorType[]>;

/** The investment mandate's wording (spec §5), paragraphs split on blank lines. */
export const investmentMandateText = [
  'By accepting this investment mandate you instruct us to invest the funds in your investment account in ' +
    'business loans offered on the marketplace that fall within the facility size and maximum exposure you ' +
    'choose below, at the marketplace rate of each loan.',
  'Where several investors hold a mandate that a loan falls within, the loan is allocated among the mandate ' +
    'members pro rata to the funds each has available. For example, if 20 mandate members each have $100,000 ' +
    'available and a loan of $100,000 is offered, each member funds $5,000 of that loan.',
  'The maximum exposure limits the share of your funds that may be invested in any one loan. The reinvestment ' +
    'option decides what happens to the repayments you receive.',
  'You may cancel this mandate at any time by written notice to us; loans already funded are not affected.',
].join('\n\n');

export const finalVerificationText = [
  'Please check the details you have given. Once submitted, the application cannot be changed.',
  'After we review your application you will receive an email with your login details.',
].join('\n\n');

// ---------------------------------------------------------------------------------------------
// Small builders, so each field below reads as one line of the specification

const investorType = 'investingEntityDetails.investorType';
const accreditationLevel = 'investingEntityDetails.investorAccreditationLevel';

function typeIn(types: readonly InvestorType[]): Condition {
  return { field: investorType, op: 'in', values: types };
}

function options<const T extends string>(values: readonly T[], labels?: Record<T, string>): FieldOption[] {
  return values.map((value) => ({ value, label: labels?.[value] ?? value }));
}

const required = (label: string, when?: Condition[]): Rule => ({
  type: 'rq',
  severity: 'critical',
  message: messages.required(label),
  ...(when ? { when } : {}),
});

const choice = (values: readonly string[]): Rule => ({
  type: 'in',
  severity: 'critical',
  message: messages.chooseOption,
  values,
});

const dateRules = (label: string): Rule[] => [
  required(label),
  { type: 'cx', check: 'date', severity: 'critical', message: messages.dateInvalid },
  { type: 'cx', check: 'notAfterToday', severity: 'critical', message: messages.dateAfterToday },
];

function text(name: string, label: string, rules: Rule[] = [], extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { name, label, kind: 'text', maxLength: 200, rules, ...extra };
}

function requiredText(name: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return text(name, label, [required(label)], extra);
}

function date(name: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { name, label, kind: 'date', rules: dateRules(label), ...extra };
}

function checkbox(name: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { name, label, kind: 'checkbox', ...extra };
}

function address(name: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { name, label, kind: 'address', rules: [required(label)], ...extra };
}

function select(
  name: string,
  label: string,
  values: readonly string[],
  labels?: Record<string, string>,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition {
  return {
    name,
    label,
    kind: 'select',
    options: options(values, labels),
    rules: [required(label), choice(values)],
    ...extra,
  };
}

const filled = (path: string): Condition => ({ field: path, op: 'ne', value: null });
const ticked = (path: string): Condition => ({ field: path, op: 'eq', value: true });
const notTicked = (path: string): Condition => ({ field: path, op: 'ne', value: true });

/** A document upload shown (and required) when `when` holds. */
function documentField(name: string, label: string, documentKey: string, when: Condition[]): FieldDefinition {
  return { name, label, kind: 'file', documentKey, when, rules: [required(label)] };
}

/** Driver's licence or passport, with the matching file: the individual's and each approver's. */
function identityFields(documentKeyPrefix: string): FieldDefinition[] {
  return [
    text('driversLicenceNumber', "Driver's licence number", [
      {
        type: 'cx',
        check: 'anyFilled',
        args: ['.driversLicenceNumber', '.passportNumber'],
        severity: 'critical',
        message: messages.licenceOrPassport,
      },
    ]),
    select('driversLicenceState', "Driver's licence state", driversLicenceStates, undefined, {
      when: [filled('.driversLicenceNumber')],
    }),
    documentField('driversLicence', "Driver's licence", `${documentKeyPrefix}driversLicence`, [
      filled('.driversLicenceNumber'),
    ]),
    text('passportNumber', 'Passport number', [
      {
        type: 'cx',
        check: 'anyFilled',
        args: ['.driversLicenceNumber', '.passportNumber'],
        severity: 'critical',
        message: messages.licenceOrPassport,
      },
    ]),
    documentField('passport', 'Passport', `${documentKeyPrefix}passport`, [filled('.passportNumber')]),
  ];
}

function tfnField(name: string, label: string, when: Condition[]): FieldDefinition {
  return {
    name,
    label,
    kind: 'text',
    maxLength: 20,
    when,
    rules: [
      { type: 'rq', severity: 'critical', message: messages.tfnInvalid },
      { type: 'cx', check: 'tfn', severity: 'critical', message: messages.tfnInvalid },
    ],
  };
}

const acnRules: Rule[] = [
  { type: 'rq', severity: 'critical', message: messages.acnInvalid },
  { type: 'cx', check: 'acn', severity: 'critical', message: messages.acnInvalid },
];

const abnRules = (requiredAbn: boolean): Rule[] => [
  ...(requiredAbn ? [{ type: 'rq', severity: 'critical', message: messages.abnInvalid } satisfies Rule] : []),
  { type: 'cx', check: 'abn', severity: 'critical', message: messages.abnInvalid },
  { type: 'cx', check: 'abnOfAcn', args: ['.acn'], severity: 'alert', message: messages.abnNotOfAcn },
];

/** Registered address, "principal address is the same", and the principal address when it is not. */
function companyAddresses(): FieldDefinition[] {
  return [
    address('registeredAddress', 'Registered address'),
    checkbox('principalAddressSameRegisteredAddress', 'The principal place of business is the registered address'),
    address('principalAddress', 'Principal place of business', {
      when: [notTicked('.principalAddressSameRegisteredAddress')],
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Segments

const accountSetup: SectionDefinition = {
  id: 'accountSetup',
  title: 'Account Setup',
  path: 'register',
  description: 'The person applying: we send the login details to this email address once the application is approved.',
  fields: [
    select('title', 'Title', titles),
    requiredText('firstName', 'First name'),
    text('middleName', 'Middle name'),
    requiredText('lastName', 'Last name'),
    date('dateOfBirth', 'Date of birth'),
    {
      name: 'email',
      label: 'Email',
      kind: 'email',
      maxLength: 254,
      rules: [required('Email'), { type: 'cx', check: 'email', severity: 'critical', message: messages.emailInvalid }],
    },
    {
      name: 'contactNumber',
      label: 'Contact number',
      kind: 'phone',
      maxLength: 20,
      rules: [
        required('Contact number'),
        { type: 're', pattern: phonePattern(), severity: 'critical', message: messages.phoneInvalid },
      ],
    },
  ],
};

function phonePattern(): string {
  return '\\+?[0-9 ()-]{6,20}';
}

const investingEntityDetails: SectionDefinition = {
  id: 'investingEntityDetails',
  title: 'Investing Entity Details',
  path: 'investingEntityDetails',
  fields: [
    select('investorType', 'Investor type', investorTypes, investorTypeLabels),
    select('investorAccreditationLevel', 'Accreditation level', accreditationLevels, accreditationLevelLabels),
    requiredText('name', 'Investing entity name', {
      help: 'Your full name, or the name of the company, partnership, trust or fund that will invest.',
    }),
    address('mailingAddress', 'Mailing address', { when: [typeIn(investorTypeGroups.mailingAddress)] }),
  ],
};

const taxInformation: SectionDefinition = {
  id: 'taxInformation',
  title: 'Tax Information',
  path: 'entityTaxInformation',
  fields: [
    checkbox('australianTaxRegistered', 'Registered for tax in Australia', {
      rules: [
        {
          type: 'cx',
          check: 'anyTrue',
          args: ['.australianTaxRegistered', '.internationalTaxRegistered'],
          severity: 'critical',
          message: messages.selectAtLeastOne,
        },
      ],
    }),
    tfnField('taxFileNumber', 'Tax file number (TFN)', [ticked('.australianTaxRegistered')]),
    checkbox('internationalTaxRegistered', 'Registered for tax in another country'),
    text('taxInformationNumber', 'Tax identification number (TIN)', [required('Tax identification number (TIN)')], {
      when: [ticked('.internationalTaxRegistered')],
      maxLength: 40,
    }),
  ],
};

const individualDetails: SectionDefinition = {
  id: 'individualDetails',
  title: 'Individual Details',
  path: 'individualDetails',
  description: "A driver's licence or a passport, with a copy of it.",
  when: [typeIn(investorTypeGroups.individual)],
  fields: identityFields(''),
};

const partnershipDetails: SectionDefinition = {
  id: 'partnershipDetails',
  title: 'Partnership Details',
  path: 'partnershipDetails',
  when: [typeIn(investorTypeGroups.partnership)],
  fields: [
    requiredText('name', 'Partnership name'),
    date('incorporationDate', 'Date the partnership was formed'),
    date('settlementDate', 'Settlement date of the partnership agreement'),
  ],
};

const companyDetails: SectionDefinition = {
  id: 'companyDetails',
  title: 'Company Details',
  path: 'companyDetails',
  when: [typeIn(investorTypeGroups.company)],
  fields: [
    date('incorporationDate', 'Date of incorporation'),
    select('type', 'Company type', companyTypes, companyTypeLabels),
    text('acn', 'ACN', acnRules, { maxLength: 20 }),
    text('abn', 'ABN', abnRules(true), { maxLength: 20 }),
    checkbox('publicCompany', 'The company is listed on the ASX'),
    text('asxCode', 'ASX code', [required('ASX code')], { when: [ticked('.publicCompany')], maxLength: 10 }),
    checkbox('publicParentCompany', 'The company is a subsidiary of a company listed on the ASX'),
    text('parentAsxCode', 'Parent company ASX code', [required('Parent company ASX code')], {
      when: [ticked('.publicParentCompany')],
      maxLength: 10,
    }),
    ...companyAddresses(),
  ],
};

const trusteeDetails: SectionDefinition = {
  id: 'trusteeDetails',
  title: 'Trustee Details',
  path: 'trusteeDetails',
  description: 'The company that is trustee of the trust or fund.',
  when: [typeIn(investorTypeGroups.corporateTrustee)],
  fields: [
    requiredText('trusteeName', 'Trustee company name'),
    date('incorporationDate', 'Date of incorporation of the trustee'),
    select('type', 'Type of trust', trustTypes),
    text('acn', 'Trustee ACN', acnRules, { maxLength: 20 }),
    text('abn', 'ABN of the trust', abnRules(false), { maxLength: 20 }),
    ...companyAddresses(),
  ],
};

const companyTaxInformation: SectionDefinition = {
  id: 'companyTaxInformation',
  title: 'Company Tax Information',
  path: 'corporateTaxInformation',
  description: 'Foreign tax reporting (FATCA and CRS) for the company or corporate trustee.',
  when: [typeIn(investorTypeGroups.corporateTax)],
  fields: [
    tfnField('taxFileNumber', 'Trustee company tax file number (TFN)', [typeIn(investorTypeGroups.corporateTrustee)]),
    text('taxInformationNumber', 'Tax identification number (TIN)', [required('Tax identification number (TIN)')], {
      when: [ticked('entityTaxInformation.internationalTaxRegistered')],
      maxLength: 40,
    }),
    checkbox('taxStatus.financialInstitution', 'Financial institution', {
      rules: [
        {
          type: 'cx',
          check: 'anyTrue',
          args: [
            '.taxStatus.financialInstitution',
            '.taxStatus.australianFinancialInstitution',
            '.taxStatus.nonFinancialInstitution',
            '.taxStatus.other',
          ],
          severity: 'critical',
          message: messages.selectAtLeastOne,
        },
      ],
    }),
    checkbox('taxStatus.australianFinancialInstitution', 'Australian financial institution'),
    checkbox('taxStatus.nonFinancialInstitution', 'Non-financial entity'),
    checkbox('taxStatus.other', 'Other'),
  ],
};

const approvalCountRules: Rule[] = [
  required('Number of approving individuals'),
  { type: 'ge', value: 0, severity: 'critical', message: messages.approvalCountRange },
  { type: 'le', value: approvalCountMax, severity: 'critical', message: messages.approvalCountRange },
  { type: 're', pattern: '\\d+', severity: 'critical', message: messages.approvalCountRange },
  ...investorTypes
    .filter((type) => approvingIndividualsNeeded[type] > 0)
    .map(
      (type): Rule => ({
        type: 'ge',
        value: approvingIndividualsNeeded[type],
        severity: 'critical',
        message: messages.approvalsNeeded(approvingIndividualsNeeded[type]),
        when: [{ field: investorType, op: 'eq', value: type }],
      }),
    ),
];

const directorsAndBeneficiaries: SectionDefinition = {
  id: 'directorsAndBeneficiaries',
  title: 'Directors and Beneficiaries',
  path: 'approvals',
  description:
    'The individuals who approve this application: directors, partners, trustees and beneficiaries. ' +
    'Every person who owns 25% or more of a company or trust must be one of them.',
  when: [{ field: investorType, op: 'ex', values: ['INDIVIDUAL', null] }],
  fields: [
    {
      name: 'approvalCount',
      label: 'Number of approving individuals',
      kind: 'number',
      min: 0,
      max: approvalCountMax,
      rules: approvalCountRules,
    },
    checkbox(
      'allBeneficialOwnersIncluded',
      'Every person who owns 25% or more of the investing entity is listed below as an approving individual',
      {
        when: [typeIn(investorTypeGroups.beneficialOwners)],
        rules: [{ type: 'eq', value: true, severity: 'critical', message: messages.beneficialOwnersDeclaration }],
      },
    ),
  ],
};

const relationshipPaths = (Object.keys(approverRelationships) as ApproverRelationship[]).map((name) => `.${name}`);

const approvingIndividual: SectionDefinition = {
  id: 'approvingIndividual',
  title: 'Approving individual',
  path: 'approvals.approvalDetails',
  when: [{ field: investorType, op: 'ex', values: ['INDIVIDUAL', null] }],
  repeat: {
    countField: 'approvals.approvalCount',
    min: 0,
    max: approvalCountMax,
    itemTitle: 'Approving individual {n}',
  },
  fields: [
    {
      name: 'relationship',
      label: 'Relationship to the investing entity',
      kind: 'info',
      rules: [
        {
          type: 'cx',
          check: 'anyTrue',
          args: relationshipPaths,
          severity: 'critical',
          message: messages.selectAtLeastOne,
        },
      ],
    },
    ...(Object.keys(approverRelationships) as ApproverRelationship[]).map((name) =>
      checkbox(name, approverRelationshipLabels[name], { when: [typeIn(approverRelationships[name])] }),
    ),
    {
      name: 'ownershipPercent',
      label: 'Ownership (%)',
      kind: 'percent',
      min: beneficialOwnershipPercentMin,
      max: 100,
      when: [typeIn(approverRelationships.beneficialOwner), ticked('.beneficialOwner')],
      rules: [
        required('Ownership (%)'),
        {
          type: 'ge',
          value: beneficialOwnershipPercentMin,
          severity: 'critical',
          message: messages.ownershipPercentRange,
        },
        { type: 'le', value: 100, severity: 'critical', message: messages.ownershipPercentRange },
      ],
    },
    select('title', 'Title', titles),
    requiredText('firstName', 'First name'),
    text('middleName', 'Middle name'),
    requiredText('lastName', 'Last name'),
    {
      name: 'email',
      label: 'Email',
      kind: 'email',
      maxLength: 254,
      rules: [
        required('Email'),
        { type: 'cx', check: 'email', severity: 'critical', message: messages.emailInvalid },
        { type: 'cx', check: 'uniqueInRepeat', severity: 'critical', message: messages.approverEmailNotUnique },
      ],
    },
    {
      name: 'contactNumber',
      label: 'Contact number',
      kind: 'phone',
      maxLength: 20,
      rules: [
        required('Contact number'),
        { type: 're', pattern: phonePattern(), severity: 'critical', message: messages.phoneInvalid },
      ],
    },
    date('dateOfBirth', 'Date of birth'),
    address('address', 'Residential address'),
    ...identityFields('approvals.{index}.'),
  ],
};

const investmentMandate: SectionDefinition = {
  id: 'investmentMandate',
  title: 'Investment Mandate',
  path: 'investmentMandate',
  fields: [
    { name: 'mandateText', label: 'Investment mandate', kind: 'info', help: investmentMandateText },
    select('facilitySize', 'Facility size', facilitySizes, facilitySizeLabels),
    select(
      'maximumExposure',
      'Maximum exposure to any one loan',
      maximumExposures,
      Object.fromEntries(maximumExposures.map((value) => [value, `${value}%`])),
    ),
    {
      name: 'reinvestment.reinvestmentOption',
      label: 'Reinvestment',
      kind: 'radio',
      options: options(reinvestmentOptions, reinvestmentOptionLabels),
      rules: [required('Reinvestment'), choice(reinvestmentOptions)],
    },
    checkbox('investmentAllocation.agreeMandateInstructions', 'I agree to the investment mandate instructions above', {
      rules: [{ type: 'eq', value: true, severity: 'critical', message: messages.mandateAgreementNeeded }],
    }),
    checkbox(
      'investmentAllocation.authorisedApprovalMandate',
      'I am authorised to approve this investment mandate for the investing entity',
      { rules: [{ type: 'eq', value: true, severity: 'critical', message: messages.mandateAgreementNeeded }] },
    ),
  ],
};

const sophisticated: Condition = { field: accreditationLevel, op: 'eq', value: 'SOPHISTICATED' };

const documents: SectionDefinition = {
  id: 'documents',
  title: 'Documents',
  path: 'documents',
  description: 'One file each: pdf, Word, Excel or an image.',
  fields: [
    documentField(
      'sophisticatedInvestorCertificate',
      'Sophisticated investor certificate',
      'sophisticatedInvestorCertificate',
      [sophisticated],
    ),
    {
      name: 'sophisticatedInvestorCertificateIssueDate',
      label: 'Date the certificate was issued',
      kind: 'date',
      help: 'A certificate is valid for two years from the date it was issued.',
      when: [sophisticated],
      rules: [
        ...dateRules('Date the certificate was issued'),
        { type: 'cx', check: 'notExpired', severity: 'critical', message: messages.certificateExpired },
        {
          type: 'cx',
          check: 'notExpiringWithin',
          value: certificateExpiryNoticeDays,
          severity: 'alert',
          message: messages.certificateExpiresSoon,
        },
      ],
    },
    documentField(
      'professionalInvestorDeclaration',
      'Professional investor declaration',
      'professionalInvestorDeclaration',
      [{ field: accreditationLevel, op: 'eq', value: 'PROFESSIONAL' }],
    ),
    documentField('trustDeed', 'Trust deed', 'trustDeed', [typeIn(investorTypeGroups.trustDeed)]),
  ],
};

const finalVerification: SectionDefinition = {
  id: 'finalVerification',
  title: 'Final Verification',
  path: 'finalVerification',
  fields: [
    { name: 'summary', label: 'Before you submit', kind: 'info', help: finalVerificationText },
    checkbox(
      'authorisedAndAgreed',
      'I am authorised to provide the details in this application and I agree to the documents it refers to',
      { rules: [{ type: 'eq', value: true, severity: 'critical', message: messages.consentNeeded }] },
    ),
    checkbox('creditCheckConsent', 'I consent to a credit reporting check', {
      rules: [{ type: 'eq', value: true, severity: 'critical', message: messages.consentNeeded }],
    }),
  ],
};

/** The application: five steps; Documents only for the types and accreditation levels that need it. */
export const investorApplication: FormDefinition = {
  id: 'investorApplication',
  version: 1,
  steps: [
    { id: 'register', title: 'Register', subtitle: 'Account Setup', sections: [accountSetup] },
    {
      id: 'investingEntity',
      title: 'Investing Entity',
      sections: [
        investingEntityDetails,
        taxInformation,
        individualDetails,
        partnershipDetails,
        companyDetails,
        trusteeDetails,
        companyTaxInformation,
        directorsAndBeneficiaries,
        approvingIndividual,
      ],
    },
    { id: 'investmentMandate', title: 'Investment Mandate', sections: [investmentMandate] },
    {
      id: 'documents',
      title: 'Documents',
      when: [
        { field: accreditationLevel, op: 'ex', values: [documentsExcludedAccreditationLevel, null] },
        typeIn(investorTypeGroups.documents),
      ],
      sections: [documents],
    },
    { id: 'finalVerification', title: 'Final Verification', subtitle: 'Submit', sections: [finalVerification] },
  ],
};

/** The paths of the two consents that enable 'I accept'. */
export const consentPaths = ['finalVerification.authorisedAndAgreed', 'finalVerification.creditCheckConsent'] as const;
