import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { apiKeysQueryKey } from './get-api-keys';

export function deleteApiKey(id: number): Promise<void> {
  return apiClient.request({ method: 'DELETE', path: apiPath('/users/me/api_keys/{id}/', { id }) });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
