'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiErr } from '@/lib/dashboard/client/api';
import type { Account, List } from '@/lib/dashboard/types';
import { useToast } from '@/components/ui/toast';

type Snapshot = Array<[readonly unknown[], unknown]>;

function patched(a: Account, enabled: boolean): Account {
  if (enabled) return { ...a, is_disabled: false };
  return { ...a, is_disabled: true, status: a.status === 'ACTIVE' ? 'INACTIVE' : a.status };
}

/** Enable/disable with an optimistic cache update (lists and detail), rolled back if the API refuses. */
export function useToggleAccount() {
  const qc = useQueryClient();
  const toast = useToast();
  const isAccountQuery = (key: readonly unknown[]) =>
    key[0] === 'v3' && String(key[1]).startsWith('/connected_accounts') && !String(key[1]).endsWith('/timeline');
  return useMutation<unknown, ApiErr, { id: string; enabled: boolean }, Snapshot>({
    mutationFn: ({ id, enabled }) => api(`/connected_accounts/${id}/status`, { method: 'PATCH', body: { enabled } }),
    onMutate: async ({ id, enabled }) => {
      await qc.cancelQueries({ predicate: (q) => isAccountQuery(q.queryKey) });
      const snapshot = qc.getQueriesData({ predicate: (q) => isAccountQuery(q.queryKey) }) as Snapshot;
      for (const [key, data] of snapshot) {
        if (!data) continue;
        if ((data as List<Account>).items) {
          const l = data as List<Account>;
          qc.setQueryData(key, { ...l, items: l.items.map((a) => (a.id === id ? patched(a, enabled) : a)) });
        } else if ((data as Account).id === id) {
          qc.setQueryData(key, patched(data as Account, enabled));
        }
      }
      return snapshot;
    },
    onError: (err, { id }, snapshot) => {
      for (const [key, data] of snapshot ?? []) qc.setQueryData(key, data);
      toast.error(`Could not update ${id}: ${err.message}`, err.suggestedFix);
    },
    onSuccess: (_, { id, enabled }) => toast.success(`${id} ${enabled ? 'enabled' : 'disabled'}`),
    onSettled: () =>
      qc.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'v3' && String(q.queryKey[1]).startsWith('/connected_accounts'),
      }),
  });
}
