import { describe, expect, it } from 'vitest';
import {
  applicationDataSchema,
  applicationSummary,
  approversOf,
  canAccept,
  documentNameOf,
  maskApplicationData,
  submissionRefusalMessage,
  validateInvestorApplication,
} from './application-submission';
import { type FormValues, getValue, setValue, validateStep, visibleSteps } from './form-engine';
import { certificateStatus, type InvestorType, investorApplication, investorTypes } from './investor-application';
import { onboardingMessages } from './onboarding-messages';
import {
  type SampleApplication,
  sampleApplication,
  sampleApplications,
  sampleIdentifiers,
} from './sample-applications';

const today = '2027-03-05';

type Change = [path: string, value: unknown];

function check(sample: SampleApplication, changes: Change[] = [], documents = sample.documentsMetadata) {
  let data: FormValues = sample.applicationData;
  for (const [path, value] of changes) data = setValue(data, path, value);
  return validateInvestorApplication(data, documents, today);
}

/** The critical messages at each path. */
function criticalAt(result: ReturnType<typeof check>): Record<string, string> {
  return Object.fromEntries(result.critical.map((issue) => [issue.path, issue.message]));
}

const withoutDocument = (sample: SampleApplication, key: string) =>
  sample.documentsMetadata.filter((document) => document.key !== key);

describe('the sample applications', () => {
  it.each(investorTypes)('a %s application is valid, its data has the accepted shape', (type) => {
    const sample = sampleApplication(type);
    expect(applicationDataSchema.safeParse(sample.applicationData).success).toBe(true);
    const result = check(sample);
    expect(result.issues).toEqual([]);
    expect(result.documentProblems).toEqual([]);
    expect(submissionRefusalMessage(result)).toBeNull();
  });

  it('are made for any today (the certificate a year old) and with unique emails', () => {
    const samples = sampleApplications({ today: '2026-11-26', tag: 'run1' });
    expect(samples).toHaveLength(7);
    for (const sample of samples) {
      expect(
        validateInvestorApplication(sample.applicationData, sample.documentsMetadata, '2026-11-26').issues,
      ).toEqual([]);
    }
    expect(new Set(samples.map((sample) => getValue(sample.applicationData, 'register.email'))).size).toBe(7);
  });
});

describe('the steps', () => {
  const stepsOf = (type: InvestorType, level: string) =>
    visibleSteps(
      investorApplication,
      setValue(sampleApplication(type).applicationData, 'investingEntityDetails.investorAccreditationLevel', level),
    ).map((step) => step.title);

  it('show Documents only for individual and trust types with a sophisticated or professional level', () => {
    const withDocuments = ['Register', 'Investing Entity', 'Investment Mandate', 'Documents', 'Final Verification'];
    const without = ['Register', 'Investing Entity', 'Investment Mandate', 'Final Verification'];
    for (const type of ['INDIVIDUAL', 'TRUST_INDIVIDUAL', 'TRUST_CORPORATE'] as const) {
      expect(stepsOf(type, 'SOPHISTICATED')).toEqual(withDocuments);
      expect(stepsOf(type, 'PROFESSIONAL')).toEqual(withDocuments);
      expect(stepsOf(type, 'ACCREDITATION_OTHER')).toEqual(without);
    }
    for (const type of ['COMPANY', 'PARTNERSHIP', 'SMSF_INDIVIDUAL', 'SMSF_CORPORATE'] as const) {
      expect(stepsOf(type, 'SOPHISTICATED')).toEqual(without);
    }
    expect(visibleSteps(investorApplication, {}).map((step) => step.title)).toEqual(without);
  });
});

