import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { getScreenPath } from '../../../config/screens';
import { useMe } from '../../../shared/account/api/get-me';
import { useNews } from '../api/get-news';
import { NewsList } from './NewsList';

export function NewsPage() {
  const { t } = useTranslation();
  const news = useNews();
  const me = useMe();
  const adminPath = getScreenPath('adminNews');
  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('news.title')}
        </Title>
        {me.data?.is_admin && adminPath && (
          <Button component={Link} to={adminPath} variant="default" size="xs">
            {t('news.manage')}
          </Button>
        )}
      </Group>
      {!news.data ? (
        <PageLoader />
      ) : news.data.results.length === 0 ? (
        <Text c="dimmed">{t('news.empty')}</Text>
      ) : (
        <NewsList items={news.data.results} />
      )}
    </Stack>
  );
}
