import { GcodeSchema, type Gcode } from '@printdeck/shared';
import { apiClient } from '../../../../api/client';
import { apiPath } from '../../../../api/contract';
import { createXhrTransport, type UploadProgressHandler } from '../../../../api/xhr-transport';

export interface UploadGcodeInput {
  workspaceId: number;
  file: File;
  onProgress?: UploadProgressHandler;
  signal?: AbortSignal;
}

/** POST /groups/{g}/files/: one file per call, multipart, with upload progress. */
export function uploadGcode({ workspaceId, file, onProgress, signal }: UploadGcodeInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.request<Gcode>({
    method: 'POST',
    path: apiPath('/groups/{g}/files/', { g: workspaceId }),
    schema: GcodeSchema,
    signal,
    transport: createXhrTransport(form, onProgress),
  });
}
