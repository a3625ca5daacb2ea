import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';

const DeviceKeySchema = z.object({ token: z.string().min(1) });

/** A new device key, shown once, for the agent's configuration. */
export function createDeviceKey(): Promise<{ token: string }> {
  return apiClient.request({ method: 'POST', path: '/device_keys/', schema: DeviceKeySchema });
}

export function useCreateDeviceKey() {
  return useMutation({ mutationFn: createDeviceKey });
}
