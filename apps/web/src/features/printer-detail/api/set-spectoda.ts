import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';

type SpectodaSettingName = 'flashlight' | 'brightness' | 'color';

/** One Spectoda light setting with the body its route takes: a percentage, or a hex colour. */
export type SpectodaSetting = {
  [S in SpectodaSettingName]: { setting: S } & ApiRequestBody<
    `/printers/{id}/spectoda/${S}/`,
    'put'
  >;
}[SpectodaSettingName];

/** One Spectoda light setting: flashlight or brightness in percent, or a hex colour. */
export function setSpectoda(input: { printerId: number } & SpectodaSetting): Promise<void> {
  const { printerId, setting, ...body } = input;
  return apiClient.request({
    method: 'PUT',
    path: apiPath(`/printers/{id}/spectoda/${setting}/`, { id: printerId }),
    body,
  });
}
