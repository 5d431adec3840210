import crypto from 'node:crypto';

/** A 6-digit code from a cryptographic source, and its stored hash. */
export function newNumericCode(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(crypto.randomInt(0, 10));
  return code;
}

export function hashCode(code: string, salt: string): string {
  return crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function codeMatches(code: string, salt: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(code.trim(), salt), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export function newRefreshToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
