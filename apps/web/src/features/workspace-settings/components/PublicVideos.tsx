import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PublicVideo } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';

/** The public timelapse videos of a public profile: a poster frame each, played in place. */
export function PublicVideos({ videos }: { videos: readonly PublicVideo[] }) {
  const { t } = useTranslation();
  if (videos.length === 0) return null;
  const title = t('workspaceSettings.publicVideos', { count: videos.length });
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {videos.map((video) => (
          <Card key={video.id} withBorder padding="sm" data-testid="public-video">
            <Card.Section>
              <video
                controls
                preload="none"
                poster={video.photo_url}
                src={video.video_url}
                style={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: '4 / 3',
                  background: '#000',
                }}
                aria-label={video.name}
              />
            </Card.Section>
            <Stack gap={2} mt="xs">
              <Text fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {video.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(video.created_on)}
              </Text>
              <Anchor href={video.video_url} download size="sm">
                {t('workspaceSettings.downloadVideo')}
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
