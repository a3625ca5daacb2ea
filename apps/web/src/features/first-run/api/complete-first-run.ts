import {
  REFRESH_COOKIE_HEADER,
  TokenPairSchema,
  type FirstRunCreate,
  type TokenPair,
} from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { SILENT_ERRORS } from '../../../api/query-meta';
import { tokenStore } from '../../../session/session';

/** Creates the first account and signs it in; the refresh token comes as a cookie. */
export function completeFirstRun(body: FirstRunCreate): Promise<TokenPair> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/first-run/'),
    body: body satisfies ApiRequestBody<'/first-run/', 'post'>,
    schema: TokenPairSchema,
    headers: { [REFRESH_COOKIE_HEADER]: '1' },
    isAnonymous: true,
  });
}

export function useCompleteFirstRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeFirstRun,
    onSuccess: (pair) => {
      tokenStore.save(pair);
      queryClient.removeQueries({ queryKey: ['first-run'] });
    },
    // the welcome page explains every error itself, also a lost connection
    meta: SILENT_ERRORS,
  });
}
