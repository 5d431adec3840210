import type { RouteData, RouteRequest } from '@lm/domain';
import type { authenticateJwtRoute, loginRoute, logoutRoute, userDetailsRoute } from '@lm/domain/routes';
import { useSyncExternalStore } from 'react';
import { api, onSessionEnded, storeTokens } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { clearSession, readSession, storageKeys, writeRememberedLogin } from '../api/storage';
import { toast } from '../toast/toast-store';
import { loadSessionMessages } from './load-session-messages';

/** GET api/user/details (the session feature of the server). */
export type UserDetails = RouteData<typeof userDetailsRoute>;

/**
 * The session calls, typed by their contracts. Only the types come from the domain: the login
 * route loads no zod (see session-messages.ts), so the paths are literals the compiler checks.
 */
const sessionPaths: {
  login: (typeof loginRoute)['path'];
  logout: (typeof logoutRoute)['path'];
  check: (typeof authenticateJwtRoute)['path'];
  details: (typeof userDetailsRoute)['path'];
} = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  check: '/authenticateJwt',
  details: '/api/user/details',
};

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated' | 'unavailable';

export interface SessionState {
  status: SessionStatus;
  user: UserDetails | null;
  /** Shown on the login page without a toast ('Your session has expired. Please login again.'). */
  notice: string | null;
}

let state: SessionState = { status: 'loading', user: null, notice: null };
const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();

function setState(next: Partial<SessionState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function loggedOut(notice: string | null) {
  clearSession();
  setState({ status: 'anonymous', user: null, notice });
  for (const listener of endListeners) listener();
}

// The session flow of the API client gives up: log out with the catalogue's message (spec core §8).
onSessionEnded((reason) => {
  if (state.status === 'anonymous') return;
  loggedOut(null);
  void loadSessionMessages().then((messages) => {
    if (reason === 'tampered') toast.error(messages.pleaseLoginAgain);
    else if (state.status === 'anonymous') setState({ notice: messages.sessionExpired });
  });
});

// Another tab of this browser logged out of the remembered session: this tab follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKeys.session || event.newValue !== null) return;
    if (state.status === 'authenticated' && readSession() === null) loggedOut(null);
  });
}

async function loadUser(): Promise<UserDetails> {
  return (await api.get<UserDetails>(sessionPaths.details)).data;
}

export const sessionStore = {
  getState: () => state,

  /**
   * Checks the stored token at startup (GET /authenticateJwt) and loads the user side by side:
   * one round trip, not two. Either refusal ends the attempt (the check's first).
   */
  async init(): Promise<void> {
    if (!readSession()) {
      setState({ status: 'anonymous', user: null });
      return;
    }
    try {
      const [check, user] = await Promise.allSettled([
        api.get<RouteData<typeof authenticateJwtRoute>>(sessionPaths.check),
        loadUser(),
      ]);
      if (check.status === 'rejected') throw check.reason;
      if (user.status === 'rejected') throw user.reason;
      setState({ status: 'authenticated', user: user.value, notice: null });
    } catch (error) {
      if (error instanceof ApiError && error.network) {
        setState({ status: 'unavailable' });
        return;
      }
      if (!(error instanceof ApiError && error.sessionEnded)) clearSession();
      setState({ status: 'anonymous', user: null });
    }
  },

  /** Logs in; Remember Me keeps the tokens in local storage and remembers the email. */
  async login(email: string, password: string, rememberMe: boolean): Promise<UserDetails> {
    const body: RouteRequest<typeof loginRoute>['body'] = { email, password };
    const tokens = await api.post<RouteData<typeof loginRoute>>(sessionPaths.login, body);
    storeTokens(tokens.data, rememberMe);
    writeRememberedLogin(rememberMe, email);
    const user = await loadUser();
    setState({ status: 'authenticated', user, notice: null });
    return user;
  },

  /** Logs out: the server revokes the refresh token's family; the browser forgets the tokens. */
  async logout(): Promise<void> {
    const stored = readSession();
    if (stored) {
      const body: RouteRequest<typeof logoutRoute>['body'] = { refreshToken: stored.session.refreshToken };
      await api.post<RouteData<typeof logoutRoute>>(sessionPaths.logout, body).catch(() => undefined);
    }
    loggedOut(null);
  },

  async reloadUser(): Promise<void> {
    setState({ user: await loadUser() });
  },

  clearNotice() {
    if (state.notice) setState({ notice: null });
  },

  /** Called whenever the session ends (the query cache is emptied so no data outlives it). */
  onLoggedOut(listener: () => void): () => void {
    endListeners.add(listener);
    return () => endListeners.delete(listener);
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

/** The signed-in user; only for screens behind a role gate. */
export function useUser(): UserDetails {
  const { user } = useSession();
  if (!user) throw new Error('useUser() used outside a signed-in route');
  return user;
}

export function displayName(user: Pick<UserDetails, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}
