import { EmptyResponseSchema, type PasswordResetRequest } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** The server mails a link to /password-reset/confirm?reset=TOKEN. */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  await apiClient.request({
    method: 'POST',
    path: apiPath('/users/password-reset/request/'),
    body: body satisfies ApiRequestBody<'/users/password-reset/request/', 'post'>,
    schema: EmptyResponseSchema,
    isAnonymous: true,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: INLINE_ERRORS });
}
