import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';

type LedBody = ApiRequestBody<'/printers/{id}/led/', 'put'>;

const ON: LedBody = { color: [255, 255, 255] };
const OFF: LedBody = { color: [0, 0, 0] };

/** The pill's LED: white to turn it on, black to turn it off. */
export function setPrinterLed(input: { printerId: number; isOn: boolean }): Promise<void> {
  return apiClient.request({
    method: 'PUT',
    path: apiPath('/printers/{id}/led/', { id: input.printerId }),
    body: input.isOn ? ON : OFF,
  });
}
