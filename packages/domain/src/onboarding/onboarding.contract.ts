import { z } from 'zod';
import type { ListRow } from '../contract';
import { defineRoute, idParams, idParamsOf, listOf, listQuery, listShape, textInput } from '../contract';
import { applicationStatuses } from './investor-application';
import { onboardingMessages } from './onboarding-messages';

/**
 * Investor onboarding (investor-and-admin §2 "Public investor application" and "Onboarding
 * review", §3 "Onboarding application", §7 "Onboarding"): the anonymous submission, and the
 * management review that approves (creating the investor) or denies an application.
 */

const tag = 'onboarding';

/** The application version the submission carries (spec §3: value 1). */
export const onboardingApplicationVersion = 1;

/** Limits of one submission (DESIGN §1 onboarding; spec §9: pdf, Word, Excel, any image; one file each). */
export const onboardingUploadLimits = {
  /** One document. */
  documentBytesMax: 10 * 1024 * 1024,
  /** The whole multipart request (documents and fields). */
  requestBytesMax: 40 * 1024 * 1024,
  /** Documents in one application: the applicant's five and two for each of 20 approvers, with room. */
  documentsCountMax: 45,
  /** The applicationData JSON text. */
  applicationDataBytesMax: 256 * 1024,
  /** An original file name as stored (longer names are refused). */
  fileNameLengthMax: 255,
} as const;

/** The kinds of document accepted, recognised by their content (not their name). */
export const onboardingDocumentKinds = ['pdf', 'word', 'excel', 'image'] as const;
export type OnboardingDocumentKind = (typeof onboardingDocumentKinds)[number];

/** The content types a stored document is served with. */
export const onboardingDocumentContentTypes = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/tiff',
  'image/bmp',
  'image/heic',
] as const;

/** What the file input accepts (the server checks the content again). */
export const onboardingDocumentAccept =
  '.pdf,.doc,.docx,.xls,.xlsx,image/*,application/pdf,application/msword,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.ms-excel,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A document key names the document field it fills (DESIGN §1): `driversLicence`,
 * `sophisticatedInvestorCertificate`, `approvals.0.passport`.
 */
export const documentKeyPattern = /^[A-Za-z][A-Za-z0-9]{0,63}(\.\d{1,2}\.[A-Za-z][A-Za-z0-9]{0,63})?$/;

/** One entry of `documentsMetadata`: one per file, in the order of the files. */
export const documentMetadataSchema = z.strictObject({
  key: z.string().regex(documentKeyPattern, onboardingMessages.documentsMetadataInvalid),
  fileName: textInput(onboardingUploadLimits.fileNameLengthMax).refine(
    (name) => name.length > 0,
    onboardingMessages.documentsMetadataInvalid,
  ),
});
export type DocumentMetadata = z.output<typeof documentMetadataSchema>;

export const documentsMetadataSchema = z
  .array(documentMetadataSchema)
  .max(onboardingUploadLimits.documentsCountMax, onboardingMessages.documentsMetadataInvalid);

/** The answer to a submission. */
export const applicationSubmittedSchema = z.object({
  /** The applicant's reference (shown on the locked form; filtered by 'Application ID contains'). */
  applicationId: z.string(),
  /** The stored instance (a UUID). */
  instanceId: z.string(),
});
export type ApplicationSubmitted = z.infer<typeof applicationSubmittedSchema>;

export const submitApplicationRoute = defineRoute({
  method: 'POST',
  path: '/api/onboarding/user/applications',
  tag,
  summary: 'Submit an investor application',
  description:
    'No token. multipart/form-data: `applicationData` (the JSON of spec investor-and-admin §3), `version` (1), ' +
    '`documents` (files) and `documentsMetadata` (a JSON array with one `{key, fileName}` per file, in order). ' +
    'The whole application is validated with the onboarding form definition; each file is checked by its ' +
    'content (pdf, Word, Excel, image). Nothing is stored when anything is refused. Rate limited per address.',
  multipart: {
    fields: {
      applicationData: 'The application data (JSON text)',
      version: 'The application version: 1',
      documentsMetadata: 'JSON array of {key, fileName}, one per file in order',
    },
    files: 'documents',
  },
  response: applicationSubmittedSchema,
});

