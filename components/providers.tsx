'use client';
import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from './ui/toast';
import type { ApiErr } from '@/lib/dashboard/client/api';

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 15_000,
            refetchOnWindowFocus: false,
            // 4xx answers (missing operation, validation, not found) are final; retry network trouble once.
            retry: (n, err) => n < 1 && !((err as ApiErr).status >= 400 && (err as ApiErr).status < 500),
          },
        },
      }),
  );
  // Marks the document once React has hydrated it: browser tests wait for this before typing or
  // clicking, since input given to server-rendered markup earlier is lost or submits natively.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
