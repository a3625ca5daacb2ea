import { DeviceKeyInfoSchema, DeviceKeyTokenSchema, type DeviceKeyInfo } from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../../api/client';
import { INLINE_ERRORS } from '../../../../api/query-meta';

export const workspaceDeviceKeysQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'device_keys'] as const;

/** The keys made in the workspace: paired agent, printers, shares (admins only). */
export function getWorkspaceDeviceKeys(
  workspaceId: number,
  signal?: AbortSignal,
): Promise<DeviceKeyInfo[]> {
  return apiClient.request({
    path: `/groups/${workspaceId}/device_keys/`,
    schema: z.array(DeviceKeyInfoSchema),
    signal,
  });
}

export function useWorkspaceDeviceKeys(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: workspaceDeviceKeysQueryKey(workspaceId),
      queryFn: ({ signal }) => getWorkspaceDeviceKeys(workspaceId, signal),
    }),
  );
}

export type DeviceKeyAction =
  | { kind: 're-pair' | 'rotate' | 'revoke'; keyId: number }
  | { kind: 'share' | 'unshare'; keyId: number; target: number };

/** One admin action on a key; `rotate` answers with the new key, shown once. */
export function runDeviceKeyAction(
  workspaceId: number,
  action: DeviceKeyAction,
): Promise<{ token: string } | undefined> {
  const base = `/groups/${workspaceId}/device_keys/${action.keyId}/`;
  switch (action.kind) {
    case 're-pair':
      return apiClient.request({ method: 'POST', path: `${base}re-pair/` }).then(() => undefined);
    case 'rotate':
      return apiClient.request({
        method: 'POST',
        path: `${base}rotate/`,
        schema: DeviceKeyTokenSchema,
      });
    case 'revoke':
      return apiClient.request({ method: 'DELETE', path: base }).then(() => undefined);
    case 'share':
      return apiClient
        .request({ method: 'POST', path: `${base}shares/`, body: { group: action.target } })
        .then(() => undefined);
    case 'unshare':
      return apiClient
        .request({ method: 'DELETE', path: `${base}shares/${action.target}/` })
        .then(() => undefined);
  }
}

export function useDeviceKeyAction(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DeviceKeyAction) => runDeviceKeyAction(workspaceId, action),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: workspaceDeviceKeysQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}
