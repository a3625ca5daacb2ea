import { InviteAnalysisSchema, type InviteAnalysis } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';

export function analyzeInvites(input: {
  workspaceId: number;
  emails: string[];
}): Promise<InviteAnalysis> {
  return apiClient.request({
    method: 'POST',
    path: `/groups/${input.workspaceId}/users/analyze/`,
    body: { emails: input.emails },
    schema: InviteAnalysisSchema,
  });
}

export function useAnalyzeInvites(workspaceId: number) {
  return useMutation({
    mutationFn: (emails: string[]) => analyzeInvites({ workspaceId, emails }),
    meta: INLINE_ERRORS,
  });
}
