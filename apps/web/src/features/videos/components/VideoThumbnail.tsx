import { Box, Group } from '@mantine/core';
import { TIMELAPSE, type Video } from '@printdeck/shared';
import { IconVideoOff } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

const FRAMES = TIMELAPSE.stripImages;

/** Which of the strip's frames the pointer's place across the thumbnail stands for. */
export function getStripFrame(pointerX: number, width: number): number {
  if (width <= 0) return 0;
  return Math.min(FRAMES - 1, Math.max(0, Math.floor((pointerX / width) * FRAMES)));
}

/**
 * A video's readable thumbnail (its poster, 4:3); moving the pointer across it runs through
 * the strip's frames one at a time, each as large as the thumbnail. The whole strip is on the
 * video's page.
 */
export function VideoThumbnail({ video }: { video: Video }) {
  const { t } = useTranslation();
  const [frame, setFrame] = useState<number | null>(null);
  const { photo, photo_stripe: strip } = video.links;
  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setFrame(getStripFrame(event.clientX - box.left, box.width));
  };
  return (
    <Box
      onMouseMove={strip ? onMove : undefined}
      onMouseLeave={() => setFrame(null)}
      style={{
        position: 'relative',
        aspectRatio: '4 / 3',
        background: 'var(--mantine-color-default-hover)',
        borderRadius: 4,
        overflow: 'hidden',
      }}
    >
      {photo ? (
        <img
          src={photo}
          alt={t('videos.thumbnailAlt', { name: video.name })}
          data-testid="video-thumbnail"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Group h="100%" justify="center">
          <IconVideoOff size={24} color="var(--mantine-color-dimmed)" aria-hidden />
        </Group>
      )}
      {strip && frame !== null && (
        <div
          role="img"
          aria-label={t('videos.stripFrame', { frame: frame + 1, frames: FRAMES })}
          data-testid="video-strip-frame"
          data-frame={frame}
          style={{
            position: 'absolute',
            inset: 0,
            backgroundImage: `url("${strip}")`,
            backgroundSize: `${FRAMES * 100}% 100%`,
            backgroundPosition: `${(frame / (FRAMES - 1)) * 100}% 0`,
          }}
        />
      )}
    </Box>
  );
}
