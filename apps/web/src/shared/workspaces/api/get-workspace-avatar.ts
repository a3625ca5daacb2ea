import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { SILENT_ERRORS } from '../../../api/query-meta';

/** The picture needs the bearer, so it comes as a blob and is shown by an object URL. */
export async function getWorkspaceAvatar(input: {
  id: number;
  filename: string;
  signal?: AbortSignal;
}): Promise<Blob> {
  const response = await apiClient.requestResponse({
    path: `${apiPath('/groups/{g}/avatar', { g: input.id })}?filename=${encodeURIComponent(input.filename)}`,
    signal: input.signal,
  });
  if (!response.ok) throw new Error(`Avatar: HTTP ${response.status}`);
  return response.blob();
}

export function useWorkspaceAvatar(id: number, filename: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['groups', id, 'avatar', filename] as const,
      queryFn: ({ signal }) => getWorkspaceAvatar({ id, filename: filename ?? '', signal }),
      enabled: filename !== null,
      staleTime: Infinity,
      meta: SILENT_ERRORS,
    }),
  );
}
