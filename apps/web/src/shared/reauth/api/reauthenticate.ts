import type { Reauth } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** The password again (and the code with two-factor on) before a sensitive change. */
export function reauthenticate(body: Reauth): Promise<void> {
  return apiClient.request({ method: 'POST', path: apiPath('/users/me/reauth/'), body });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate, meta: INLINE_ERRORS });
}

/** The server wants a re-authentication before this change. */
export function isReauthRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 'reauth_required';
}
