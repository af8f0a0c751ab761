import type { EndpointAnswer } from '@bolsa/client-kit/api-client';
import { operatorBlockTradeApi } from '@bolsa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

const api = operatorBlockTradeApi;
export type BlockSettings = EndpointAnswer<typeof api.settings>;
export type BlockSettingsBody = z.input<typeof api.saveSettings.body>;
export type BlockPermissionRow = EndpointAnswer<typeof api.permissions>['list'][number];
export type BlockOrderRow = EndpointAnswer<typeof api.orders>['list'][number];

const scope = ['blocktrade'] as const;

export function useBlockSettings() {
  return useQuery({ queryKey: [...scope, 'settings'], queryFn: ({ signal }) => callApi(api.settings, { signal }) });
}

/** Saves the requirements and bands, adds or removes an eligible instrument; the settings answer replaces the cached ones. */
export function useEditBlockSettings() {
  const queryClient = useQueryClient();
  const onSuccess = (answer: BlockSettings) => queryClient.setQueryData([...scope, 'settings'], answer);
  return {
    save: useMutation({ mutationFn: (body: BlockSettingsBody) => callApi(api.saveSettings, { body }), onSuccess }),
    add: useMutation({
      mutationFn: (body: { code: string; blockSize?: string }) => callApi(api.addInstrument, { body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (code: string) => callApi(api.removeInstrument, { params: { code }, body: {} }), onSuccess }),
  };
}

export function useBlockPermissions(pageNum: number) {
  return useQuery({
    queryKey: [...scope, 'permissions', pageNum],
    queryFn: ({ signal }) => callApi(api.permissions, { query: { pageNum, pageSize: 20 }, signal }),
  });
}

export function useSuspendBlockPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) => callApi(api.suspend, { params: { userId }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...scope, 'permissions'] }),
  });
}

export function useBlockOrders(pageNum: number) {
  return useQuery({
    queryKey: [...scope, 'orders', pageNum],
    queryFn: ({ signal }) => callApi(api.orders, { query: { pageNum, pageSize: 20 }, signal }),
  });
}
