import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';

/** Prints a file already stored on the printer, by its path. */
export function startLocalFile(input: { printerId: number; path: string }): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/printers/{id}/files/start', { id: input.printerId }),
    body: { path: input.path } satisfies ApiRequestBody<'/printers/{id}/files/start', 'post'>,
  });
}
