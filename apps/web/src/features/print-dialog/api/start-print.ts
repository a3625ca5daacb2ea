import { PrintStartResponseSchema } from '@printdeck/shared';
import { apiClient } from '../../../api/client';

export interface StartPrintInput {
  printerId: number;
  fileId: number;
  makeVideo: boolean;
}

/** POST /printers/{id}/files/: answers once the device started the job (spec part 2 §7.6). */
export function startPrint(input: StartPrintInput): Promise<{ printjob_id: number }> {
  return apiClient.request({
    method: 'POST',
    path: `/printers/${input.printerId}/files/`,
    body: { file_id: input.fileId, print: true, make_video: input.makeVideo },
    schema: PrintStartResponseSchema,
  });
}
