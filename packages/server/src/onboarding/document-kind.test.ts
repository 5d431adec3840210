import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { samplePdfText } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { decryptTfn, encryptTfn, isEncryptedTfn, mapTaxFileNumbers } from '../platform/crypto/tfn-cipher';
import { deflatedEntry, zip } from '../platform/uploads/hostile-files.test-support';
import { detectDocumentKind } from './document-kind';
import { newIncomingPath, removeStaleIncoming } from './document-store';
import { checkedFileName } from './receive-submission';
import { contentDisposition } from './review-applications';

const bytes = (...values: number[]) => Buffer.from(values);

/** A compound file (Word/Excel 97-2003) with one directory entry naming `stream`, at offset 512. */
function compoundFile(stream: string): Buffer {
  const file = Buffer.alloc(1024);
  bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1).copy(file, 0);
  const name = Buffer.from(`${stream}\u0000`, 'utf16le');
  name.copy(file, 512);
  file.writeUInt16LE(name.length, 512 + 64);
  file[512 + 66] = 2; // a stream
  return file;
}

describe('a document is known by its content, not its name', () => {
  it.each([
    ['pdf', Buffer.from(samplePdfText), 'application/pdf'],
    ['png', Buffer.concat([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), Buffer.alloc(16)]), 'image/png'],
    ['jpeg', Buffer.concat([bytes(0xff, 0xd8, 0xff, 0xe0), Buffer.alloc(16)]), 'image/jpeg'],
    ['gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1'), 'image/gif'],
    ['webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'image/webp'],
    ['doc', compoundFile('WordDocument'), 'application/msword'],
    ['xls', compoundFile('Workbook'), 'application/vnd.ms-excel'],
    [
      'docx',
      zip([deflatedEntry('[Content_Types].xml', '<Types/>'), deflatedEntry('word/document.xml', '<w:document/>')]),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'xlsx',
      zip([deflatedEntry('[Content_Types].xml', '<Types/>'), deflatedEntry('xl/workbook.xml', '<workbook/>')]),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  ])('%s', (kind, content, contentType) => {
    expect(detectDocumentKind(content)).toMatchObject({ kind, contentType });
  });

  it.each([
    ['a Windows executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
    ['an ELF executable', Buffer.concat([bytes(0x7f, 0x45, 0x4c, 0x46), Buffer.alloc(200)])],
    ['a script', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an SVG image (it can carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['junk before a PDF header', Buffer.from(`MZ${samplePdfText}`)],
    ['a zip of anything else', zip([deflatedEntry('payload.exe', 'MZ')])],
    ['a compound file that is not Word or Excel', compoundFile('__substg1.0_0037001F')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s', (_what, content) => {
    expect(detectDocumentKind(content)).toBeUndefined();
  });
});

describe('file names are kept only as text', () => {
  it.each(['licence.pdf', 'Führerschein "neu".pdf', 'scan (1).jpeg'])('keeps %s', (name) => {
    expect(checkedFileName(name)).toBe(name);
  });
  it.each(['../../etc/passwd', 'C:\\Windows\\evil.pdf', 'a/b.pdf', '..', 'bad\u0000.pdf', 'line\nbreak.pdf', ''])(
    'refuses %j',
    (name) => {
      expect(() => checkedFileName(name)).toThrow(/plain file name/);
    },
  );

  it('downloads name the original file safely: an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('a"b\\c;\r\nd.pdf')).toBe(
      `attachment; filename="a_b_c;__d.pdf"; filename*=UTF-8''a%22b%5Cc%3B%0D%0Ad.pdf`,
    );
  });
});

describe('tax file numbers are stored encrypted', () => {
  const key = Buffer.alloc(32, 7);
  it('round-trips, with a fresh nonce each time, and a tampered value fails', () => {
    const a = encryptTfn(key, '123 456 782');
    const b = encryptTfn(key, '123 456 782');
    expect(a).not.toBe(b);
    expect(isEncryptedTfn(a)).toBe(true);
    expect(a).not.toContain('782');
    expect(decryptTfn(key, a)).toBe('123 456 782');
    const tampered = `${a.slice(0, -4)}AAAA`;
    expect(() => decryptTfn(key, tampered)).toThrow();
    expect(() => decryptTfn(Buffer.alloc(32, 8), a)).toThrow();
  });

  it('every taxFileNumber of the application data is encrypted, nothing else', () => {
    const data = {
      entityTaxInformation: { taxFileNumber: '123 456 782', australianTaxRegistered: true },
      corporateTaxInformation: { taxFileNumber: '565 051 603', taxInformationNumber: 'X1' },
      register: { firstName: 'Taylor' },
    };
    const stored = mapTaxFileNumbers(data, (tfn) => encryptTfn(key, tfn)) as typeof data;
    expect(isEncryptedTfn(stored.entityTaxInformation.taxFileNumber)).toBe(true);
    expect(isEncryptedTfn(stored.corporateTaxInformation.taxFileNumber)).toBe(true);
    expect(stored.corporateTaxInformation.taxInformationNumber).toBe('X1');
    expect(stored.register.firstName).toBe('Taylor');
  });
});

describe('incoming uploads a crash left behind', () => {
  it('are removed once a day old; newer ones stay', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-incoming-'));
    try {
      const old = newIncomingPath(dataDir);
      const fresh = newIncomingPath(dataDir);
      fs.writeFileSync(old, 'x');
      fs.writeFileSync(fresh, 'y');
      const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
      fs.utimesSync(old, dayAgo, dayAgo);
      expect(removeStaleIncoming(dataDir, new Date(), 24 * 60 * 60_000)).toBe(1);
      expect(fs.existsSync(old)).toBe(false);
      expect(fs.existsSync(fresh)).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
