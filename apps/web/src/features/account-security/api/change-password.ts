import type { PasswordChange } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { sessionsQueryKey } from './get-sessions';

/** The current password is asked again; every other session ends. */
export function changePassword(body: PasswordChange): Promise<void> {
  return apiClient.request({ method: 'POST', path: '/users/me/password/', body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
    meta: INLINE_ERRORS,
  });
}
