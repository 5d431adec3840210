import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum parameters: m = 19456 KiB, t = 2, p = 1. */
export const argon2Parameters = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Parameters);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // spend the same time as a real check so a missing user is not told apart by timing
    await hash(password, argon2Parameters);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
