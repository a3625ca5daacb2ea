import { DeviceKeyTokenSchema } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../../api/client';
import { apiPath } from '../../../../api/contract';
import { INLINE_ERRORS } from '../../../../api/query-meta';

/**
 * A new device key, shown once, for the agent's configuration. Made in a workspace (its home):
 * the key attaches there, or where an admin of it shares it.
 */
export function createDeviceKey(workspaceId?: number | null): Promise<{ token: string }> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/device_keys/'),
    ...(workspaceId ? { body: { group: workspaceId } } : {}),
    schema: DeviceKeyTokenSchema,
  });
}

/** Errors are the caller's: a `reauth_required` asks for the password, not an error box. */
export function useCreateDeviceKey() {
  return useMutation({ mutationFn: createDeviceKey, meta: INLINE_ERRORS });
}
