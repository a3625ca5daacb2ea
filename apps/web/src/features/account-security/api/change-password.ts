import type { PasswordChange } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { sessionsQueryKey } from './get-sessions';

/** The current password is asked again; every other session ends. */
export function changePassword(body: PasswordChange): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/me/password/'),
    body: body satisfies ApiRequestBody<'/users/me/password/', 'post'>,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
    meta: INLINE_ERRORS,
  });
}