describe('investor application messages (investor-and-admin §5)', () => {
  const individual = sampleApplication('INDIVIDUAL');
  const company = sampleApplication('COMPANY');
  const partnership = sampleApplication('PARTNERSHIP');
  const trust = sampleApplication('TRUST_CORPORATE');

  it('requires title, email, contact number, names, date of birth, type, entity name, mailing address and level', () => {
    const result = validateInvestorApplication({}, [], today);
    expect(criticalAt(result)).toMatchObject({
      'register.title': 'Title is required.',
      'register.email': 'Email is required.',
      'register.contactNumber': 'Contact number is required.',
      'register.firstName': 'First name is required.',
      'register.lastName': 'Last name is required.',
      'register.dateOfBirth': 'Date of birth is required.',
      'investingEntityDetails.investorType': 'Investor type is required.',
      'investingEntityDetails.investorAccreditationLevel': 'Accreditation level is required.',
      'investingEntityDetails.name': 'Investing entity name is required.',
    });
    expect(criticalAt(check(individual, [['investingEntityDetails.mailingAddress', { line1: '1 Main St' }]]))).toEqual({
      'investingEntityDetails.mailingAddress': 'Mailing address is required.',
    });
    // no mailing address for a company
    expect(check(company, [['investingEntityDetails.mailingAddress', null]]).issues).toEqual([]);
  });

  it("'Please input a valid email address.'", () => {
    expect(criticalAt(check(individual, [['register.email', 'taylor@example']]))).toEqual({
      'register.email': 'Please input a valid email address.',
    });
  });

  it('refuses a date later than today', () => {
    expect(criticalAt(check(individual, [['register.dateOfBirth', '2027-03-06']]))).toEqual({
      'register.dateOfBirth': onboardingMessages.dateAfterToday,
    });
    expect(criticalAt(check(individual, [['register.dateOfBirth', '2027-02-30']]))).toEqual({
      'register.dateOfBirth': onboardingMessages.dateInvalid,
    });
  });

  it("'Please select at least one option.' for the tax registrations, and a TIN when international", () => {
    const none = check(individual, [
      ['entityTaxInformation.australianTaxRegistered', false],
      ['entityTaxInformation.internationalTaxRegistered', false],
    ]);
    expect(criticalAt(none)).toEqual({
      'entityTaxInformation.australianTaxRegistered': 'Please select at least one option.',
    });
    const international = check(individual, [['entityTaxInformation.internationalTaxRegistered', true]]);
    expect(criticalAt(international)).toEqual({
      'entityTaxInformation.taxInformationNumber': 'Tax identification number (TIN) is required.',
    });
  });

  it("'Please enter a valid TFN.' when missing or failing its checksum", () => {
    expect(
      criticalAt(check(individual, [['entityTaxInformation.taxFileNumber', sampleIdentifiers.invalidTfn]])),
    ).toEqual({
      'entityTaxInformation.taxFileNumber': 'Please enter a valid TFN.',
    });
    expect(criticalAt(check(individual, [['entityTaxInformation.taxFileNumber', '']]))).toEqual({
      'entityTaxInformation.taxFileNumber': 'Please enter a valid TFN.',
    });
    // hidden when not registered in Australia: neither checked nor kept
    const hidden = check(individual, [
      ['entityTaxInformation.australianTaxRegistered', false],
      ['entityTaxInformation.internationalTaxRegistered', true],
      ['entityTaxInformation.taxInformationNumber', 'US-123'],
      ['entityTaxInformation.taxFileNumber', sampleIdentifiers.invalidTfn],
    ]);
    expect(hidden.issues).toEqual([]);
    expect(getValue(hidden.data, 'entityTaxInformation.taxFileNumber')).toBeUndefined();
  });

  it("individual: 'A driver's licence or passport number is required.', the licence state and each file", () => {
    const neither = check(
      individual,
      [['individualDetails.driversLicenceNumber', '']],
      withoutDocument(individual, 'driversLicence'),
    );
    expect(criticalAt(neither)).toEqual({
      'individualDetails.driversLicenceNumber': "A driver's licence or passport number is required.",
      'individualDetails.passportNumber': "A driver's licence or passport number is required.",
    });
    const noState = check(individual, [['individualDetails.driversLicenceState', null]]);
    expect(criticalAt(noState)).toEqual({
      'individualDetails.driversLicenceState': "Driver's licence state is required.",
    });
    const noLicenceFile = check(individual, [], withoutDocument(individual, 'driversLicence'));
    expect(criticalAt(noLicenceFile)).toEqual({ 'individualDetails.driversLicence': "Driver's licence is required." });
    const passport = check(individual, [['individualDetails.passportNumber', 'PA1234567']]);
    expect(criticalAt(passport)).toEqual({ 'individualDetails.passport': 'Passport is required.' });
    const passportOnly = check(
      individual,
      [
        ['individualDetails.driversLicenceNumber', ''],
        ['individualDetails.passportNumber', 'PA1234567'],
      ],
      [...withoutDocument(individual, 'driversLicence'), { key: 'passport', fileName: 'passport.png' }],
    );
    expect(passportOnly.issues).toEqual([]);
  });

  it('partnership: name, incorporation date and settlement date', () => {
    const result = check(partnership, [['partnershipDetails', {}]]);
    expect(criticalAt(result)).toEqual({
      'partnershipDetails.name': 'Partnership name is required.',
      'partnershipDetails.incorporationDate': 'Date the partnership was formed is required.',
      'partnershipDetails.settlementDate': 'Settlement date of the partnership agreement is required.',
    });
  });

  it("company: incorporation date, ASX codes, type, 'Please enter a valid ABN', 'Please enter a valid ACN'", () => {
    const result = check(company, [
      ['companyDetails.incorporationDate', ''],
      ['companyDetails.type', 'PUBLIC'],
      ['companyDetails.publicCompany', true],
      ['companyDetails.publicParentCompany', true],
      ['companyDetails.abn', sampleIdentifiers.invalidAbn],
      ['companyDetails.acn', sampleIdentifiers.invalidAcn],
    ]);
    expect(criticalAt(result)).toEqual({
      'companyDetails.incorporationDate': 'Date of incorporation is required.',
      'companyDetails.type': onboardingMessages.chooseOption,
      'companyDetails.asxCode': 'ASX code is required.',
      'companyDetails.parentAsxCode': 'Parent company ASX code is required.',
      'companyDetails.abn': 'Please enter a valid ABN',
      'companyDetails.acn': 'Please enter a valid ACN',
    });
    // an ABN of another company is valid but warned about
    const other = check(company, [['companyDetails.abn', '51 824 753 556']]);
    expect(other.critical).toEqual([]);
    expect(other.issues.map((issue) => [issue.severity, issue.message])).toEqual([
      ['alert', onboardingMessages.abnNotOfAcn],
    ]);
  });

  it('trustee and corporate tax: addresses, trustee name, date, type, ACN, corporate TFN, a tax status', () => {
    const result = check(trust, [
      ['trusteeDetails', { principalAddressSameRegisteredAddress: false }],
      ['corporateTaxInformation', {}],
    ]);
    expect(criticalAt(result)).toEqual({
      'trusteeDetails.trusteeName': 'Trustee company name is required.',
      'trusteeDetails.incorporationDate': 'Date of incorporation of the trustee is required.',
      'trusteeDetails.type': 'Type of trust is required.',
      'trusteeDetails.acn': 'Please enter a valid ACN',
      'trusteeDetails.registeredAddress': 'Registered address is required.',
      'trusteeDetails.principalAddress': 'Principal place of business is required.',
      'corporateTaxInformation.taxFileNumber': 'Please enter a valid TFN.',
      'corporateTaxInformation.taxStatus.financialInstitution': 'Please select at least one option.',
    });
    const tin = check(trust, [
      ['entityTaxInformation.internationalTaxRegistered', true],
      ['entityTaxInformation.taxInformationNumber', 'X1'],
    ]);
    expect(criticalAt(tin)).toEqual({
      'corporateTaxInformation.taxInformationNumber': 'Tax identification number (TIN) is required.',
    });
  });

  it("approvals: 'There must be at least N approving individual(s).' by investor type", () => {
    expect(criticalAt(check(partnership, [['approvals.approvalCount', 1]]))).toEqual({
      'approvals.approvalCount': 'There must be at least 2 approving individual(s).',
    });
    for (const type of [
      'COMPANY',
      'TRUST_INDIVIDUAL',
      'TRUST_CORPORATE',
      'SMSF_INDIVIDUAL',
      'SMSF_CORPORATE',
    ] as const) {
      const sample = sampleApplication(type);
      expect(criticalAt(check(sample, [['approvals.approvalCount', 0]]))).toEqual({
        'approvals.approvalCount': 'There must be at least 1 approving individual(s).',
      });
    }
    expect(criticalAt(check(company, [['approvals.approvalCount', 21]]))['approvals.approvalCount']).toBe(
      onboardingMessages.approvalCountRange,
    );
  });

  it('approvals: each approver needs every detail, a relationship and an identity document with its file', () => {
    const result = check(
      company,
      [['approvals.approvalDetails.0', {}]],
      withoutDocument(company, 'approvals.0.driversLicence'),
    );
    expect(criticalAt(result)).toEqual({
      'approvals.approvalDetails.0.relationship': 'Please select at least one option.',
      'approvals.approvalDetails.0.title': 'Title is required.',
      'approvals.approvalDetails.0.firstName': 'First name is required.',
      'approvals.approvalDetails.0.lastName': 'Last name is required.',
      'approvals.approvalDetails.0.email': 'Email is required.',
      'approvals.approvalDetails.0.contactNumber': 'Contact number is required.',
      'approvals.approvalDetails.0.dateOfBirth': 'Date of birth is required.',
      'approvals.approvalDetails.0.address': 'Residential address is required.',
      'approvals.approvalDetails.0.driversLicenceNumber': "A driver's licence or passport number is required.",
      'approvals.approvalDetails.0.passportNumber': "A driver's licence or passport number is required.",
    });
    const noFile = check(company, [], withoutDocument(company, 'approvals.0.driversLicence'));
    expect(criticalAt(noFile)).toEqual({
      'approvals.approvalDetails.0.driversLicence': "Driver's licence is required.",
    });
    const badEmail = check(company, [['approvals.approvalDetails.0.email', 'nobody']]);
    expect(criticalAt(badEmail)).toEqual({
      'approvals.approvalDetails.0.email': 'Please input a valid email address.',
    });
  });

  it("approvals: 'The email address is not unique, each individual must have their own email address.'", () => {
    const sample = sampleApplication('PARTNERSHIP');
    const result = check(sample, [['approvals.approvalDetails.1.email', ' APPROVER1.partnership@example.com ']]);
    expect(criticalAt(result)).toEqual({
      'approvals.approvalDetails.0.email':
        'The email address is not unique, each individual must have their own email address.',
      'approvals.approvalDetails.1.email':
        'The email address is not unique, each individual must have their own email address.',
    });
  });

  it('companies and trusts: every beneficial owner of 25% or more is an approving individual', () => {
    expect(criticalAt(check(company, [['approvals.allBeneficialOwnersIncluded', false]]))).toEqual({
      'approvals.allBeneficialOwnersIncluded': onboardingMessages.beneficialOwnersDeclaration,
    });
    expect(criticalAt(check(company, [['approvals.approvalDetails.0.ownershipPercent', 20]]))).toEqual({
      'approvals.approvalDetails.0.ownershipPercent': onboardingMessages.ownershipPercentRange,
    });
    // not asked of a partnership
    expect(check(partnership).issues).toEqual([]);
  });

  it('mandate: facility size, maximum exposure and reinvestment option required; both boxes ticked', () => {
    const result = check(individual, [
      ['investmentMandate', { investmentAllocation: { agreeMandateInstructions: true } }],
    ]);
    expect(criticalAt(result)).toEqual({
      'investmentMandate.facilitySize': 'Facility size is required.',
      'investmentMandate.maximumExposure': 'Maximum exposure to any one loan is required.',
      'investmentMandate.reinvestment.reinvestmentOption': 'Reinvestment is required.',
      'investmentMandate.investmentAllocation.authorisedApprovalMandate': onboardingMessages.mandateAgreementNeeded,
    });
    expect(criticalAt(check(individual, [['investmentMandate.facilitySize', '1000000']]))).toEqual({
      'investmentMandate.facilitySize': onboardingMessages.chooseOption,
    });
  });

  it('documents: the certificate, the professional declaration and the trust deed when shown', () => {
    expect(criticalAt(check(individual, [], withoutDocument(individual, 'sophisticatedInvestorCertificate')))).toEqual({
      'documents.sophisticatedInvestorCertificate': 'Sophisticated investor certificate is required.',
    });
    const professional = check(
      individual,
      [['investingEntityDetails.investorAccreditationLevel', 'PROFESSIONAL']],
      withoutDocument(individual, 'sophisticatedInvestorCertificate'),
    );
    expect(criticalAt(professional)).toEqual({
      'documents.professionalInvestorDeclaration': 'Professional investor declaration is required.',
    });
    const trustSample = sampleApplication('TRUST_INDIVIDUAL');
    expect(criticalAt(check(trustSample, [], withoutDocument(trustSample, 'trustDeed')))).toEqual({
      'documents.trustDeed': 'Trust deed is required.',
    });
  });

  it('a sophisticated-investor certificate expires two years after its issue date, with a warning a month before', () => {
    expect(
      criticalAt(check(individual, [['documents.sophisticatedInvestorCertificateIssueDate', '2025-03-05']])),
    ).toEqual({
      'documents.sophisticatedInvestorCertificateIssueDate': onboardingMessages.certificateExpired,
    });
    const soon = check(individual, [['documents.sophisticatedInvestorCertificateIssueDate', '2025-03-20']]);
    expect(soon.critical).toEqual([]);
    expect(soon.issues.map((issue) => [issue.severity, issue.message])).toEqual([
      ['alert', onboardingMessages.certificateExpiresSoon],
    ]);
    expect(submissionRefusalMessage(soon)).toBeNull();
    expect(check(individual, [['documents.sophisticatedInvestorCertificateIssueDate', '2025-04-10']]).issues).toEqual(
      [],
    );
    expect(applicationSummary(individual.applicationData)).toMatchObject({
      certificateIssueDate: '2026-03-05',
      certificateExpiryDate: '2028-03-05',
    });
  });

  it('a certificate is valid, expiring within 30 days, or expired from its expiry date', () => {
    expect(certificateStatus('2025-04-05', today)).toBe('valid');
    expect(certificateStatus('2025-04-04', today)).toBe('expiringSoon');
    expect(certificateStatus('2025-03-06', today)).toBe('expiringSoon');
    expect(certificateStatus('2025-03-05', today)).toBe('expired');
  });

  it("final step: 'I accept' only with both consents", () => {
    expect(canAccept(individual.applicationData)).toBe(true);
    const one = setValue(individual.applicationData, 'finalVerification.creditCheckConsent', false);
    expect(canAccept(one)).toBe(false);
    expect(canAccept(setValue(one, 'finalVerification.authorisedAndAgreed', false))).toBe(false);
    expect(criticalAt(validateInvestorApplication(one, individual.documentsMetadata, today))).toEqual({
      'finalVerification.creditCheckConsent': onboardingMessages.consentNeeded,
    });
    const finalStep = investorApplication.steps.find((step) => step.id === 'finalVerification');
    expect(finalStep && validateStep(finalStep, one, { today }).length).toBe(1);
  });

  it('the form-level texts, word for word', () => {
    expect(onboardingMessages.formIncomplete).toBe(
      'Some fields of this application are incomplete or incorrect, please go back and correct these issues to continue',
    );
    expect(onboardingMessages.submitFailed).toBe('Application failed to submit');
  });
});

