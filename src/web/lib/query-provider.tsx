// TanStack Query for the layouts whose pages use server state (the console; add it to another
// layout when one of its pages needs queries). Kept out of the entry chunk.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
