import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError, type Role, sessionMessages } from '@lm/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface Actor {
  userId: number;
  role: Role;
  email: string;
  /** The session the access token was issued in (its `sid`); absent for work the server does itself. */
  sessionId?: string;
}

const issuer = 'lending-marketplace';

/** The signing key: JWT_SECRET, or one generated once and kept in DATA_DIR. */
export function loadSigningKey(secret: string | undefined, dataDir: string | undefined): Uint8Array {
  if (secret) return new TextEncoder().encode(secret);
  if (!dataDir) return crypto.randomBytes(32);
  const keyPath = path.join(dataDir, 'signing-key');
  if (!fs.existsSync(keyPath)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(keyPath, crypto.randomBytes(48).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(keyPath, 'utf8').trim());
}

/** How many verified access tokens are remembered (the oldest is forgotten first). */
export const verifiedTokensMax = 10_000;

export class TokenService {
  /**
   * Access tokens already verified, with their expiry: a signed token's claims cannot change, so
   * the same token string needs its signature checked only once; each use still checks the
   * expiry against the clock, and an expired one goes through the full verification again.
   */
  private readonly verified = new Map<string, { actor: Actor; expiresAt: number }>();

  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly now: () => Date,
  ) {}

  /** An access token for a session: the `sid` claim ties it to the session each request checks. */
  async issueAccessToken(actor: Actor & { sessionId: string }): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ role: actor.role, email: actor.email, typ: 'access', sid: actor.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(actor.userId))
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /** Verifies an access token: expired is 401 'Expired Token', anything else wrong is 666. */
  async verifyAccessToken(token: string | undefined): Promise<Actor> {
    if (!token) throw new AppError('TOKEN_TAMPERED', sessionMessages.tokenTampered);
    const known = this.verified.get(token);
    if (known && Math.floor(this.now().getTime() / 1000) < known.expiresAt) return { ...known.actor };
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.role !== 'string') {
        throw new AppError('TOKEN_TAMPERED', sessionMessages.tokenTampered);
      }
      const actor: Actor = {
        userId: Number(payload.sub),
        role: payload.role as Role,
        email: String(payload.email ?? ''),
      };
      if (typeof payload.sid === 'string') actor.sessionId = payload.sid;
      if (typeof payload.exp === 'number') this.remember(token, actor, payload.exp);
      return { ...actor };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', sessionMessages.tokenExpired);
      throw new AppError('TOKEN_TAMPERED', sessionMessages.tokenTampered);
    }
  }

  private remember(token: string, actor: Actor, expiresAt: number): void {
    this.verified.delete(token);
    if (this.verified.size >= verifiedTokensMax) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { actor, expiresAt });
  }
}

/** Reads "Authorization: Bearer <token>" (or a bare token, as the startup check may send). */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value.trim());
  return (match?.[1] ?? value).trim() || undefined;
}
