import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { PageLoader } from '../../../components/PageLoader';
import { SCREEN_PATHS } from '../../../config/screens';
import { formatDate } from '../../../lib/format-date';
import { useNews } from '../api/get-news';
import { useSetNewsRead } from '../api/set-news-read';

const NewsMarkdown = lazy(() => import('./NewsMarkdown'));

/** One item: opening it marks it read; Mark as unread reverses that. */
export function NewsDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const news = useNews();
  const setRead = useSetNewsRead();
  const item = news.data?.results.find((entry) => entry.id === id);
  const markedFor = useRef<number | null>(null);

  useEffect(() => {
    if (!item || markedFor.current === item.id) return;
    markedFor.current = item.id;
    if (!item.is_read) setRead.mutate({ id: item.id, isRead: true });
  }, [item, setRead]);

  const back = <BackLink to={SCREEN_PATHS.news}>{t('news.back')}</BackLink>;
  if (!news.data) return <PageLoader />;
  if (!item) {
    return (
      <Stack gap="md">
        {back}
        <Text>{t('news.notFound')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={820}>
      {back}
      <Title order={1} size="h2">
        {item.title}
      </Title>
      <Text size="sm" c="dimmed">
        {formatDate(item.date)}
      </Text>
      <Paper withBorder p="lg">
        <Suspense fallback={<PageLoader />}>
          <NewsMarkdown content={item.content || item.perex} />
        </Suspense>
      </Paper>
      <Group>
        <Button
          variant="default"
          disabled={!item.is_read}
          loading={setRead.isPending}
          onClick={() => setRead.mutate({ id: item.id, isRead: false })}
        >
          {t('news.markUnread')}
        </Button>
      </Group>
    </Stack>
  );
}
