import { InviteAnalysisSchema, type InviteAnalysis } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export function analyzeInvites(input: {
  workspaceId: number;
  emails: string[];
}): Promise<InviteAnalysis> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/groups/{g}/users/analyze/', { g: input.workspaceId }),
    body: { emails: input.emails } satisfies ApiRequestBody<'/groups/{g}/users/analyze/', 'post'>,
    schema: InviteAnalysisSchema,
  });
}

export function useAnalyzeInvites(workspaceId: number) {
  return useMutation({
    mutationFn: (emails: string[]) => analyzeInvites({ workspaceId, emails }),
    meta: INLINE_ERRORS,
  });
}
