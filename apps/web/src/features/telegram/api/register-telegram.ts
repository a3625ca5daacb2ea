import {
  TelegramStatusSchema,
  type TelegramLoginData,
  type TelegramStatus,
} from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { telegramStatusQueryKey } from './get-telegram-status';

/** The Login Widget's signed data; 400 with the reason when the server refuses it. */
export function registerTelegram(telegramData: TelegramLoginData): Promise<TelegramStatus> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/telegram/register/'),
    body: { telegram_data: telegramData } satisfies ApiRequestBody<'/telegram/register/', 'post'>,
    schema: TelegramStatusSchema,
  });
}

export function useRegisterTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerTelegram,
    onSuccess: (status) => {
      queryClient.setQueryData(telegramStatusQueryKey, status);
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    },
    meta: INLINE_ERRORS,
  });
}
