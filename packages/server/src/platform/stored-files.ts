import crypto from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { sql } from 'kysely';
import type { Executor } from './db/database';

/**
 * Files kept in the database (a job's result, a stored statement), so that any API process can
 * serve what another made (docs/decisions/011-jobs.md). They are written and read in parts of
 * `filePartBytes`: a process holds one part at a time, however large the file.
 */

export const filePartBytes = 256 * 1024;

export interface StoredFile {
  id: number;
  fileName: string;
  contentType: string;
  byteCount: number;
  sha256: string | null;
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function createStoredFile(
  db: Executor,
  file: { fileName: string; contentType: string; jobId?: number },
): Promise<number> {
  const result = await sql<{ id: number }>`
    insert into stored_files (file_name, content_type, job_id)
    values (${file.fileName}, ${file.contentType}, ${file.jobId ?? null}) returning id`.execute(db);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('the file was not stored');
  return id;
}

async function insertPart(db: Executor, fileId: number, part: number, bytes: Buffer): Promise<void> {
  await sql`insert into stored_file_parts (file_id, part, bytes) values (${fileId}, ${part}, ${bytes})`.execute(db);
}

async function completeFile(db: Executor, fileId: number, byteCount: number, sha256: string): Promise<void> {
  await sql`
    update stored_files set byte_count = ${byteCount}, sha256 = ${sha256}, completed_at = now()
    where id = ${fileId}`.execute(db);
}

export async function deleteStoredFile(db: Executor, fileId: number): Promise<void> {
  await sql`delete from stored_files where id = ${fileId}`.execute(db);
}

/**
 * A stream that stores what is written to it as the file's parts, each as it fills (the writer
 * waits while a part is inserted), and completes the file with its size and sha-256 when it ends.
 */
export function storedFileWriter(db: Executor, fileId: number): Writable {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let part = 0;
  let total = 0;
  const hash = crypto.createHash('sha256');
  const flush = async (all: boolean) => {
    while (pendingBytes >= filePartBytes || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const bytes = joined.subarray(0, filePartBytes);
      const rest = joined.subarray(bytes.length);
      pending = rest.length > 0 ? [Buffer.from(rest)] : [];
      pendingBytes = rest.length;
      await insertPart(db, fileId, part, Buffer.from(bytes));
      part += 1;
    }
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      hash.update(bytes);
      total += bytes.length;
      pending.push(bytes);
      pendingBytes += bytes.length;
      flush(false).then(() => done(), done);
    },
    final(done) {
      flush(true)
        .then(() => completeFile(db, fileId, total, hash.digest('hex')))
        .then(() => done(), done);
    },
  });
}

/** Stores a file that is already in memory (a one-page statement). */
export async function storeFile(
  db: Executor,
  file: { fileName: string; contentType: string; bytes: Buffer },
): Promise<number> {
  const id = await createStoredFile(db, file);
  for (let part = 0; part * filePartBytes < file.bytes.length; part++) {
    await insertPart(db, id, part, file.bytes.subarray(part * filePartBytes, (part + 1) * filePartBytes));
  }
  await completeFile(db, id, file.bytes.length, crypto.createHash('sha256').update(file.bytes).digest('hex'));
  return id;
}

export async function storedFile(db: Executor, fileId: number): Promise<StoredFile | undefined> {
  const result = await sql<StoredFile>`
    select id, file_name, content_type, byte_count, sha256 from stored_files
    where id = ${fileId} and completed_at is not null`.execute(db);
  return result.rows[0];
}

/** The file's bytes as a stream, read one part at a time. */
export function storedFileStream(db: Executor, fileId: number): Readable {
  let part = 0;
  return new Readable({
    read() {
      sql<{ bytes: Uint8Array }>`select bytes from stored_file_parts where file_id = ${fileId} and part = ${part}`
        .execute(db)
        .then((result) => {
          const row = result.rows[0];
          part += 1;
          this.push(row ? asBuffer(row.bytes) : null);
        })
        .catch((error: unknown) => this.destroy(error as Error));
    },
  });
}

/** The whole file (tests, and small files). */
export async function storedFileBytes(db: Executor, fileId: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storedFileStream(db, fileId)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
