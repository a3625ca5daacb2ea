import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { readErrorResponse } from '../../../api/api-error';
import { SILENT_ERRORS } from '../../../api/query-meta';

/** The image bytes, or null when the server has none (404 is not an error here, spec §7.3). */
export async function getPreviewImage(
  gcodeId: number,
  imageId: number,
  signal?: AbortSignal,
): Promise<Blob | null> {
  const path = apiPath('/files/{id}/preview-images/{imageId}/', { id: gcodeId, imageId });
  const response = await apiClient.requestResponse({ path, signal });
  if (response.status === 404) return null;
  if (!response.ok) throw await readErrorResponse(response, { method: 'GET', url: path });
  return response.blob();
}

/**
 * An object URL of the preview (spec §7.7), revoked when no longer shown; null while loading
 * or when the preview is not available.
 */
export function usePreviewImageUrl(gcodeId: number, imageId: number | undefined) {
  const image = useQuery(
    queryOptions({
      queryKey: ['files', gcodeId, 'preview-images', imageId],
      queryFn: ({ signal }) => getPreviewImage(gcodeId, imageId!, signal),
      enabled: imageId !== undefined,
      staleTime: Infinity,
      retry: false,
      meta: SILENT_ERRORS,
    }),
  );
  const blob = image.data ?? null;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  const isMissing = imageId === undefined || image.isError || image.data === null;
  return { url, isMissing };
}
