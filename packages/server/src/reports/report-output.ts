import { Writable } from 'node:stream';

/**
 * The reply a report streams into takes fewer, larger writes: each write to the reply is a
 * chunk of the HTTP response (a frame, a system call), so a statement written a line or an XML
 * element at a time would spend more on the writes than on the rows. Renderers write through
 * these, which pass the text on in chunks of about `reportChunkBytes`, honouring the reply's
 * backpressure and failing (instead of waiting forever) when the reply is closed under them.
 */

/** Bytes gathered before they are written to the reply. */
export const reportChunkBytes = 64 * 1024;

/** Waits for the stream to take more, or fails if it closes or errs first. */
function drained(out: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the report\u2019s reply closed before it was written'));
    const onError = (error: Error) => done(error);
    out.once('drain', onDrain);
    out.once('close', onClose);
    out.once('error', onError);
  });
}

/**
 * Waits while a stream holds more than it wants (a slow reader of the reply). Libraries that write
 * without looking at backpressure (exceljs, pdfkit) would otherwise pile the file up in memory;
 * renderers call this every `rowsBetweenBackpressureChecks` rows.
 */
export async function whenDrained(stream: Writable): Promise<void> {
  // first a turn of the event loop: a library's output reaches the stream through pipes and
  // events, which rows that come as promises alone would never let run
  await new Promise((resolve) => setImmediate(resolve));
  while (stream.writableNeedDrain) await drained(stream);
}

/** Rows rendered between two looks at the reply's backpressure. */
export const rowsBetweenBackpressureChecks = 500;

async function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> {
  if (out.destroyed) throw new Error('the report\u2019s reply closed before it was written');
  if (!out.write(chunk)) await drained(out);
}

function endStream(out: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Text gathered into chunks (csv). */
export class ChunkedText {
  private parts: string[] = [];
  private length = 0;

  constructor(private readonly out: Writable) {}

  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= reportChunkBytes) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.length === 0) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.length = 0;
    await writeChunk(this.out, chunk);
  }

  async end(): Promise<void> {
    await this.flush();
    await endStream(this.out);
  }
}

/**
 * A writable for libraries that write many small buffers (exceljs's zip, pdfkit): it passes them
 * on to `out` in chunks, and ends `out` when it ends.
 */
export function chunkedStream(out: Writable): Writable {
  let parts: Buffer[] = [];
  let length = 0;
  const forward = (callback: (error?: Error | null) => void) => {
    const chunk = Buffer.concat(parts, length);
    parts = [];
    length = 0;
    writeChunk(out, chunk).then(() => callback(), callback);
  };
  return new Writable({
    highWaterMark: reportChunkBytes,
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      length += chunk.length;
      if (length >= reportChunkBytes) forward(callback);
      else callback();
    },
    final(callback) {
      const finish = () => endStream(out).then(() => callback(), callback);
      if (length === 0) finish();
      else forward((error) => (error ? callback(error) : finish()));
    },
  });
}
