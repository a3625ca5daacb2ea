import { Anchor, Box, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { TIMELAPSE, type Video } from '@printdeck/shared';
import { IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import { formatDate } from '../../../lib/format-date';
import { VideoStateBadge } from './VideoStateBadge';

interface VideoCardProps {
  video: Video;
  isSelecting: boolean;
  isSelected: boolean;
  onToggle: () => void;
}

/** One video: its strip of 20 frames, name, printer, who and when, and its state. */
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
        <Box
          style={{
            aspectRatio: `${TIMELAPSE.stripImages * 4} / 3`,
            background: 'var(--mantine-color-default-hover)',
            borderRadius: 4,
            overflow: 'hidden',
          }}
        >
          {video.links.photo_stripe ? (
            <img
              src={video.links.photo_stripe}
              alt={t('videos.stripAlt', { name: video.name })}
              data-testid="video-strip"
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Group h="100%" justify="center">
              <IconVideoOff size={20} color="var(--mantine-color-dimmed)" aria-hidden />
            </Group>
          )}
        </Box>
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
          <VideoStateBadge state={video.state} />
        </Group>
      </Stack>
    </Paper>
  );
}
