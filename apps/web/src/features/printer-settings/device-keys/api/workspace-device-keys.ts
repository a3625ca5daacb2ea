import { DeviceKeyInfoSchema, DeviceKeyTokenSchema, type DeviceKeyInfo } from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../../api/contract';
import { INLINE_ERRORS } from '../../../../api/query-meta';

export const workspaceDeviceKeysQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'device_keys'] as const;

/** The keys made in the workspace: paired agent, printers, shares (admins only). */
export function getWorkspaceDeviceKeys(
  workspaceId: number,
  signal?: AbortSignal,
): Promise<DeviceKeyInfo[]> {
  return apiClient.request({
    path: apiPath('/groups/{g}/device_keys/', { g: workspaceId }),
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
  const key = { g: workspaceId, id: action.keyId };
  switch (action.kind) {
    case 're-pair':
      return apiClient
        .request({ method: 'POST', path: apiPath('/groups/{g}/device_keys/{id}/re-pair/', key) })
        .then(() => undefined);
    case 'rotate':
      return apiClient.request({
        method: 'POST',
        path: apiPath('/groups/{g}/device_keys/{id}/rotate/', key),
        schema: DeviceKeyTokenSchema,
      });
    case 'revoke':
      return apiClient
        .request({ method: 'DELETE', path: apiPath('/groups/{g}/device_keys/{id}/', key) })
        .then(() => undefined);
    case 'share':
      return apiClient
        .request({
          method: 'POST',
          path: apiPath('/groups/{g}/device_keys/{id}/shares/', key),
          body: { group: action.target } satisfies ApiRequestBody<
            '/groups/{g}/device_keys/{id}/shares/',
            'post'
          >,
        })
        .then(() => undefined);
    case 'unshare':
      return apiClient
        .request({
          method: 'DELETE',
          path: apiPath('/groups/{g}/device_keys/{id}/shares/{target}/', {
            ...key,
            target: action.target,
          }),
        })
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
