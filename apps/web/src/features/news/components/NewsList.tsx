import { Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { NewsItem } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { formatDate } from '../../../lib/format-date';

/** Items with their unread dot, title, date and perex; each opens its detail. */
export function NewsList({
  items,
  hasPerex = true,
}: {
  items: readonly NewsItem[];
  /** the dashboard shows title and date only */
  hasPerex?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.id}>
          <Paper withBorder p="sm">
            <UnstyledButton
              component={Link}
              to={getScreenPath('newsDetail', { id: item.id }) ?? '/'}
            >
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Box
                  w={8}
                  h={8}
                  style={{
                    borderRadius: '50%',
                    flexShrink: 0,
                    background: item.is_read ? 'transparent' : 'var(--mantine-color-red-6)',
                  }}
                  role={item.is_read ? undefined : 'img'}
                  aria-label={item.is_read ? undefined : t('news.unread')}
                />
                <Text fw={item.is_read ? 500 : 700}>{item.title}</Text>
                <Text size="xs" c="dimmed">
                  {formatDate(item.date)}
                </Text>
              </Group>
              {hasPerex && item.perex && (
                <Text size="sm" c="dimmed" mt={4}>
                  {item.perex}
                </Text>
              )}
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
