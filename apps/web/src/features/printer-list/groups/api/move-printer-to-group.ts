import { apiClient } from '../../../../api/client';

/** PUT moves the printer into the group (a printer is in at most one group). */
export function movePrinterToGroup(input: { groupId: number; printerId: number }): Promise<void> {
  return apiClient.request({
    method: 'PUT',
    path: `/printer-groups/${input.groupId}/printer/`,
    body: { printer_id: input.printerId },
  });
}
