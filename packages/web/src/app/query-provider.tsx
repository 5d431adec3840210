import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client';

/**
 * The app's one query cache and its provider. Loaded on use (query-gate.tsx), not by the entry:
 * the login page reads nothing through TanStack Query, and goes without its code.
 */
export const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
