import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '../shared/api/api-client';
import { ApiError } from '../shared/api/api-error';
import { sessionStore } from '../shared/session/session-store';
import { notifyError, notifySuccess } from '../shared/toast/toast-store';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The screen shows the error itself: no toast. */
      silent?: boolean;
    };
    mutationMeta: {
      /** The success toast; the server's userMessage overrides it (spec core §8). */
      successMessage?: string;
      /** The screen shows the error itself: no toast. */
      silent?: boolean;
    };
  }
}

/** Failures that repeat the same way: bad input, refusals, missing rights, a session that ended. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.network || error.status >= 500;
}

/** Retries of a failing read: at most 2, and only for network and server faults. */
export const queryRetriesMax = 2;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) notifyError(error);
      },
      onSuccess: (data, _variables, _context, mutation) => {
        // a mutation that declares a success text gets its toast; the server's userMessage overrides the text
        const message = mutation.meta?.successMessage;
        if (message) notifySuccess(message, (data as Partial<ApiResponse<unknown>> | undefined)?.userMessage);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isRetryable(error) && failureCount < queryRetriesMax,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  // nothing fetched for one user outlives the session
  sessionStore.onLoggedOut(() => client.clear());
  return client;
}
