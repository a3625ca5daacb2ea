import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

/** Switches the printer's power relay on (POST) or off (DELETE). */
export function setPrinterPower(input: { printerId: number; isOn: boolean }) {
  return apiClient.request({
    method: input.isOn ? 'POST' : 'DELETE',
    path: apiPath('/printers/{id}/power/', { id: input.printerId }),
  });
}
