import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { SILENT_ERRORS } from '../../../api/query-meta';

/** Revokes this session on the server. */
export function deleteToken(): Promise<void> {
  return apiClient.request({ method: 'DELETE', path: apiPath('/tokens/mine/') });
}

/** Logout goes on whatever the server answers, so its errors are silent. */
export function useDeleteToken() {
  return useMutation({ mutationFn: deleteToken, meta: SILENT_ERRORS });
}
