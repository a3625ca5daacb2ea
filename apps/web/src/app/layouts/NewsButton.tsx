import { ActionIcon, Indicator } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../config/screens';
import type { Navigation } from '../navigation/navigation';

/** The envelope to News, with a red dot while something is unread. */
export function NewsButton({ news }: { news: Navigation['news'] }) {
  const { t } = useTranslation();
  const path = getScreenPath('news');
  if (!news.isVisible || !path) return null;
  return (
    <Indicator color="red" size={9} offset={4} disabled={!news.hasUnread}>
      <ActionIcon
        component={Link}
        to={path}
        variant="default"
        size="lg"
        aria-label={news.hasUnread ? t('nav.newsUnread') : t('nav.news')}
      >
        <IconMail size={18} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}
