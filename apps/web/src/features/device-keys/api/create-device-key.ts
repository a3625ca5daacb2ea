import { DeviceKeyTokenSchema } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

/**
 * A new device key, shown once, for the agent's configuration. Made in a workspace (its home):
 * the key attaches there, or where an admin of it shares it.
 */
export function createDeviceKey(workspaceId?: number | null): Promise<{ token: string }> {
  return apiClient.request({
    method: 'POST',
    path: '/device_keys/',
    ...(workspaceId ? { body: { group: workspaceId } } : {}),
    schema: DeviceKeyTokenSchema,
  });
}

export function useCreateDeviceKey() {
  return useMutation({ mutationFn: createDeviceKey });
}
