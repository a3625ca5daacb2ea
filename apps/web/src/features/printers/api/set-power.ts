import { apiClient } from '../../../api/client';

/** Switches the printer's power relay on (POST) or off (DELETE). */
export function setPrinterPower(input: { printerId: number; isOn: boolean }) {
  return apiClient.request({
    method: input.isOn ? 'POST' : 'DELETE',
    path: `/printers/${input.printerId}/power/`,
  });
}
