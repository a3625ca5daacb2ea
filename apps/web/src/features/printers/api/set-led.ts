import { apiClient } from '../../../api/client';

const ON = [255, 255, 255] as const;
const OFF = [0, 0, 0] as const;

/** The pill's LED: white to turn it on, black to turn it off. */
export function setPrinterLed(input: { printerId: number; isOn: boolean }): Promise<void> {
  return apiClient.request({
    method: 'PUT',
    path: `/printers/${input.printerId}/led/`,
    body: { color: input.isOn ? ON : OFF },
  });
}
