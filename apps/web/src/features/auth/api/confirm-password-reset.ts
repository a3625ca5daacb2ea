import type { PasswordResetConfirm } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';

export function confirmPasswordReset(body: PasswordResetConfirm): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: '/users/password-reset/confirm/',
    body,
    isAnonymous: true,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset, meta: INLINE_ERRORS });
}
