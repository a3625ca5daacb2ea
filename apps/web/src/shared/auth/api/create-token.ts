import {
  REFRESH_COOKIE_HEADER,
  TokenPairSchema,
  type TokenCreate,
  type TokenPair,
} from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { tokenStore } from '../../../session/session';

/** Sign-in; the username is the e-mail, sent lower-cased. The refresh token comes as a cookie. */
export function createToken({ username, password, otp }: TokenCreate): Promise<TokenPair> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/tokens/'),
    body: { username: username.trim().toLowerCase(), password, ...(otp ? { otp } : {}) },
    schema: TokenPairSchema,
    headers: { [REFRESH_COOKIE_HEADER]: '1' },
    isAnonymous: true,
  });
}

export function useCreateToken() {
  return useMutation({
    mutationFn: createToken,
    onSuccess: (pair) => tokenStore.save(pair),
    meta: INLINE_ERRORS,
  });
}
