import {
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  type RecoveryCodes,
  type TwoFactorSetup,
} from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** Step 1: a new secret for the authenticator app (pending until a code confirms it). */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/me/two-factor/setup/'),
    schema: TwoFactorSetupSchema,
  });
}

/** Step 2: a code from the app turns it on; the recovery codes come back once. */
export function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/me/two-factor/enable/'),
    body: { code } satisfies ApiRequestBody<'/users/me/two-factor/enable/', 'post'>,
    schema: RecoveryCodesSchema,
  });
}

export function disableTwoFactor(): Promise<void> {
  return apiClient.request({ method: 'DELETE', path: apiPath('/users/me/two-factor/') });
}

const invalidateMe = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['users', 'me'] });

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup, meta: INLINE_ERRORS });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => invalidateMe(queryClient),
    meta: INLINE_ERRORS,
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => invalidateMe(queryClient),
    meta: INLINE_ERRORS,
  });
}
