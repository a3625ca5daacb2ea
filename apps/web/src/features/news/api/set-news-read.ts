import { NewsReadResultSchema, type NewsList } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { newsQueryKey } from './get-news';

type NewsReadResult = z.infer<typeof NewsReadResultSchema>;

export function setNewsRead(input: { id: number; isRead: boolean }): Promise<NewsReadResult> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/users/me/news/{newsId}/', { newsId: input.id }),
    body: { is_read: input.isRead } satisfies ApiRequestBody<'/users/me/news/{newsId}/', 'post'>,
    schema: NewsReadResultSchema,
  });
}

/** Updates the cached lists at once, so the dot and the envelope follow without a reload. */
export function useSetNewsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNewsRead,
    onSuccess: (result) =>
      queryClient.setQueriesData<NewsList>({ queryKey: newsQueryKey }, (list) =>
        list
          ? {
              unread_count: result.unread_count,
              results: list.results.map((item) =>
                item.id === result.id ? { ...item, is_read: result.is_read } : item,
              ),
            }
          : list,
      ),
  });
}
