import { ApiKeyCreatedSchema, type ApiKeyCreate, type ApiKeyCreated } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { apiKeysQueryKey } from './get-api-keys';

/** The answer carries the key itself: the only time it is shown. */
export function createApiKey(body: ApiKeyCreate): Promise<ApiKeyCreated> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/me/api_keys/'),
    body: body satisfies ApiRequestBody<'/users/me/api_keys/', 'post'>,
    schema: ApiKeyCreatedSchema,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
    meta: INLINE_ERRORS,
  });
}
