import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; a dropped connection or a 5xx may.
      retry: (intentos, error) => intentos < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
