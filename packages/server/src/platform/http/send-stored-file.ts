import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/database';
import { type StoredFile, storedFileStream } from '../stored-files';

/** Answers a file kept in the database as a download, read one part at a time. */
export function sendStoredFile(reply: FastifyReply, db: Executor, file: StoredFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.byteCount))
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]+/g, '-')}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(storedFileStream(db, file.id));
}
