import { TelegramLinkCodeSchema, type TelegramLinkCode } from '@printdeck/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** A one-time t.me deep link; the bot links the chat it is opened in. */
export function createTelegramLinkCode(): Promise<TelegramLinkCode> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/telegram/link-code/'),
    schema: TelegramLinkCodeSchema,
  });
}

export function useCreateTelegramLinkCode() {
  return useMutation({ mutationFn: createTelegramLinkCode, meta: INLINE_ERRORS });
}
