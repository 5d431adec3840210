import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Tax file numbers are kept encrypted (AES-256-GCM): the stored application holds `tfn:v1:<base64
 * of iv, tag and ciphertext>` where the applicant typed the number, and staff see it masked. The key
 * is `TFN_ENCRYPTION_KEY` (base64 of 32 bytes; set it when several API processes share a database)
 * or, like the signing key, one generated on first use and kept in DATA_DIR/tfn-key.
 */
const prefix = 'tfn:v1:';
const keys = new Map<string, Buffer>();

export function tfnKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.TFN_ENCRYPTION_KEY;
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('TFN_ENCRYPTION_KEY must be the base64 of 32 bytes');
    return key;
  }
  const keyPath = path.join(dataDir, 'tfn-key');
  const known = keys.get(keyPath);
  if (known) return known;
  if (!fs.existsSync(keyPath)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(keyPath, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // another process created it first: use theirs
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(fs.readFileSync(keyPath, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${keyPath} does not hold a 32-byte key`);
  keys.set(keyPath, key);
  return key;
}

export function isEncryptedTfn(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(prefix);
}

export function encryptTfn(key: Buffer, tfn: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from('tfn'));
  const encrypted = Buffer.concat([cipher.update(tfn, 'utf8'), cipher.final()]);
  return prefix + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64');
}

export function decryptTfn(key: Buffer, stored: string): string {
  const raw = Buffer.from(stored.slice(prefix.length), 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from('tfn'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Every `taxFileNumber` text in the application data, encrypted (or masked) in place on a copy. */
export function mapTaxFileNumbers(data: unknown, map: (value: string) => string): unknown {
  if (Array.isArray(data)) return data.map((item) => mapTaxFileNumbers(item, map));
  if (data === null || typeof data !== 'object') return data;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    out[name] =
      name === 'taxFileNumber' && typeof value === 'string' && value.trim() !== ''
        ? map(value)
        : mapTaxFileNumbers(value, map);
  }
  return out;
}

/** A stored tax file number ready to be encrypted at rest: an encrypted one stays as it is. */
export function sealTfn(dataDir: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  return isEncryptedTfn(value) ? value : encryptTfn(tfnKey(dataDir), value);
}

/** The number behind a stored tax file number (one stored before encryption is returned as it is). */
export function revealTfn(dataDir: string, stored: string | null): string | null {
  if (stored === null) return null;
  return isEncryptedTfn(stored) ? decryptTfn(tfnKey(dataDir), stored) : stored;
}
