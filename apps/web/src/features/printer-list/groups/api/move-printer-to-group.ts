import { apiClient } from '../../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../../api/contract';

/** PUT moves the printer into the group (a printer is in at most one group). */
export function movePrinterToGroup(input: { groupId: number; printerId: number }): Promise<void> {
  return apiClient.request({
    method: 'PUT',
    path: apiPath('/printer-groups/{id}/printer/', { id: input.groupId }),
    body: { printer_id: input.printerId } satisfies ApiRequestBody<
      '/printer-groups/{id}/printer/',
      'put'
    >,
  });
}
