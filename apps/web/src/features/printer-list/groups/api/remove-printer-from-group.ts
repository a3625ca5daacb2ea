import { apiClient } from '../../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../../api/contract';

/** Takes the printer out of the group; it then shows in the synthetic ALL-PRINTERS group. */
export function removePrinterFromGroup(input: {
  groupId: number;
  printerId: number;
}): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/printer-groups/{id}/printer/', { id: input.groupId }),
    body: { printer_id: input.printerId } satisfies ApiRequestBody<
      '/printer-groups/{id}/printer/',
      'delete'
    >,
  });
}
