import { PrintStartResponseSchema, PrintStartWaitingSchema } from '@printdeck/shared';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody, type ApiResponseBody } from '../../../api/contract';

export interface StartPrintInput {
  printerId: number;
  fileId: number;
  makeVideo: boolean;
  /** the plate of a `.gcode.3mf` */
  plate?: number;
}

/**
 * POST /printers/{id}/files/: answers once the device started the job (spec part 2 §7.6), or
 * 202 with a waiting start when the workspace's staggered-start rule holds it (issue 26).
 */
type PrintStart = ApiResponseBody<'/printers/{id}/files/', 'post'>;

export function startPrint(input: StartPrintInput): Promise<PrintStart> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/printers/{id}/files/', { id: input.printerId }),
    body: {
      file_id: input.fileId,
      print: true,
      make_video: input.makeVideo,
      ...(input.plate !== undefined ? { plate: input.plate } : {}),
    } satisfies ApiRequestBody<'/printers/{id}/files/', 'post'>,
    schema: z.union([PrintStartResponseSchema, PrintStartWaitingSchema]),
  });
}
