import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the console. Failed calls are not retried: the http client already told the user,
 * and a retry would repeat the notice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
