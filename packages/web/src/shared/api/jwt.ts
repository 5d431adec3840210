/** The claims the web reads from an access token; the signature is the server's business. */
export interface AccessClaims {
  sub: string;
  role: string;
  exp: number;
  iat: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes an access token's payload, or null when it is not a decodable token (spec core §5). */
export function decodeAccessToken(token: string): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number' || typeof payload.sub !== 'string') {
      return null;
    }
    return { sub: payload.sub, role: String(payload.role ?? ''), exp: payload.exp, iat: payload.iat };
  } catch {
    return null;
  }
}

/** Seconds of life a token must still have for a call to go out without refreshing first (a fifth of a short-lived token's life). */
export const expiryMarginSecondsMax = 5;

/**
 * Whether the token has expired by the server's clock, estimated from the browser's clock and the
 * offset measured when it was issued (the server may run on CLOCK_NOW, far from the browser).
 */
export function isExpired(claims: AccessClaims, serverOffsetMs: number, browserNowMs = Date.now()): boolean {
  const serverNowSeconds = (browserNowMs + serverOffsetMs) / 1000;
  const margin = Math.min(expiryMarginSecondsMax, (claims.exp - claims.iat) / 5);
  return serverNowSeconds >= claims.exp - margin;
}

/** Server clock minus browser clock, measured from a token the server has just issued. */
export function serverOffsetOf(claims: AccessClaims, browserNowMs = Date.now()): number {
  return claims.iat * 1000 - browserNowMs;
}
