import { GcodeSchema, type Gcode } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
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
    path: apiPath('/groups/{g}/files/{id}/public/', { g: workspaceId, id: gcodeId }),
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
