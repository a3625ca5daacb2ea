import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { telegramStatusQueryKey } from './get-telegram-status';

export function unlinkTelegram(): Promise<void> {
  return apiClient.request({ method: 'DELETE', path: apiPath('/telegram/register/') });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: telegramStatusQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    },
    meta: INLINE_ERRORS,
  });
}
