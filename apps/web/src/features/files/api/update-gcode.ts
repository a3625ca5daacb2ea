import { GcodeSchema, type Gcode, type GcodeUpdateSchema } from '@printdeck/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS, type RequestMeta } from '../../../api/query-meta';
import { gcodeQueryKey, invalidateGcodeLists } from '../../../shared/gcodes';

/** The wire form: '' clears the filament type, 'NULL' the colour. */
export type GcodeUpdateBody = z.input<typeof GcodeUpdateSchema>;

export interface GcodeUpdateInput {
  workspaceId: number;
  gcodeId: number;
  body: GcodeUpdateBody;
}

export function updateGcode({ workspaceId, gcodeId, body }: GcodeUpdateInput): Promise<Gcode> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/groups/{g}/files/{id}/', { g: workspaceId, id: gcodeId }),
    body,
    schema: GcodeSchema,
  });
}

/** A changed file: its detail takes the answer, the lists reload. */
export function storeChangedGcode(queryClient: QueryClient, workspaceId: number, gcode: Gcode) {
  queryClient.setQueryData(gcodeQueryKey(workspaceId, gcode.id), gcode);
  return invalidateGcodeLists(queryClient, workspaceId);
}

export function useUpdateGcode(meta?: RequestMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGcode,
    onSuccess: (gcode, { workspaceId }) => storeChangedGcode(queryClient, workspaceId, gcode),
    meta,
  });
}

/**
 * Sets the labels of one or several files, one call each. A refusal is for the caller to
 * explain ("Label assign problem", spec §8).
 */
export function useAssignGcodeLabels(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { gcodeIds: readonly number[]; labelIds: number[] }) => {
      for (const gcodeId of input.gcodeIds) {
        const gcode = await updateGcode({
          workspaceId,
          gcodeId,
          body: { fileLabels: input.labelIds },
        });
        queryClient.setQueryData(gcodeQueryKey(workspaceId, gcode.id), gcode);
      }
    },
    onSettled: () => invalidateGcodeLists(queryClient, workspaceId),
    meta: INLINE_ERRORS,
  });
}
