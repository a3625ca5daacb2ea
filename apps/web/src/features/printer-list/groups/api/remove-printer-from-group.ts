import { apiClient } from '../../../../api/client';

/** Takes the printer out of the group; it then shows in the synthetic ALL-PRINTERS group. */
export function removePrinterFromGroup(input: {
  groupId: number;
  printerId: number;
}): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: `/printer-groups/${input.groupId}/printer/`,
    body: { printer_id: input.printerId },
  });
}
