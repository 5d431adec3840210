import crypto from 'node:crypto';
import {
  AppError,
  type ApplicationSubmitted,
  applicationDataSchema,
  approversOf,
  badRequest,
  type DocumentMetadata,
  documentNameOf,
  documentsMetadataSchema,
  type FormIssue,
  type FormValues,
  investorApplication,
  isSupportedApplicationVersion,
  onboardingApplicationVersion,
  onboardingMessages,
  type SubmissionCheck,
  submissionRefusalMessage,
  sydneyDate,
  validateInvestorApplication,
  visibleFieldsOfForm,
} from '@lm/domain';
import type { FastifyRequest } from 'fastify';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { encryptTfn, mapTaxFileNumbers, tfnKey } from '../platform/crypto/tfn-cipher';
import * as rateLimit from '../platform/rate-limit';
import { withUploadSlot } from '../platform/uploads/upload-file';
import { moveIntoPlace, newStorageKey, removeQuietly, storedPath } from './document-store';
import { insertApplication, insertApprovals, insertFiles } from './onboarding.repository';
import { checkedFileName, type ReceivedSubmission, receiveSubmission } from './receive-submission';

/** Submissions from one address: a person applies once or twice, never dozens of times an hour. */
export const submissionsPerAddress: rateLimit.Limit = { max: 10, windowMs: 60 * 60_000 };

function parseJson(text: string | undefined, field: string): unknown {
  if (text === undefined) throw badRequest(`${field} is required.`, [{ field, message: `${field} is required.` }]);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(onboardingMessages.applicationMalformed, [{ field, message: 'not valid JSON' }]);
  }
}

function readVersion(text: string | undefined): void {
  if (text !== undefined && !isSupportedApplicationVersion(text)) {
    throw badRequest(onboardingMessages.versionUnsupported, [
      { field: 'version', message: onboardingMessages.versionUnsupported },
    ]);
  }
}

