import { AppError } from '@lm/domain';
import { sizeText, uploadsAtOnceMax } from './upload-limits';

/** A multipart upload as the HTTP layer hands it over (a Fastify request with @fastify/multipart). */
export interface FileUpload {
  isMultipart(): boolean;
  file(options?: {
    limits?: { fileSize?: number; files?: number };
  }): Promise<{ toBuffer(): Promise<Buffer>; file?: { truncated?: boolean } } | undefined>;
}

let uploadsReading = 0;

/**
 * Runs the receiving and reading of one uploaded file in one of the process's `uploadsAtOnceMax`
 * slots; with every slot taken the upload is refused at once with 429, before any byte of it is
 * read, so hostile files sent in parallel cannot add up their memory.
 */
export async function withUploadSlot<T>(work: () => Promise<T>): Promise<T> {
  if (uploadsReading >= uploadsAtOnceMax) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `The server is already reading ${uploadsAtOnceMax} files (the limit is ${uploadsAtOnceMax} at once). Please try again in a moment.`,
    );
  }
  uploadsReading += 1;
  try {
    return await work();
  } finally {
    uploadsReading -= 1;
  }
}

/**
 * The one file of a multipart upload, at most `bytesMax` bytes: past it the upload is refused with
 * 413 naming this route's limit (not the server-wide one). Undefined when the upload has no file.
 */
export async function readUploadedFile(upload: FileUpload, bytesMax: number): Promise<Buffer | undefined> {
  if (!upload.isMultipart())
    throw new AppError('BAD_REQUEST', 'The request is not a file upload (multipart/form-data).');
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', `The file is too large (the limit is ${sizeText(bytesMax)}).`);
  try {
    const file = await upload.file({ limits: { fileSize: bytesMax, files: 1 } });
    if (!file) return undefined;
    const content = await file.toBuffer();
    // a file cut at the limit by its last chunk comes back without an error: its stream says so
    if (file.file?.truncated || content.length > bytesMax) throw tooLarge();
    return content;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Please upload one file at a time (the limit is 1 file).');
    }
    throw error;
  }
}
