import { GcodeSchema, type Gcode } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { gcodesQueryKey } from './get-gcodes';

export const gcodeQueryKey = (workspaceId: number, gcodeId: number) =>
  [...gcodesQueryKey(workspaceId), gcodeId] as const;

export function getGcode(workspaceId: number, gcodeId: number, signal?: AbortSignal) {
  return apiClient.request({
    path: apiPath('/groups/{g}/files/{id}/', { g: workspaceId, id: gcodeId }),
    schema: GcodeSchema,
    signal,
  });
}

/** The detail page explains its errors itself: "Gcode not found", or "Gcode problem". */
export function getGcodeQueryOptions(workspaceId: number, gcodeId: number) {
  return queryOptions<Gcode>({
    queryKey: gcodeQueryKey(workspaceId, gcodeId),
    queryFn: ({ signal }) => getGcode(workspaceId, gcodeId, signal),
    enabled: Number.isInteger(gcodeId) && gcodeId > 0,
    retry: false,
    meta: INLINE_ERRORS,
  });
}

export function useGcode(workspaceId: number, gcodeId: number) {
  return useQuery(getGcodeQueryOptions(workspaceId, gcodeId));
}