/** The application data: JSON of the shape the form definition accepts (unknown keys named and refused). */
function readValues(text: string | undefined): FormValues {
  const parsed = applicationDataSchema.safeParse(parseJson(text, 'applicationData'));
  if (!parsed.success) {
    throw badRequest(
      onboardingMessages.applicationMalformed,
      parsed.error.issues.map((issue) => ({
        field: `applicationData.${issue.path.join('.')}`,
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

function readMetadata(text: string | undefined): DocumentMetadata[] {
  if (text === undefined || text.trim() === '') return [];
  const parsed = documentsMetadataSchema.safeParse(parseJson(text, 'documentsMetadata'));
  if (!parsed.success) {
    throw badRequest(onboardingMessages.documentsMetadataInvalid, [
      { field: 'documentsMetadata', message: onboardingMessages.documentsMetadataInvalid },
    ]);
  }
  // a name is kept only as text: one with a folder in it is refused like the file's own
  for (const entry of parsed.data) checkedFileName(entry.fileName);
  return parsed.data;
}

/** Critical issues and document problems refuse the application (400, each a detail); alerts only warn. */
function refuse(check: SubmissionCheck, ignore: (issue: FormIssue) => boolean = () => false): void {
  const critical = check.critical.filter((issue) => !ignore(issue));
  const message = submissionRefusalMessage({ ...check, critical });
  if (message === null) return;
  const details = [
    ...critical.map((issue) => ({ field: issue.path, message: issue.message })),
    ...check.documentProblems.map((problem) => ({ field: 'documentsMetadata', message: problem })),
  ];
  throw new AppError('VALIDATION_FAILED', message, details);
}

/**
 * The application as sent, before any file is received: the version, the data against the whole
 * form definition; the file fields wait for their files unless the metadata came first.
 */
function validateBeforeFiles(fields: ReceivedSubmission['fields'], today: string): void {
  readVersion(fields.version);
  // sent after the files: checked once everything has arrived
  if (fields.applicationData === undefined) return;
  const values = readValues(fields.applicationData);
  const metadata = fields.documentsMetadata === undefined ? undefined : readMetadata(fields.documentsMetadata);
  const fileFieldPaths = new Set(
    visibleFieldsOfForm(investorApplication, values)
      .filter((found) => found.field.kind === 'file')
      .map((found) => found.path),
  );
  const check = validateInvestorApplication(values, metadata ?? [], today);
  refuse(check, (issue) => metadata === undefined && fileFieldPaths.has(issue.path));
}

/** `APP-7K3M9QXR`: short enough to read out on the phone, random enough not to be guessed. */
function newApplicationId(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = crypto.randomBytes(8);
  return `APP-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * POST api/onboarding/user/applications (no token): rate limited per address; the multipart read as
 * a stream within the upload limits; the application validated with the form definition before
 * any file is received and again with the documents sent; each file checked by its content; then
 * in one transaction the application (tax file numbers encrypted, hidden fields left out), its
 * approving individuals and its files' rows, the files moved from their incoming place under
 * generated names. Nothing is stored when anything is refused.
 */
export async function submitApplication(
  ctx: AppContext,
  request: FastifyRequest,
  audit: AuditContext,
): Promise<ApplicationSubmitted> {
  const now = ctx.clock.now();
  const today = sydneyDate(now);
  const addressKey = `onboarding:address:${request.ip}`;
  await rateLimit.check(ctx.db, addressKey, submissionsPerAddress, now);
  await rateLimit.hit(ctx.db, addressKey, submissionsPerAddress, now);

  const received = await withUploadSlot(() =>
    receiveSubmission(request, ctx.config.dataDir, (fields) => validateBeforeFiles(fields, today)),
  );
  const moved: string[] = [];
  try {
    const values = readValues(received.fields.applicationData);
    const metadata = readMetadata(received.fields.documentsMetadata);
    if (metadata.length !== received.files.length) {
      throw badRequest(onboardingMessages.documentsMetadataInvalid, [
        {
          field: 'documentsMetadata',
          message: `${metadata.length} descriptions for ${received.files.length} files: ${onboardingMessages.documentsMetadataInvalid}`,
        },
      ]);
    }
    const check = validateInvestorApplication(values, metadata, today);
    refuse(check);
    const documents = received.files.map((file, index) => ({ file, meta: metadata[index] as DocumentMetadata }));
    const key = tfnKey(ctx.config.dataDir);
    const stored = mapTaxFileNumbers(check.data, (tfn) => encryptTfn(key, tfn)) as FormValues;
    const applicationId = newApplicationId();
    const instanceId = crypto.randomUUID();
    await ctx.db.transaction().execute(async (trx) => {
      const id = await insertApplication(trx, {
        applicationId,
        instanceId,
        version: onboardingApplicationVersion,
        data: stored,
        creationDate: now,
      });
      await insertApprovals(
        trx,
        approversOf(stored).map((person) => ({
          applicationId: id,
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          mobile: person.contactNumber,
        })),
      );
      const rows = documents.map(({ file, meta }) => ({
        applicationId: id,
        documentName: documentNameOf(meta.key, check.data) ?? meta.key,
        // the name as the applicant's JSON gives it (exact; a multipart file name is escaped by browsers)
        originalName: meta.fileName,
        contentType: file.kind.contentType,
        sizeBytes: file.sizeBytes,
        storageKey: newStorageKey(file.kind.extension),
        metadata: { key: meta.key, fileName: meta.fileName },
        createdAt: now,
      }));
      await insertFiles(trx, rows);
      await audit.record(trx, {
        objectType: 'onboardingApplication',
        objectId: id,
        after: { applicationId, instanceId, status: 'PENDING', documents: rows.map((r) => r.metadata) },
      });
      // last, so a failed insert moves nothing; a failed move rolls the rows back
      for (const [index, row] of rows.entries()) {
        moveIntoPlace(
          ctx.config.dataDir,
          (documents[index] as (typeof documents)[number]).file.incomingPath,
          row.storageKey,
        );
        moved.push(storedPath(ctx.config.dataDir, row.storageKey));
      }
    });
    return { applicationId, instanceId };
  } catch (error) {
    for (const file of moved) removeQuietly(file);
    throw error;
  } finally {
    for (const file of received.files) removeQuietly(file.incomingPath);
  }
}
