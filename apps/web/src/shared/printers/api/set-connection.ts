import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

/** Connects OctoPrint or Klipper on the device to the printer (POST), or disconnects (DELETE). */
export function setPrinterConnection(input: { printerId: number; isConnected: boolean }) {
  return apiClient.request({
    method: input.isConnected ? 'POST' : 'DELETE',
    path: apiPath('/printers/{id}/connection/', { id: input.printerId }),
  });
}
