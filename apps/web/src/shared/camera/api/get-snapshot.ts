import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export type SnapshotAnswer =
  | { kind: 'image'; blob: Blob; etag: string | null }
  | { kind: 'notModified' }
  | { kind: 'timeout' }
  | { kind: 'failure' };

/** The newest frame, conditional on the ETag of the one shown (200, 304, 408). */
export async function getSnapshot(input: {
  printerId: number;
  etag: string | null;
  signal?: AbortSignal;
}): Promise<SnapshotAnswer> {
  const response = await apiClient.requestResponse({
    path: apiPath('/printers/{id}/snapshot/', { id: input.printerId }),
    headers: input.etag ? { 'If-None-Match': input.etag } : {},
    signal: input.signal,
  });
  if (response.status === 304) return { kind: 'notModified' };
  if (response.status === 408) return { kind: 'timeout' };
  if (!response.ok) return { kind: 'failure' };
  return { kind: 'image', blob: await response.blob(), etag: response.headers.get('ETag') };
}
