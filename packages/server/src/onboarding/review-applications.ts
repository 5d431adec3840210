import fs from 'node:fs';
import {
  type ApplicationApproval,
  type ApplicationFile,
  type ApplicationListRow,
  type ApplicationStatus,
  type ApplicationView,
  type applicationRawSchema,
  applicationStatuses,
  applicationSummary,
  approvalStatuses,
  approversOf,
  type FormValues,
  maskApplicationData,
  notFound,
  onboardingMessages,
} from '@lm/domain';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../platform/context';
import { decryptTfn, isEncryptedTfn, mapTaxFileNumbers, tfnKey } from '../platform/crypto/tfn-cipher';
import type { Executor } from '../platform/db/database';
import { runTypedList, type TypedListResult } from '../platform/list-query';
import { kindOfContentType } from './document-kind';
import { storedPath } from './document-store';
import {
  type ApplicationRecord,
  pendingCondition,
  selectApplication,
  selectApprovals,
  selectFile,
  selectFiles,
  selectInvestorIdOfUser,
} from './onboarding.repository';
import { applicationsResource } from './onboarding.resource';

/** GET api/onboarding/applications; `pending=true` keeps those with no finalisedDate, `false` the decided ones. */
export function listApplications(
  ctx: AppContext,
  query: { pending?: string },
): Promise<TypedListResult<ApplicationListRow>> {
  const where = pendingCondition(query.pending);
  return runTypedList(ctx.db, applicationsResource, query, where ? { where } : {});
}

export async function findApplication(db: Executor, id: number): Promise<ApplicationRecord> {
  const record = await selectApplication(db, id);
  if (!record) throw notFound(onboardingMessages.applicationNotFound);
  return record;
}

/** The stored data with every tax file number decrypted, then masked to its last three digits. */
function maskedData(ctx: AppContext, data: unknown): Record<string, unknown> {
  const plain = mapTaxFileNumbers(data, (stored) =>
    isEncryptedTfn(stored) ? decryptTfn(tfnKey(ctx.config.dataDir), stored) : stored,
  );
  return plain !== null && typeof plain === 'object' ? maskApplicationData(plain as FormValues) : {};
}

function statusOf(status: string): ApplicationStatus {
  return (applicationStatuses as readonly string[]).includes(status) ? (status as ApplicationStatus) : 'PENDING';
}

async function investorIdOf(db: Executor, userId: number | null): Promise<number | null> {
  return userId === null ? null : selectInvestorIdOfUser(db, userId);
}

/** GET api/onboarding/applications/{id}: the application with its data, tax file numbers masked. */
export async function applicationView(ctx: AppContext, id: number): Promise<ApplicationView> {
  const record = await findApplication(ctx.db, id);
  const summary = applicationSummary(record.data as FormValues);
  return {
    id: record.id,
    applicationId: record.applicationId,
    instanceId: record.instanceId,
    status: statusOf(record.status),
    creationDate: record.creationDate.toISOString(),
    finalisedDate: record.finalisedDate?.toISOString() ?? null,
    thirdPartyId: record.thirdPartyId,
    version: record.version,
    ...summary,
    investorId: await investorIdOf(ctx.db, record.createdUserId),
    data: maskedData(ctx, record.data),
  };
}

/** GET api/onboarding/applications/{id}/raw: the submission as stored, tax file numbers masked. */
export async function applicationRaw(ctx: AppContext, id: number): Promise<z.infer<typeof applicationRawSchema>> {
  const record = await findApplication(ctx.db, id);
  const files = await selectFiles(ctx.db, id);
  return {
    version: record.version,
    applicationData: maskedData(ctx, record.data),
    documentsMetadata: files.map((file) => metadataOf(file.metadata, file.originalName)),
  };
}

function metadataOf(metadata: unknown, originalName: string): { key: string; fileName: string } {
  const value = (metadata ?? {}) as { key?: unknown; fileName?: unknown };
  return {
    key: typeof value.key === 'string' ? value.key : '',
    fileName: typeof value.fileName === 'string' ? value.fileName : originalName,
  };
}

/** GET api/onboarding/applications/{id}/approvals: each approving individual, in the order submitted. */
export async function applicationApprovals(ctx: AppContext, id: number): Promise<ApplicationApproval[]> {
  const record = await findApplication(ctx.db, id);
  const people = approversOf(record.data as FormValues);
  const rows = await selectApprovals(ctx.db, id);
  return rows.map((row, index) => {
    const person = people[index];
    return {
      id: row.id,
      index,
      status: (approvalStatuses as readonly string[]).includes(row.status)
        ? (row.status as ApplicationApproval['status'])
        : 'PENDING',
      title: person?.title ?? null,
      firstName: row.firstName ?? '',
      middleName: person?.middleName ?? null,
      lastName: row.lastName ?? '',
      email: row.email ?? '',
      mobile: row.mobile,
      relationships: person?.relationships ?? [],
      ownershipPercent: person?.ownershipPercent ?? null,
    };
  });
}

/** GET api/onboarding/applications/{id}/files: each document with its name and original name. */
export async function applicationFiles(ctx: AppContext, id: number): Promise<ApplicationFile[]> {
  await findApplication(ctx.db, id);
  const files = await selectFiles(ctx.db, id);
  return files.map((file) => {
    const metadata = metadataOf(file.metadata, file.originalName);
    return {
      id: file.id,
      documentId: file.id,
      key: metadata.key,
      metadata,
      document: {
        id: file.id,
        name: file.documentName,
        originalName: file.originalName,
        contentType: file.contentType ?? 'application/octet-stream',
        sizeBytes: Number(file.sizeBytes),
      },
    };
  });
}

/**
 * `attachment` with the original name: a plain ASCII fallback (quotes, backslashes and anything
 * outside printable ASCII replaced) and the exact name as RFC 5987 UTF-8.
 */
export function contentDisposition(originalName: string): string {
  const fallback = originalName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(originalName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** GET api/onboarding/applications/{id}/files/{fileId}/download: the file, typed by its checked kind. */
export async function sendApplicationFile(
  ctx: AppContext,
  id: number,
  fileId: number,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const file = await selectFile(ctx.db, id, fileId);
  if (!file) throw notFound(onboardingMessages.fileNotFound);
  const location = storedPath(ctx.config.dataDir, file.storageKey);
  if (!fs.existsSync(location)) throw notFound(onboardingMessages.fileNotFound);
  const kind = kindOfContentType(file.contentType);
  return reply
    .header('content-type', kind?.contentType ?? 'application/octet-stream')
    .header('content-disposition', contentDisposition(file.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(fs.createReadStream(location));
}