describe('submitted documents', () => {
  const individual = sampleApplication('INDIVIDUAL');

  it('each fills a visible file field, once', () => {
    const extra = check(individual, [], [...individual.documentsMetadata, { key: 'trustDeed', fileName: 'deed.pdf' }]);
    expect(extra.documentProblems).toEqual([onboardingMessages.documentNotExpected('trustDeed')]);
    const twice = check(
      individual,
      [],
      [...individual.documentsMetadata, { key: 'driversLicence', fileName: 'again.pdf' }],
    );
    expect(twice.documentProblems).toEqual([onboardingMessages.documentDuplicate('driversLicence')]);
    expect(submissionRefusalMessage(twice)).toBe(onboardingMessages.documentDuplicate('driversLicence'));
    const approverOfNone = check(
      individual,
      [],
      [...individual.documentsMetadata, { key: 'approvals.0.passport', fileName: 'p.pdf' }],
    );
    expect(approverOfNone.documentProblems).toHaveLength(1);
  });

  it('are named for staff by their field', () => {
    const company = sampleApplication('COMPANY');
    expect(documentNameOf('driversLicence', individual.applicationData)).toBe("Driver's licence");
    expect(documentNameOf('approvals.0.driversLicence', company.applicationData)).toBe(
      "Approving individual 1: Driver's licence",
    );
    expect(documentNameOf('trustDeed', company.applicationData)).toBeNull();
  });
});

