import { FileDownloadLinkSchema, type FileDownloadLink } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export function getDownloadLink(input: {
  workspaceId: number;
  gcodeId: number;
}): Promise<FileDownloadLink> {
  return apiClient.request({
    path: apiPath('/groups/{g}/files/{id}/download-link/', {
      g: input.workspaceId,
      id: input.gcodeId,
    }),
    schema: FileDownloadLinkSchema,
  });
}

/**
 * Download: a short-lived signed link, then the browser goes there; the answer is an
 * attachment, so the page stays. The access token never appears in a URL.
 */
export function useDownloadGcode() {
  return useMutation({
    mutationFn: getDownloadLink,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
