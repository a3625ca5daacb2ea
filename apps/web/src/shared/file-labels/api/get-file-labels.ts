import { FileLabelSchema, type FileLabel } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export const fileLabelsQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'file-labels'] as const;

/** The workspace's labels, flat; the client builds the tree from parent_id. */
export function getFileLabels(workspaceId: number, signal?: AbortSignal): Promise<FileLabel[]> {
  return apiClient.request({
    path: apiPath('/groups/{g}/file-labels/', { g: workspaceId }),
    schema: z.array(FileLabelSchema),
    signal,
  });
}

export function getFileLabelsQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: fileLabelsQueryKey(workspaceId),
    queryFn: ({ signal }) => getFileLabels(workspaceId, signal),
  });
}

export function useFileLabels(workspaceId: number) {
  return useQuery(getFileLabelsQueryOptions(workspaceId));
}
