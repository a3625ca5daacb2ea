import type { PasswordResetConfirm } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export function confirmPasswordReset(body: PasswordResetConfirm): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/password-reset/confirm/'),
    body: body satisfies ApiRequestBody<'/users/password-reset/confirm/', 'post'>,
    isAnonymous: true,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset, meta: INLINE_ERRORS });
}
