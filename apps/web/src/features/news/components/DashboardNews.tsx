import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNews } from '../api/get-news';
import { NewsList } from './NewsList';

const DASHBOARD_NEWS_MAX = 5;

/** The newest news on the dashboard; nothing while there is none. */
export function DashboardNews() {
  const { t } = useTranslation();
  const news = useNews();
  const items = news.data?.results.slice(0, DASHBOARD_NEWS_MAX) ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('news.title')}>
      <Title order={2} size="h4">
        {t('news.title')}
      </Title>
      <NewsList items={items} hasPerex={false} />
    </Stack>
  );
}