/**
 * GET api/onboarding/applications: filtered by ID (eq), Application ID (contains), Creation
 * Date (ge/le); default sort creation date descending; `pending=true` keeps the undecided ones.
 */
export const applicationListShape = listShape({
  id: 'integer',
  applicationId: 'string',
  instanceId: 'string',
  status: 'string',
  creationDate: 'datetime',
  finalisedDate: 'datetime?',
  thirdPartyId: 'string?',
  version: 'integer',
  investorType: 'string',
  accreditationLevel: 'string',
  entityName: 'string',
  firstName: 'string',
  lastName: 'string',
  email: 'string',
  /** The sophisticated-investor certificate's issue date and expiry (two years on), when one was given. */
  certificateIssueDate: 'date?',
  certificateExpiryDate: 'date?',
  /** The investor created on approval. */
  investorId: 'integer?',
});
export type ApplicationListRow = ListRow<typeof applicationListShape>;

export const applicationListQuery = listQuery.extend({
  pending: z
    .enum(['true', 'false', ''], { message: 'pending must be true or false' })
    .optional()
    .describe('true: only applications still pending (no finalisedDate); false: only decided ones'),
});

/** Application data as it leaves the server: every tax file number masked to its last three digits. */
export const applicationDataViewSchema = z.record(z.string(), z.unknown());

export const applicationViewSchema = z.object({
  id: z.number().int(),
  applicationId: z.string(),
  instanceId: z.string(),
  status: z.enum(applicationStatuses),
  creationDate: z.string(),
  finalisedDate: z.string().nullable(),
  thirdPartyId: z.string().nullable(),
  version: z.number().int(),
  investorType: z.string(),
  accreditationLevel: z.string(),
  entityName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  certificateIssueDate: z.string().nullable(),
  certificateExpiryDate: z.string().nullable(),
  investorId: z.number().int().nullable(),
  /** The application data (spec §3), tax file numbers masked. */
  data: applicationDataViewSchema,
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** GET api/onboarding/applications/{id}/raw: the submission as stored (tax file numbers masked). */
export const applicationRawSchema = z.object({
  version: z.number().int(),
  applicationData: applicationDataViewSchema,
  documentsMetadata: z.array(z.object({ key: z.string(), fileName: z.string() })),
});

/** The approval statuses of an approving individual. */
export const approvalStatuses = ['PENDING', 'APPROVED', 'DENIED'] as const;

/** One approving individual (Directors and Beneficiaries), as the review's Approvals table shows them. */
export const applicationApprovalSchema = z.object({
  id: z.number().int(),
  /** The item's index in approvals.approvalDetails (document keys `approvals.{index}.…`). */
  index: z.number().int(),
  status: z.enum(approvalStatuses),
  title: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  /** The relationship flags ticked: beneficialOwner, companyDirector, beneficiary, trustee, partner. */
  relationships: z.array(z.string()),
  ownershipPercent: z.number().nullable(),
});
export type ApplicationApproval = z.infer<typeof applicationApprovalSchema>;

/** One uploaded document of an application. */
export const applicationFileSchema = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  /** The document key (`driversLicence`, `approvals.0.passport`). */
  key: z.string(),
  metadata: z.object({ key: z.string(), fileName: z.string() }),
  document: z.object({
    id: z.number().int(),
    /** The document's name: the field's label (`Driver's licence`, `Approving individual 1: passport`). */
    name: z.string(),
    /** The file name as uploaded. */
    originalName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
  }),
});
export type ApplicationFile = z.infer<typeof applicationFileSchema>;

/** POST api/onboarding/applications/{id}/approve: the reviewer ticked that all required parties have approved. */
export const approveApplicationBody = z.object({
  allPartiesApproved: z.literal(true, { message: onboardingMessages.confirmAllPartiesApproved }),
});
export type ApproveApplicationBody = z.infer<typeof approveApplicationBody>;

/** POST api/onboarding/applications/{id}/deny: an optional note kept with the decision (not mailed). */
export const denyApplicationBody = z.object({
  reason: textInput(1000).optional(),
});
export type DenyApplicationBody = z.output<typeof denyApplicationBody>;