describe('the stored application', () => {
  it('keeps no hidden value and no unknown key', () => {
    const company = sampleApplication('COMPANY');
    const withHidden = setValue(company.applicationData, 'individualDetails', { driversLicenceNumber: 'X' });
    expect(check({ ...company, applicationData: withHidden }).data.individualDetails).toBeUndefined();
    const unknown = applicationDataSchema.safeParse(setValue(company.applicationData, 'register.nickname', 'Tay'));
    expect(unknown.success).toBe(false);
    const tooLong = applicationDataSchema.safeParse(
      setValue(company.applicationData, 'register.firstName', 'x'.repeat(201)),
    );
    expect(tooLong.success).toBe(false);
  });

  it('masks every tax file number for staff', () => {
    const trust = sampleApplication('TRUST_CORPORATE');
    const masked = maskApplicationData(trust.applicationData);
    expect(getValue(masked, 'entityTaxInformation.taxFileNumber')).toBe('******782');
    expect(getValue(masked, 'corporateTaxInformation.taxFileNumber')).toBe('******603');
    expect(getValue(trust.applicationData, 'entityTaxInformation.taxFileNumber')).toBe(sampleIdentifiers.tfn);
  });

  it('lists its approving individuals with their relationships', () => {
    const approvers = approversOf(sampleApplication('COMPANY', { approvers: 2 }).applicationData);
    expect(approvers).toHaveLength(2);
    expect(approvers[0]).toMatchObject({
      index: 0,
      firstName: 'Alex',
      relationships: ['beneficialOwner', 'companyDirector'],
      ownershipPercent: 50,
    });
  });
});
