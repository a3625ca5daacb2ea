import { Anchor, Box, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { Video } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { formatDate } from '../../../lib/format-date';
import { VideoStateBadge } from '../../../shared/videos/components/VideoStateBadge';
import { VideoThumbnail } from './VideoThumbnail';

interface VideoCardProps {
  video: Video;
  isSelecting: boolean;
  isSelected: boolean;
  onToggle: () => void;
}

/** One video: its thumbnail (the strip's frames on hover), name, printer, who and when, state. */
export function VideoCard({ video, isSelecting, isSelected, onToggle }: VideoCardProps) {
  const { t } = useTranslation();
  const path = getScreenPath('videoDetail', { id: video.id }) ?? '';
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="video-card"
      data-video-id={video.id}
      onClick={isSelecting ? onToggle : undefined}
      style={{ cursor: isSelecting ? 'pointer' : undefined }}
    >
      <Stack gap="xs">
        <VideoThumbnail video={video} />
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {isSelecting && (
              <Checkbox
                checked={isSelected}
                onChange={onToggle}
                onClick={(event) => event.stopPropagation()}
                aria-label={t('videos.select', { name: video.name })}
                disabled={!video.can_change}
              />
            )}
            <Stack gap={0} style={{ minWidth: 0 }}>
              {isSelecting ? (
                <Text fw={600} truncate>
                  {video.name}
                </Text>
              ) : (
                <Anchor component={Link} to={path} fw={600} truncate>
                  {video.name}
                </Anchor>
              )}
              <Text size="xs" c="dimmed" truncate>
                {video.print_job.printer_name} · {video.print_job.username} ·{' '}
                {formatDate(video.created_on)}
              </Text>
            </Stack>
          </Group>
          {/* the state keeps its words; the name and the line under it give way */}
          <Box style={{ flexShrink: 0 }}>
            <VideoStateBadge state={video.state} />
          </Box>
        </Group>
      </Stack>
    </Paper>
  );
}