export const applicationApprovedSchema = z.object({
  id: z.number().int(),
  applicationId: z.string(),
  status: z.literal('APPROVED'),
  finalisedDate: z.string(),
  investorId: z.number().int(),
  userId: z.number().int(),
  investmentAccountId: z.number().int(),
  /** The username mailed to the applicant (their email). */
  username: z.string(),
});

export const applicationDeniedSchema = z.object({
  id: z.number().int(),
  applicationId: z.string(),
  status: z.literal('DENIED'),
  finalisedDate: z.string(),
});

export const applicationListRoute = defineRoute({
  method: 'GET',
  path: '/api/onboarding/applications',
  tag,
  summary: 'Investor applications',
  description: 'Default sort creationDate desc. `pending=true` keeps applications with no finalisedDate.',
  query: applicationListQuery,
  response: listOf(applicationListShape),
  list: true,
});

export const applicationDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/onboarding/applications/:id',
  tag,
  summary: 'One investor application',
  params: idParams,
  response: applicationViewSchema,
});

export const applicationRawRoute = defineRoute({
  method: 'GET',
  path: '/api/onboarding/applications/:id/raw',
  tag,
  summary: 'One investor application as submitted',
  params: idParams,
  response: applicationRawSchema,
});

export const applicationApprovalsRoute = defineRoute({
  method: 'GET',
  path: '/api/onboarding/applications/:id/approvals',
  tag,
  summary: "An application's approving individuals",
  params: idParams,
  response: z.array(applicationApprovalSchema),
});

export const applicationFilesRoute = defineRoute({
  method: 'GET',
  path: '/api/onboarding/applications/:id/files',
  tag,
  summary: "An application's documents",
  description: 'Each file with its document (name, original name, content type, size).',
  params: idParams,
  response: z.array(applicationFileSchema),
});

export const applicationFileDownloadRoute = defineRoute({
  method: 'GET',
  path: '/api/onboarding/applications/:id/files/:fileId/download',
  tag,
  summary: 'Download one document of an application',
  description: 'Answers the file (content-disposition: attachment, with its original name).',
  params: idParamsOf('id', 'fileId'),
  response: z.unknown(),
  file: { contentTypes: [...onboardingDocumentContentTypes] },
});

export const approveApplicationRoute = defineRoute({
  method: 'POST',
  path: '/api/onboarding/applications/:id/approve',
  tag,
  summary: 'Approve an investor application',
  description:
    'Only while pending (else 409). Creates the user (INVESTOR), the investor and the investment account with ' +
    'its BPAY biller code and reference, and mails the applicant their username and a 6-digit code for ' +
    `POST api/user/confirm-reset. Answers "${onboardingMessages.approved}".`,
  params: idParams,
  body: approveApplicationBody,
  response: applicationApprovedSchema,
});

export const denyApplicationRoute = defineRoute({
  method: 'POST',
  path: '/api/onboarding/applications/:id/deny',
  tag,
  summary: 'Deny an investor application',
  description: `Only while pending (else 409). Mails the applicant a notice. Answers "${onboardingMessages.denied}".`,
  params: idParams,
  body: denyApplicationBody,
  response: applicationDeniedSchema,
});

/**
 * POST api/investors/{id}/actions/renewCertificate (management): records a new sophisticated-investor
 * certificate's issue date for an investor, so they may invest again (ours: the specification has
 * no renewal; an expired certificate would otherwise stop an investor for good).
 */
export const renewCertificateBody = z.strictObject({
  issueDate: textInput(10).describe(
    "The new certificate's issue date, YYYY-MM-DD: not after today, not already expired",
  ),
});
export type RenewCertificateBody = z.output<typeof renewCertificateBody>;

export const certificateRenewedSchema = z.object({
  investorId: z.number().int(),
  accreditationLevel: z.literal('SOPHISTICATED'),
  certificateIssueDate: z.string(),
  certificateExpiryDate: z.string(),
});

export const renewCertificateRoute = defineRoute({
  method: 'POST',
  path: '/api/investors/:id/actions/renewCertificate',
  tag,
  summary: "Record a new sophisticated-investor certificate's issue date",
  description: 'The investor becomes SOPHISTICATED with this issue date; it expires two years later.',
  params: idParams,
  body: renewCertificateBody,
  response: certificateRenewedSchema,
});
