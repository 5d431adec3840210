/**
 * The onboarding texts (investor-and-admin §5 "Investor application", §8), word for word where the
 * specification gives them; the others are ours, written the same way.
 */
export const onboardingMessages = {
  // §8 and §5, word for word
  submitFailed: 'Application failed to submit',
  formIncomplete:
    'Some fields of this application are incomplete or incorrect, please go back and correct these issues to continue',
  emailInvalid: 'Please input a valid email address.',
  selectAtLeastOne: 'Please select at least one option.',
  tfnInvalid: 'Please enter a valid TFN.',
  licenceOrPassport: "A driver's licence or passport number is required.",
  abnInvalid: 'Please enter a valid ABN',
  acnInvalid: 'Please enter a valid ACN',
  approvalsNeeded: (count: number) => `There must be at least ${count} approving individual(s).`,
  approverEmailNotUnique: 'The email address is not unique, each individual must have their own email address.',
  applicationMalformed: 'Application data is malformed, please contact support if this continues.',

  // ours
  required: (label: string) => `${label} is required.`,
  dateInvalid: 'Please enter a valid date.',
  chooseOption: 'Please choose one of the options.',
  phoneInvalid: 'Please enter a valid contact number.',
  dateAfterToday: 'The date cannot be later than today.',
  mandateAgreementNeeded: 'Please tick both boxes to accept the investment mandate.',
  consentNeeded: 'Please tick both boxes to accept.',
  approvalCountRange: 'The number of approving individuals must be between 0 and 20.',
  beneficialOwnersDeclaration: 'Please confirm that every owner of 25% or more is an approving individual.',
  ownershipPercentRange: 'Please enter a percentage between 25 and 100: a beneficial owner holds 25% or more.',
  certificateExpired:
    'The sophisticated investor certificate has expired: it is valid for two years from its issue date.',
  certificateExpiresSoon: 'The sophisticated investor certificate expires within a month.',
  abnNotOfAcn: 'The ABN does not belong to the ACN given.',
  submitted:
    'Thank you. Your application has been submitted: you will receive an email, and after review, your login details.',

  // submission and review (server)
  versionUnsupported: 'This application version is not supported.',
  documentsMetadataInvalid: 'The documents do not match their descriptions.',
  documentNotExpected: (key: string) => `The document ${key} is not part of this application.`,
  documentDuplicate: (key: string) => `The document ${key} was sent more than once.`,
  applicationNotFound: 'Application not found.',
  fileNotFound: 'File not found.',
  notPending: 'This application has already been approved or denied.',
  confirmAllPartiesApproved: 'Please confirm that all required parties have approved.',
  approved: 'The application was approved and the investor was sent their login details.',
  denied: 'The application was denied and the applicant was told.',
  certificateRenewed: 'The certificate was recorded: the investor may invest until it expires.',
} as const;
