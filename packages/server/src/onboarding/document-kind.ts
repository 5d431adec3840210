import { ZipFile } from '../platform/uploads/zip-parts';

/**
 * What an uploaded onboarding document is, read from its content, never from its name: the
 * specification accepts pdf, Word, Excel or any image (investor-and-admin §3 "documents", §9). A
 * file whose bytes are none of these (an executable renamed .pdf, a script, a zip of anything
 * else) has no kind and is refused.
 */
export interface DocumentKind {
  kind: 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'png' | 'jpeg' | 'gif' | 'webp';
  contentType: string;
  extension: string;
}

const kinds = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  doc: { contentType: 'application/msword', extension: 'doc' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  xls: { contentType: 'application/vnd.ms-excel', extension: 'xls' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const satisfies Record<DocumentKind['kind'], { contentType: string; extension: string }>;

/** The kind with its content type and file extension, for a stored document's `content_type`. */
export function documentKind(kind: DocumentKind['kind']): DocumentKind {
  return { kind, ...kinds[kind] };
}

/** The kind a stored content type names (downloads answer with it); undefined for anything else. */
export function kindOfContentType(contentType: string | null): DocumentKind | undefined {
  const entry = Object.entries(kinds).find(([, k]) => k.contentType === contentType);
  return entry ? documentKind(entry[0] as DocumentKind['kind']) : undefined;
}

function startsWith(content: Buffer, bytes: readonly number[], at = 0): boolean {
  if (content.length < at + bytes.length) return false;
  return bytes.every((b, i) => content[at + i] === b);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The kind of a file's content, or undefined when it is not a document the application accepts. */
export function detectDocumentKind(content: Buffer): DocumentKind | undefined {
  // readers tolerate junk before a PDF's header; we do not, so nothing else can pass for one
  if (startsWith(content, ascii('%PDF-'))) return documentKind('pdf');
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return documentKind('png');
  if (startsWith(content, [0xff, 0xd8, 0xff])) return documentKind('jpeg');
  if (startsWith(content, ascii('GIF87a')) || startsWith(content, ascii('GIF89a'))) return documentKind('gif');
  if (startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8)) return documentKind('webp');
  if (startsWith(content, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return compoundFileKind(content);
  if (startsWith(content, [0x50, 0x4b, 0x03, 0x04])) return officeOpenXmlKind(content);
  return undefined;
}

/**
 * A Word 97-2003 or Excel 97-2003 file is a compound file whose directory names a `WordDocument`
 * or a `Workbook` (`Book` in Excel 5) stream. Other compound files (installers, Outlook messages)
 * are not accepted. Directory entries are 128 bytes at 128-byte offsets within sectors, so every
 * such offset past the 512-byte header is looked at.
 */
function compoundFileKind(content: Buffer): DocumentKind | undefined {
  const streams = new Set<string>();
  for (let at = 512; at + 128 <= content.length; at += 128) {
    const nameBytes = content.readUInt16LE(at + 64);
    const objectType = content[at + 66];
    if (nameBytes < 4 || nameBytes > 64 || nameBytes % 2 !== 0 || objectType !== 2) continue;
    const name = content.toString('utf16le', at, at + nameBytes - 2);
    if (name === 'WordDocument' || name === 'Workbook' || name === 'Book') streams.add(name);
  }
  if (streams.has('WordDocument')) return documentKind('doc');
  if (streams.has('Workbook') || streams.has('Book')) return documentKind('xls');
  return undefined;
}

/** A .docx or .xlsx is a zip whose directory holds `[Content_Types].xml` and its main part. */
function officeOpenXmlKind(content: Buffer): DocumentKind | undefined {
  let zip: ZipFile;
  try {
    zip = ZipFile.open(content);
  } catch {
    return undefined;
  }
  if (!zip.part('[Content_Types].xml')) return undefined;
  if (zip.part('word/document.xml')) return documentKind('docx');
  if (zip.part('xl/workbook.xml')) return documentKind('xlsx');
  return undefined;
}
