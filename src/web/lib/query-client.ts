// TanStack Query: server state. The request helper already shows the §8 notice of a failure, so
// only "no response" is retried once; a scope change invalidates everything (auth-flow.changeScope).
import { QueryClient } from '@tanstack/react-query';
import { RequestError } from './request.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => error instanceof RequestError && error.status === 0 && count < 1,
    },
    mutations: { retry: false },
  },
});
