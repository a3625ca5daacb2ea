import { apiClient } from '../../../api/client';

export type SpectodaSetting =
  | { setting: 'flashlight' | 'brightness'; percentage: number }
  | { setting: 'color'; color: string };

/** One Spectoda light setting: flashlight or brightness in percent, or a hex colour. */
export function setSpectoda(input: { printerId: number } & SpectodaSetting): Promise<void> {
  const { printerId, setting, ...body } = input;
  return apiClient.request({
    method: 'PUT',
    path: `/printers/${printerId}/spectoda/${setting}/`,
    body,
  });
}
