import { NewsListSchema, type NewsList } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { SILENT_ERRORS } from '../../../api/query-meta';

export type NewsLanguage = 'EN' | 'CS';

export const newsQueryKey = ['users', 'me', 'news'] as const;

export function toNewsLanguage(language: string | undefined): NewsLanguage {
  return language?.toLowerCase().startsWith('cs') ? 'CS' : 'EN';
}

export function getNews(lang: NewsLanguage, signal?: AbortSignal): Promise<NewsList> {
  return apiClient.request({
    path: `${apiPath('/users/me/news/')}?lang=${lang}`,
    schema: NewsListSchema,
    signal,
  });
}

export function getNewsQueryOptions(lang: NewsLanguage) {
  return queryOptions({
    queryKey: [...newsQueryKey, lang] as const,
    queryFn: ({ signal }) => getNews(lang, signal),
  });
}

export function useNews() {
  const { i18n } = useTranslation();
  return useQuery(getNewsQueryOptions(toNewsLanguage(i18n.language)));
}

/** For the header envelope: a failure there only hides the envelope. */
export function useNewsSummary(): { hasNews: boolean; unreadNews: number } {
  const { i18n } = useTranslation();
  const news = useQuery({
    ...getNewsQueryOptions(toNewsLanguage(i18n.language)),
    meta: SILENT_ERRORS,
  });
  return {
    hasNews: (news.data?.results.length ?? 0) > 0,
    unreadNews: news.data?.unread_count ?? 0,
  };
}
