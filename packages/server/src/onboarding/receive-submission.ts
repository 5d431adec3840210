import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, badRequest, onboardingUploadLimits } from '@lm/domain';
import type { FastifyRequest } from 'fastify';
import { sizeText } from '../platform/uploads/upload-limits';
import { type DocumentKind, detectDocumentKind } from './document-kind';
import { newIncomingPath, removeQuietly } from './document-store';

export const submissionFields = ['applicationData', 'version', 'documentsMetadata'] as const;
export const documentsField = 'documents';
/** Fields a submission may send: its three, with room for a client that adds one. */
const fieldsMax = 10;

export interface ReceivedFile {
  /** Where the file waits under DATA_DIR/files/.incoming until its application is stored. */
  incomingPath: string;
  sizeBytes: number;
  kind: DocumentKind;
  /** The name the applicant's browser sent (a base name: a path is refused). */
  fileName: string;
}

export interface ReceivedSubmission {
  fields: Partial<Record<(typeof submissionFields)[number], string>>;
  files: ReceivedFile[];
}

export const uploadMessages = {
  notMultipart: 'The application must be sent as a file upload (multipart/form-data).',
  fileTooLarge: (name: string) =>
    `The file '${name}' is too large (the limit is ${sizeText(onboardingUploadLimits.documentBytesMax)} a file).`,
  totalTooLarge: `The documents are too large together (the limit is ${sizeText(onboardingUploadLimits.requestBytesMax)} for one application).`,
  tooManyFiles: `Too many files (the limit is ${onboardingUploadLimits.documentsCountMax} for one application).`,
  tooManyFields: 'The upload has more fields than an application sends.',
  fieldTooLarge: (field: string) =>
    `The field ${field} is too large (the limit is ${sizeText(onboardingUploadLimits.applicationDataBytesMax)}).`,
  unknownField: (field: string) =>
    `The upload has a field '${field}' an application does not send (it sends applicationData, version, documentsMetadata and documents).`,
  duplicateField: (field: string) => `The field ${field} is sent more than once.`,
  fileNamePath: (name: string) =>
    `The file name '${name}' must be a plain file name, without folders or special characters.`,
  emptyFile: (name: string) => `The file '${name}' is empty.`,
  unsupportedKind: (name: string) =>
    `The file '${name}' is not a PDF, Word document, Excel workbook or image (its content was checked, not its name).`,
} as const;

/** A file name kept only as text: a base name of printable characters; a path or control character is refused. */
export function checkedFileName(name: string): string {
  const trimmed = name.trim();
  if (
    trimmed === '' ||
    trimmed.length > onboardingUploadLimits.fileNameLengthMax ||
    /[/\\]/.test(trimmed) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(trimmed) ||
    trimmed === '.' ||
    trimmed === '..' ||
    path.basename(trimmed) !== trimmed
  ) {
    throw badRequest(uploadMessages.fileNamePath(name.slice(0, 100)));
  }
  return trimmed;
}

function multipartError(error: unknown, currentName: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', uploadMessages.fileTooLarge(currentName));
  if (code === 'FST_FILES_LIMIT') return new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooManyFiles);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooManyFields);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(uploadMessages.notMultipart);
  return error;
}

/**
 * Reads an application's multipart upload as a stream: each document is written to an incoming
 * file while its bytes are counted (per file and for the whole upload), then its kind is read from
 * its content. `beforeFirstFile` runs once, when the first document starts and the fields sent
 * before it are known, so an application that fails validation is refused before its files are
 * received. On any refusal every incoming file is removed and the error is thrown.
 */
export async function receiveSubmission(
  request: FastifyRequest,
  dataDir: string,
  beforeFirstFile: (fields: ReceivedSubmission['fields']) => void,
): Promise<ReceivedSubmission> {
  if (!request.isMultipart()) throw badRequest(uploadMessages.notMultipart);
  const limits = onboardingUploadLimits;
  const received: ReceivedSubmission = { fields: {}, files: [] };
  const incoming: string[] = [];
  let totalBytes = 0;
  let currentName = '';
  let checkedFields = false;
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.documentBytesMax,
        files: limits.documentsCountMax,
        fields: fieldsMax,
        fieldSize: limits.applicationDataBytesMax,
        parts: limits.documentsCountMax + fieldsMax,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const name = part.fieldname as (typeof submissionFields)[number];
        if (!submissionFields.includes(name)) throw badRequest(uploadMessages.unknownField(part.fieldname));
        if (received.fields[name] !== undefined) throw badRequest(uploadMessages.duplicateField(name));
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.fieldTooLarge(name));
        received.fields[name] = String(part.value);
        continue;
      }
      if (part.fieldname !== documentsField) {
        part.file.resume();
        throw badRequest(uploadMessages.unknownField(part.fieldname));
      }
      if (!checkedFields) {
        checkedFields = true;
        beforeFirstFile(received.fields);
      }
      currentName = part.filename;
      const fileName = checkedFileName(part.filename);
      const incomingPath = newIncomingPath(dataDir);
      incoming.push(incomingPath);
      let fileBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          fileBytes += chunk.length;
          totalBytes += chunk.length;
          if (totalBytes > limits.requestBytesMax) {
            done(new AppError('PAYLOAD_TOO_LARGE', uploadMessages.totalTooLarge));
            return;
          }
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(incomingPath, { mode: 0o600 }));
      if (part.file.truncated || fileBytes > limits.documentBytesMax) {
        throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.fileTooLarge(fileName));
      }
      if (fileBytes === 0) throw new AppError('INVALID_FILE', uploadMessages.emptyFile(fileName));
      const kind = detectDocumentKind(fs.readFileSync(incomingPath));
      if (!kind) throw new AppError('INVALID_FILE', uploadMessages.unsupportedKind(fileName));
      received.files.push({ incomingPath, sizeBytes: fileBytes, kind, fileName });
    }
    if (!checkedFields) beforeFirstFile(received.fields);
    return received;
  } catch (error) {
    for (const file of incoming) removeQuietly(file);
    throw multipartError(error, currentName);
  }
}
