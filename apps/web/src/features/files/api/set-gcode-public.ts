import { GcodeSchema, type Gcode } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { storeChangedGcode } from './update-gcode';

export interface GcodePublicInput {
  workspaceId: number;
  gcodeId: number;
  isPublic: boolean;
}

/** PUT makes the file public, DELETE private again. */
export function setGcodePublic({ workspaceId, gcodeId, isPublic }: GcodePublicInput) {
  return apiClient.request<Gcode>({
    method: isPublic ? 'PUT' : 'DELETE',
    path: `/groups/${workspaceId}/files/${gcodeId}/public/`,
    schema: GcodeSchema,
  });
}

export function useSetGcodePublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGcodePublic,
    onSuccess: (gcode, { workspaceId }) => storeChangedGcode(queryClient, workspaceId, gcode),
  });
}
