import { useMutation } from '@tanstack/react-query';
import { readErrorResponse } from '../../../api/api-error';
import { API_BASE, apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export interface PrintLogRange {
  /** YYYY-MM-DD, both included; absent: the last year (as statistics) */
  dateFrom?: string;
  dateTo?: string;
}

const fileNameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'print-log.csv';

/**
 * The print log as CSV (issue 26). The server streams it; it needs the bearer, so the browser
 * takes it as a blob and saves it through an object URL.
 */
export async function downloadPrintLog(workspaceId: number, range: PrintLogRange): Promise<void> {
  const query = new URLSearchParams({
    ...(range.dateFrom && { date_from: range.dateFrom }),
    ...(range.dateTo && { date_to: range.dateTo }),
  }).toString();
  const path = `${apiPath('/groups/{g}/print-jobs/export/', { g: workspaceId })}${query ? `?${query}` : ''}`;
  const response = await apiClient.requestResponse({ path, headers: { Accept: 'text/csv' } });
  if (!response.ok)
    throw await readErrorResponse(response, { method: 'GET', url: API_BASE + path });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own copy once started
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadPrintLog(workspaceId: number) {
  return useMutation({
    mutationFn: (range: PrintLogRange) => downloadPrintLog(workspaceId, range),
  });
}
