'use client';
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { api, v3Key, type ApiErr, type QueryParams } from './api';
import { useToast } from '@/components/ui/toast';

export function useV3<T>(path: string | null, query?: QueryParams, opts: Partial<UseQueryOptions<T, ApiErr>> = {}) {
  return useQuery<T, ApiErr>({
    queryKey: v3Key(path ?? '', query),
    queryFn: () => api<T>(path!, { query }),
    enabled: path !== null,
    ...opts,
  } as UseQueryOptions<T, ApiErr>);
}

/** A v3 write with a toast for the outcome; invalidates the given path prefixes on success. */
export function useV3Mutation<TVars, TRes = unknown>(opts: {
  request: (vars: TVars) => { path: string; method: string; body?: unknown; query?: QueryParams };
  invalidate?: string[];
  success?: string | ((res: TRes, vars: TVars) => string | undefined);
  onSuccess?: (res: TRes, vars: TVars) => void;
  silent?: boolean;
}) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation<TRes, ApiErr, TVars>({
    mutationFn: (vars) => {
      const r = opts.request(vars);
      return api<TRes>(r.path, { method: r.method, body: r.body, query: r.query });
    },
    onSuccess: (res, vars) => {
      const msg = typeof opts.success === 'function' ? opts.success(res, vars) : opts.success;
      if (msg) toast.success(msg);
      for (const p of opts.invalidate ?? []) {
        void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'v3' && String(q.queryKey[1]).startsWith(p) });
      }
      opts.onSuccess?.(res, vars);
    },
    onError: (err) => {
      if (!opts.silent) toast.error(err.message, err.suggestedFix);
    },
  });
}
