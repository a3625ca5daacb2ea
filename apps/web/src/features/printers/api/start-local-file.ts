import { apiClient } from '../../../api/client';

/** Prints a file already stored on the printer, by its path. */
export function startLocalFile(input: { printerId: number; path: string }): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: `/printers/${input.printerId}/files/start`,
    body: { path: input.path },
  });
}
