import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { router } from './router';

// antd (its provider, theme and locale) is loaded by the pages that use it (app/antd-raiz.tsx), not here: the login
// page does without it (issue 17).
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
