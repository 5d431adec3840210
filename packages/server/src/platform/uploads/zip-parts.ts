import zlib from 'node:zlib';
import { AppError } from '@lm/domain';
import { sizeText, workbookBytesMax, workbookPartBytesMax, workbookPartsMax } from './upload-limits';

/**
 * The parts of a zip file (an .xlsx workbook) read from its central directory, with limits checked
 * before and while inflating. Nothing here trusts the file: every declared size is checked against
 * the limits before a byte is inflated, and the bytes actually inflated are counted as they stream
 * out, so a part that declares less than it holds is stopped at its declared size. Parts are only
 * ever found through the central directory, so an entry hidden between them is never read; parts
 * that overlap each other still count their bytes every time they are read.
 */
export interface ZipPart {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  dataStart: number;
}

const eocdSignature = 0x06054b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;

const unreadable = (reason: string) =>
  new AppError('INVALID_FILE', `The spreadsheet could not be read (${reason}). Please save it as .xlsx or .csv again.`);

const tooLarge = (what: string, limit: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The spreadsheet is too large when unpacked: ${what} is more than ${sizeText(limit)} (the limit is ${sizeText(limit)}).`,
  );

export class ZipFile {
  readonly parts: ReadonlyMap<string, ZipPart>;
  private inflatedTotal = 0;

  private constructor(
    private readonly content: Buffer,
    parts: Map<string, ZipPart>,
  ) {
    this.parts = parts;
  }

  /** Reads the central directory and refuses the file when a declared size is past its limit. */
  static open(content: Buffer): ZipFile {
    const eocd = findEndOfCentralDirectory(content);
    const entries = content.readUInt16LE(eocd + 10);
    const directorySize = content.readUInt32LE(eocd + 12);
    const directoryOffset = content.readUInt32LE(eocd + 16);
    if (content.readUInt16LE(eocd + 4) !== 0 || content.readUInt16LE(eocd + 6) !== 0) {
      throw unreadable('a zip file split over several disks');
    }
    if (entries === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) {
      throw unreadable('a ZIP64 archive, which a workbook of this size never needs');
    }
    if (entries > workbookPartsMax) {
      throw unreadable(`it has ${entries} parts; a workbook may have at most ${workbookPartsMax}`);
    }
    if (directoryOffset + directorySize > eocd) throw unreadable('its zip directory is damaged');

    const parts = new Map<string, ZipPart>();
    let declaredTotal = 0;
    let at = directoryOffset;
    for (let i = 0; i < entries; i += 1) {
      if (at + 46 > eocd || content.readUInt32LE(at) !== centralSignature) {
        throw unreadable('its zip directory is damaged');
      }
      const flags = content.readUInt16LE(at + 8);
      const method = content.readUInt16LE(at + 10);
      const compressedSize = content.readUInt32LE(at + 20);
      const declaredSize = content.readUInt32LE(at + 24);
      const nameLength = content.readUInt16LE(at + 28);
      const extraLength = content.readUInt16LE(at + 30);
      const commentLength = content.readUInt16LE(at + 32);
      const localOffset = content.readUInt32LE(at + 42);
      if (at + 46 + nameLength > eocd) throw unreadable('its zip directory is damaged');
      const name = content.toString('utf8', at + 46, at + 46 + nameLength);
      at += 46 + nameLength + extraLength + commentLength;

      if (flags & 0x1) throw unreadable('it is encrypted');
      if (method !== 0 && method !== 8) throw unreadable(`the part ${name} uses an unknown compression`);
      if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff) {
        throw unreadable('a ZIP64 archive, which a workbook of this size never needs');
      }
      if (declaredSize > workbookPartBytesMax) throw tooLarge(`the part ${name}`, workbookPartBytesMax);
      declaredTotal += declaredSize;
      if (declaredTotal > workbookBytesMax) throw tooLarge('the workbook', workbookBytesMax);
      if (parts.has(name)) throw unreadable(`the part ${name} is in it twice`);

      if (localOffset + 30 > directoryOffset || content.readUInt32LE(localOffset) !== localSignature) {
        throw unreadable(`the part ${name} is damaged`);
      }
      const localNameLength = content.readUInt16LE(localOffset + 26);
      const localExtraLength = content.readUInt16LE(localOffset + 28);
      const localName = content.toString('utf8', localOffset + 30, localOffset + 30 + localNameLength);
      if (localName !== name || content.readUInt16LE(localOffset + 8) !== method) {
        throw unreadable(`the part ${name} is damaged`);
      }
      const dataStart = localOffset + 30 + localNameLength + localExtraLength;
      if (dataStart + compressedSize > directoryOffset) throw unreadable(`the part ${name} is damaged`);
      if (method === 0 && compressedSize !== declaredSize) throw unreadable(`the part ${name} is damaged`);
      parts.set(name, { name, method, compressedSize, declaredSize, dataStart });
    }
    return new ZipFile(content, parts);
  }

  /** The part of that name, matched as Excel does (without a leading slash, any case). */
  part(name: string): ZipPart | undefined {
    const wanted = name.replace(/^\/+/, '').toLowerCase();
    for (const part of this.parts.values()) if (part.name.toLowerCase() === wanted) return part;
    return undefined;
  }

  /**
   * The part's bytes, inflated as they are consumed (so a reader that stops early inflates no
   * more), in chunks of at most 16 KB. The inflating runs on libuv's thread pool and every chunk
   * arrives in its own turn of the event loop. Past the part's declared size, the part limit or
   * the workbook's total, it throws 413 at once.
   */
  async *chunks(part: ZipPart): AsyncGenerator<Buffer> {
    const data = this.content.subarray(part.dataStart, part.dataStart + part.compressedSize);
    let inflated = 0;
    const count = (chunk: Buffer) => {
      inflated += chunk.length;
      this.inflatedTotal += chunk.length;
      if (inflated > part.declaredSize) {
        // the directory said less than the part holds: a lie we stop at, not a size we trust
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The spreadsheet is too large when unpacked: the part ${part.name} holds more than the ${part.declaredSize} bytes its zip directory declares.`,
        );
      }
      if (inflated > workbookPartBytesMax) throw tooLarge(`the part ${part.name}`, workbookPartBytesMax);
      if (this.inflatedTotal > workbookBytesMax) throw tooLarge('the workbook', workbookBytesMax);
    };
    if (part.method === 0) {
      for (let offset = 0; offset < data.length; offset += 16_384) {
        const chunk = data.subarray(offset, offset + 16_384);
        count(chunk);
        await new Promise((resolve) => setImmediate(resolve));
        yield chunk;
      }
      return;
    }
    const inflate = zlib.createInflateRaw({ chunkSize: 16_384 });
    inflate.end(data);
    try {
      for await (const chunk of inflate) {
        count(chunk as Buffer);
        yield chunk as Buffer;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable(`the part ${part.name} could not be unpacked`);
    } finally {
      inflate.destroy();
    }
  }
}

function findEndOfCentralDirectory(content: Buffer): number {
  const earliest = Math.max(0, content.length - 22 - 0xffff);
  for (let at = content.length - 22; at >= earliest; at -= 1) {
    if (content.readUInt32LE(at) === eocdSignature) return at;
  }
  throw unreadable('it is not a complete zip file');
}
