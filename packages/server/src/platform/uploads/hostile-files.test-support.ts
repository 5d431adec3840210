import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * Hostile upload files built at test time (never committed): workbooks whose parts inflate far past
 * what they are sent as, or declare less than they hold, and sheets and CSV files of millions of
 * rows. Big parts are built from one compressed block repeated: raw deflate segments each ended
 * with a full flush refer to nothing before them, so N copies back to back inflate to N times the
 * block, and a few MB of file can hold gigabytes.
 */
export interface ZipEntry {
  name: string;
  /** The bytes as stored (deflated when `method` is 8). */
  data: Buffer;
  method: 0 | 8;
  /** The uncompressed size written in the headers; a lie when the test wants one. */
  declaredSize: number;
  crc: number;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function deflatedEntry(name: string, content: string | Buffer): ZipEntry {
  const raw = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  return { name, data: zlib.deflateRawSync(raw), method: 8, declaredSize: raw.length, crc: crc32(raw) };
}

export function storedEntry(name: string, raw: Buffer): ZipEntry {
  return { name, data: raw, method: 0, declaredSize: raw.length, crc: crc32(raw) };
}

/** A deflated part of `head`, then `block` `times` times, then `tail`, without ever holding it inflated. */
export function repeatedEntry(name: string, head: string, block: string, times: number, tail: string): ZipEntry {
  const segment = (text: string) =>
    zlib.deflateRawSync(Buffer.from(text, 'utf8'), { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 });
  const blockData = segment(block);
  const data = Buffer.concat([
    segment(head),
    ...Array.from({ length: times }, () => blockData),
    zlib.deflateRawSync(Buffer.from(tail, 'utf8')),
  ]);
  const size = Buffer.byteLength(head) + Buffer.byteLength(block) * times + Buffer.byteLength(tail);
  return { name, data, method: 8, declaredSize: Math.min(size, 0xfffffffe), crc: 0 };
}

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const sheetHead =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetTail = '</sheetData></worksheet>';

/** The parts every workbook has around its one sheet, `xl/worksheets/sheet1.xml`. */
export function workbookParts(sheetName = 'Sheet1'): ZipEntry[] {
  return [
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    deflatedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    deflatedEntry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflatedEntry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  ];
}

export const mb = 1024 * 1024;

/** One sheet of whitespace that inflates to `inflatedMb` MB from about a thousandth of that. */
export function inflatingSheet(inflatedMb: number): ZipEntry {
  return repeatedEntry('xl/worksheets/sheet1.xml', sheetHead, ' '.repeat(mb), inflatedMb, sheetTail);
}

const receiptRow =
  '<row><c t="inlineStr"><is><t>L-1</t></is></c><c t="inlineStr"><is><t>R-1</t></is></c><c t="inlineStr"><is><t>2027-02-20</t></is></c><c><v>10.5</v></c><c><v>10.5</v></c><c t="inlineStr"><is><t>B-1</t></is></c></row>';

/** One sheet of `rows` receipt-like rows (a multiple of 10,000). */
export function manyRowsSheet(rows: number): ZipEntry {
  return repeatedEntry('xl/worksheets/sheet1.xml', sheetHead, receiptRow.repeat(10_000), rows / 10_000, sheetTail);
}

/** The sheet entry with its declared size replaced by `declaredSize` (a lie the reader must catch). */
export function declaring(entry: ZipEntry, declaredSize: number): ZipEntry {
  return { ...entry, declaredSize };
}

/** A stored part of random bytes: makes a file as large as a real upload may be without adding rows. */
export function padding(bytes: number): ZipEntry {
  return storedEntry('xl/media/image1.bin', crypto.randomBytes(bytes));
}

export function workbook(sheet: ZipEntry, ...more: ZipEntry[]): Buffer {
  return zip([...workbookParts(), sheet, ...more]);
}

/** A CSV of `rows` one-value lines: 2 bytes a line, so millions of rows fit under the byte limits. */
export function manyRowsCsv(rows: number): Buffer {
  return Buffer.from('1\n'.repeat(rows), 'latin1');
}
