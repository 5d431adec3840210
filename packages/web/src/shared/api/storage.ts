/**
 * Everything the web keeps in browser storage (spec core §9): the session tokens, Remember Me,
 * the saved email and the one-time welcome-video flag. Tokens live in local storage when Remember
 * Me is set and in session storage otherwise (spec core §6).
 */
export const storageKeys = {
  session: 'lm.session',
  rememberMe: 'lm.rememberMe',
  rememberedEmail: 'lm.rememberedEmail',
  welcomeVideoSeen: 'lm.welcomeVideoSeen',
  /** The account an investor chose in the marketplace header, for this tab (session storage). */
  marketplaceAccount: 'lm.marketplaceAccount',
} as const;

export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Server clock minus browser clock when the access token was issued, so expiry survives clock skew. */
  serverOffsetMs: number;
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // storage disabled (private mode): the session lasts as long as the page
  }
}

function parseSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof value.accessToken !== 'string' || typeof value.refreshToken !== 'string') return null;
    return {
      accessToken: value.accessToken,
      refreshToken: value.refreshToken,
      serverOffsetMs: typeof value.serverOffsetMs === 'number' ? value.serverOffsetMs : 0,
    };
  } catch {
    return null;
  }
}

/** The stored session and whether it is the remembered (local storage) one. */
export function readSession(): { session: StoredSession; remembered: boolean } | null {
  const local = parseSession(safeGet(localStorage, storageKeys.session));
  if (local) return { session: local, remembered: true };
  const session = parseSession(safeGet(sessionStorage, storageKeys.session));
  return session ? { session, remembered: false } : null;
}

export function writeSession(session: StoredSession, remembered: boolean): void {
  const text = JSON.stringify(session);
  safeSet(remembered ? localStorage : sessionStorage, storageKeys.session, text);
  safeSet(remembered ? sessionStorage : localStorage, storageKeys.session, null);
}

export function clearSession(): void {
  safeSet(localStorage, storageKeys.session, null);
  safeSet(sessionStorage, storageKeys.session, null);
  safeSet(sessionStorage, storageKeys.marketplaceAccount, null);
}

export interface RememberedLogin {
  rememberMe: boolean;
  email: string;
}

export function readRememberedLogin(): RememberedLogin {
  return {
    rememberMe: safeGet(localStorage, storageKeys.rememberMe) === 'true',
    email: safeGet(localStorage, storageKeys.rememberedEmail) ?? '',
  };
}

/** With Remember Me the email is saved for the next visit; without it both are forgotten. */
export function writeRememberedLogin(rememberMe: boolean, email: string): void {
  safeSet(localStorage, storageKeys.rememberMe, rememberMe ? 'true' : null);
  safeSet(localStorage, storageKeys.rememberedEmail, rememberMe ? email : null);
}

export function readFlag(key: string): boolean {
  return safeGet(localStorage, key) === 'true';
}

export function writeFlag(key: string, value: boolean): void {
  safeSet(localStorage, key, value ? 'true' : null);
}

/** The account chosen in the marketplace header in this tab, kept across the marketplace, a loan and the Invest dialog. */
export function readChosenMarketplaceAccount(): number | null {
  const raw = typeof window === 'undefined' ? null : safeGet(window.sessionStorage, storageKeys.marketplaceAccount);
  const id = raw === null ? Number.NaN : Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function writeChosenMarketplaceAccount(accountId: number | null): void {
  if (typeof window === 'undefined') return;
  safeSet(window.sessionStorage, storageKeys.marketplaceAccount, accountId === null ? null : String(accountId));
}
