import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { reportError } from '../lib/error-modal-store';

/** One retry, and only when no answer came: the server's answers are final. */
function shouldRetry(failureCount: number, error: Error): boolean {
  return failureCount < 1 && isApiError(error) && error.isNetworkError;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => reportError(error, query.meta?.errorHandling),
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) =>
      reportError(error, mutation.meta?.errorHandling),
  }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry },
    mutations: { retry: false },
  },
});
