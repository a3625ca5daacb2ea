import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export type SnapshotAnswer =
  | { kind: 'image'; blob: Blob; etag: string | null }
  | { kind: 'notModified' }
  | { kind: 'timeout' }
  /** a Bambu X1/H2 whose "LAN Only Liveview" is off (409, details.reason `liveview-off`) */
  | { kind: 'liveviewOff' }
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
  if (response.status === 409 && (await isLiveviewOff(response))) return { kind: 'liveviewOff' };
  if (!response.ok) return { kind: 'failure' };
  return { kind: 'image', blob: await response.blob(), etag: response.headers.get('ETag') };
}

async function isLiveviewOff(response: Response): Promise<boolean> {
  const body: unknown = await response.json().catch(() => null);
  const details = (body as { details?: { reason?: unknown } } | null)?.details;
  return details?.reason === 'liveview-off';
}
