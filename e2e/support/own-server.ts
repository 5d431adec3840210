import { type DemoUser, demoPassword, demoUsers } from './demo';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';

/**
 * `test` for journeys that run a server of their own (a fixed clock, short-lived tokens, money of
 * their own that the shared demo server's journeys never see): it starts once per worker with
 * `env`, `baseURL` points at it, and `ownServer` is it.
 */
export function testWithOwnServer(env: Record<string, string>, startTimeoutMs = 300_000) {
  return test.extend<object, { ownServer: RunningServer }>({
    ownServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies first
      async ({}, use) => {
        const server = await startServer(env);
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: startTimeoutMs },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
  });
}

/**
 * Calls the API as a script would (the journeys prepare their books this way): JSON or a
 * multipart FormData body, the envelope's data back, an error with the server's message otherwise.
 */
export async function callApi<T>(
  baseURL: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${baseURL}${url}`, init);
  const envelope = (await response.json()) as { success: boolean; data: T; userMessage?: string };
  if (!envelope.success) throw new Error(`${method} ${url}: ${response.status} ${envelope.userMessage}`);
  return envelope.data;
}

/** A demo user's access token, from the API's login. */
export async function apiToken(baseURL: string, user: DemoUser = 'management'): Promise<string> {
  const session = await callApi<{ accessToken: string }>(baseURL, null, 'POST', '/api/auth/login', {
    email: demoUsers[user].email,
    password: demoPassword,
  });
  return session.accessToken;
}
