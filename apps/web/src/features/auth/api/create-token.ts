import { TokenPairSchema, type TokenCreate, type TokenPair } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { tokenStore } from '../../../session/session';

/** Sign-in; the username is the e-mail, sent lower-cased. */
export function createToken({ username, password }: TokenCreate): Promise<TokenPair> {
  return apiClient.request({
    method: 'POST',
    path: '/tokens/',
    body: { username: username.trim().toLowerCase(), password },
    schema: TokenPairSchema,
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
